import { parseLiveMessage, useLiveUpdates, type ListInfo } from '@fleet/shared-api';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { faultKeys, type FaultRecord } from '../api/faults';

/**
 * Attention's live side (spec 4): a work state changes the row's operation status and a Wi-Fi change
 * its Wi-Fi badge, in place; a dashboard message (a new fault) raises the Fault Alert; after a
 * reconnect the list is read again (what was missed is gone).
 */
export function useLiveFaults() {
  const client = useQueryClient();
  const [alert, setAlert] = useState(false);

  const patchRows = (deviceId: number, patch: (row: FaultRecord) => FaultRecord) =>
    client.setQueriesData<ListInfo<FaultRecord>>({ queryKey: [...faultKeys.all, 'list'] }, (page) =>
      page && page.data.some((row) => row.device_id === deviceId)
        ? { ...page, data: page.data.map((row) => (row.device_id === deviceId ? patch(row) : row)) }
        : page,
    );

  useLiveUpdates(
    (raw) => {
      const message = parseLiveMessage(raw);
      if (!message) return;
      if (message.kind === 'work_state') {
        patchRows(message.deviceId, (row) => ({ ...row, heatpump: { ...row.heatpump, device_operation_status: message.workState } }));
      } else if (message.kind === 'online') {
        patchRows(message.deviceId, (row) => ({ ...row, heatpump: { ...row.heatpump, is_online: message.isOnline } }));
      } else if (message.kind === 'dashboard') {
        setAlert(true);
      }
    },
    () => void client.invalidateQueries({ queryKey: faultKeys.all }),
  );

  return {
    alert,
    /** The banner's click: the list is read again and the banner goes. */
    review: () => {
      setAlert(false);
      void client.invalidateQueries({ queryKey: faultKeys.all });
    },
  };
}
