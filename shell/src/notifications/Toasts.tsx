// shared-api's notifications (any remote can push one) shown through shared-ui's toaster: bottom
// right, success or error, 4000 ms unless the item says otherwise; only the timer or the close button
// ends one (spec 9).
import { useEffect } from 'react';
import { FleetToaster, showToast } from '@fleet/shared-ui';
import { GENERIC_ERROR_MESSAGE, NETWORK_ERROR_MESSAGE, useNotifications } from '@fleet/shared-api';
import i18next from 'i18next';

/**
 * The error catalogue's own messages (spec 8; shared-api words them in English) in the page's
 * language. A server's sentence arrives already in it (shared-api's serverText translates it by its
 * code when it is pushed, through the translator of i18n/i18n.ts); one without a code stays English
 * (docs/architecture.md, "Languages").
 */
const CATALOGUE: Record<string, string> = {
  [NETWORK_ERROR_MESSAGE]: 'shell:catalogue.network',
  [GENERIC_ERROR_MESSAGE]: 'ui:common.somethingWrong',
};

function toastText(message: string): string {
  return Object.hasOwn(CATALOGUE, message) ? i18next.t(CATALOGUE[message] as string) : message;
}

export function Toasts() {
  const items = useNotifications((s) => s.items);
  useEffect(() => {
    if (items.length === 0) return;
    const { dismiss } = useNotifications.getState();
    for (const item of items) {
      showToast(toastText(item.message), item.messageType, item.timer);
      dismiss(item.id); // the toaster owns it now
    }
  }, [items]);
  return <FleetToaster />;
}
