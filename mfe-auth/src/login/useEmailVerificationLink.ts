import { notify, useSearchParams } from '@fleet/shared-api';
import { useMutation } from '@fleet/shared-api/query';
import { useEffect, useRef } from 'react';
import { verifyEmail } from '../api/sign-in';

/**
 * The sign-up mail links to `/login?verify=<token>`: confirm the address once, tell the user, and
 * drop the token from the address bar so a reload does not spend it again.
 */
export function useEmailVerificationLink(): { verifying: boolean } {
  const [searchParams, setSearchParams] = useSearchParams();
  const token = searchParams.get('verify');
  const handled = useRef<string | null>(null);
  const mutation = useMutation({
    mutationFn: verifyEmail,
    onSuccess: (answer) => notify.success(answer),
    onError: (err) => notify.failure(err),
  });
  const { mutate } = mutation;

  useEffect(() => {
    if (!token || handled.current === token) return;
    handled.current = token;
    mutate({ token });
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('verify');
        return next;
      },
      { replace: true },
    );
  }, [token, mutate, setSearchParams]);

  return { verifying: mutation.isPending };
}
