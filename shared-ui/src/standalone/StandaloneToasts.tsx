import { useNotifications } from '@fleet/shared-api';
import { FleetToaster, showToast } from '@fleet/shared-ui';
import { useEffect } from 'react';

/** Inside the console the shell shows notify() messages; alone, the standalone page does. */
export function StandaloneToasts() {
  const items = useNotifications((state) => state.items);
  useEffect(() => {
    if (items.length === 0) return;
    const { dismiss } = useNotifications.getState();
    for (const item of items) {
      dismiss(item.id); // the toaster owns it now
      // the toaster flushes React synchronously; never from inside this effect's commit
      queueMicrotask(() => showToast(item.message, item.messageType, item.timer));
    }
  }, [items]);
  return <FleetToaster />;
}
