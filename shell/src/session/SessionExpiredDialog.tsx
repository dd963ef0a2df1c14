// The spec's token-expired modal. The session renews itself silently (shared-api: keep-alive, and a
// 401 renews and retries once); this shows only when that renewal was refused or failed
// (docs/architecture.md, Session and API). Exit signs out; Renew tries once more and, if that fails,
// signs out too. After a Renew every remote root reads its screens again (useOnSessionRenewed).
import { useState } from 'react';
import { useTranslation, Button, Portal, Text } from '@fleet/shared-ui';
import { Dialog } from '@fleet/shared-ui/overlays';
import { useNavigate, useSession } from '@fleet/shared-api';

export function SessionExpiredDialog() {
  const { t } = useTranslation('shell');
  const navigate = useNavigate();
  const expired = useSession((s) => s.sessionExpired);
  const [renewing, setRenewing] = useState(false);

  const exit = () => {
    useSession.getState().signOut();
    navigate('/login', { replace: true });
  };

  const renew = async () => {
    setRenewing(true);
    try {
      const ok = await useSession.getState().renew();
      if (!ok) exit();
    } finally {
      setRenewing(false);
    }
  };

  return (
    <Dialog.Root
      open={expired}
      role="alertdialog"
      closeOnInteractOutside={false}
      closeOnEscape={false}
      placement="center"
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>{t('session.title')}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Text>{t('session.text')}</Text>
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={exit} disabled={renewing}>
                {t('session.exit')}
              </Button>
              <Button colorPalette="teal" onClick={() => void renew()} loading={renewing}>
                {t('session.renew')}
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
