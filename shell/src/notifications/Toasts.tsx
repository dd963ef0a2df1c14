// shared-api's notifications (any remote can push one) shown through shared-ui's toaster: bottom
// right, success or error, 4000 ms unless the item says otherwise; only the timer or the close button
// ends one (spec 9).
import { useEffect } from 'react';
import { FleetToaster, showToast } from '@fleet/shared-ui';
import { useNotifications } from '@fleet/shared-api';

export function Toasts() {
  const items = useNotifications((s) => s.items);
  useEffect(() => {
    if (items.length === 0) return;
    const { dismiss } = useNotifications.getState();
    for (const item of items) {
      showToast(item.message, item.messageType, item.timer);
      dismiss(item.id); // the toaster owns it now
    }
  }, [items]);
  return <FleetToaster />;
}
