import { useNotifications } from '@fleet/shared-api';
import { FleetToaster, showToast } from '@fleet/shared-ui';
import { useEffect } from 'react';

/** Inside the console the shell shows notify() messages; alone, this page does. */
export function StandaloneToasts() {
  const items = useNotifications((state) => state.items);
  const dismiss = useNotifications((state) => state.dismiss);
  useEffect(() => {
    for (const item of items) {
      showToast(item.message, item.messageType, item.timer);
      dismiss(item.id);
    }
  }, [items, dismiss]);
  return <FleetToaster />;
}
