import { homePath, isProductKey, LOGIN_TOAST_TIMER, notify, SELECTED_PRODUCT_KEY, useSession, useNavigate, type OtpAnswer } from '@fleet/shared-api';
import { useCallback } from 'react';
import { clearPendingLogin } from '../login/pendingLogin';

// The last step of every sign-in (the code screen's, a passkey's): the session kept, the server's
// sentence as the sign-in toast, and home for the role (the stored product's, when there is one).

function selectedProduct() {
  const value = localStorage.getItem(SELECTED_PRODUCT_KEY);
  return isProductKey(value) ? value : null;
}

/** Signs in with a sign-in answer; a half-done password attempt is forgotten. */
export function useSignedIn(): (answer: OtpAnswer) => void {
  const navigate = useNavigate();
  const signIn = useSession((state) => state.signIn);
  return useCallback(
    ({ said, session }: OtpAnswer) => {
      clearPendingLogin();
      signIn(session);
      if (said.message) notify.success(said, LOGIN_TOAST_TIMER);
      navigate(homePath(session.info.user_type, selectedProduct()), { replace: true });
    },
    [navigate, signIn],
  );
}
