import { type ListInfo } from '@fleet/shared-api';
import { useLiveCache, useLiveUpdates } from '@fleet/shared-api/live';
import { type Selection } from '@fleet/shared-api/lists';
import { useQueryClient } from '@fleet/shared-api/query';
import { useRef, useState } from 'react';
import { faultKeys, type FaultRecord } from '../api/faults';

const LISTS = [...faultKeys.all, 'list'] as const;

/**
 * Attention's live side (spec 4): a work state changes the row's operation status and a Wi-Fi change
 * its Wi-Fi badge, in place; a new fault raises the Fault Alert; after a reconnect the list is read
 * again (what was missed is gone).
 * Other consoles' writes (issue 20, item 13): a heat pump resolved with nothing left open leaves the
 * UnResolved rows at once (and the ticks), and the lists are read again, debounced, for the rows
 * that move up and the Resolved tab; a heat pump joining or leaving the slice reads them again too.
 * The slice's new faulty count that follows a resolve or a move is no new fault: no banner for it.
 */
export function useLiveFaults(selection: Pick<Selection, 'all' | 'keys' | 'toggleRow'>) {
  const client = useQueryClient();
  const live = useLiveCache();
  const [alert, setAlert] = useState(false);
  const recountDue = useRef(false);

  const patchRows = (deviceId: number, patch: (row: FaultRecord) => FaultRecord) =>
    live.patch<ListInfo<FaultRecord>>(LISTS, (page) =>
      page.data.some((row) => row.device_id === deviceId) ? { ...page, data: page.data.map((row) => (row.device_id === deviceId ? patch(row) : row)) } : undefined,
    );

  useLiveUpdates(
    (message) => {
      switch (message.kind) {
        case 'work_state':
          patchRows(message.deviceId, (row) => ({ ...row, heatpump: { ...row.heatpump, device_operation_status: message.workState } }));
          break;
        case 'online':
          patchRows(message.deviceId, (row) => ({ ...row, heatpump: { ...row.heatpump, is_online: message.isOnline } }));
          break;
        case 'fault':
          setAlert(true);
          break;
        case 'dashboard':
          // spec: a dashboard message shows the banner, unless it is the recount after a resolve or a move
          if (!recountDue.current) setAlert(true);
          recountDue.current = false;
          break;
        case 'resolved': {
          recountDue.current = true;
          const { deviceId, faultIds, faultCode } = message;
          if (faultCode === null) {
            live.patch<ListInfo<FaultRecord>>(LISTS, (page) => {
              const data = page.data.filter((row) => !(row.device_id === deviceId && row.fault_status === 0));
              return data.length === page.data.length ? undefined : { ...page, data, total: Math.max(0, page.total - (page.data.length - data.length)) };
            });
          }
          // a ticked row resolved meanwhile is not the operator's to resolve any more
          if (!selection.all) for (const id of faultIds) if (selection.keys.includes(id)) selection.toggleRow(id, false, []);
          live.reread(LISTS);
          break;
        }
        case 'moved':
          if (message.slice === 'stayed') break;
          recountDue.current = true;
          live.reread(LISTS);
          break;
        default:
          break;
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
