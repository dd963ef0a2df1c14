import { ConfirmDialog } from '@fleet/shared-ui/overlays';
import { useState, type ReactElement } from 'react';

/** A change to what devices install (a group's target or Update Flag, a rule's Upgrade), said in words. */
interface FleetChange {
  title: string;
  text: string;
  /** The save; the dialog shows a spinner until it settles and the server's refusal if it fails. */
  apply: () => Promise<unknown>;
}

export interface FleetChangeConfirm {
  /** Opens the confirmation; nothing is saved before Yes. */
  ask: (change: FleetChange) => void;
  /** The dialog, rendered once by the screen. */
  dialog: ReactElement;
  /** Changes when a confirmation closes: key the in-place controls with it so a declined one shows the saved value again. */
  round: number;
}

/**
 * In-place controls of a list that change the fleet confirm before saving: a stray click on a row's
 * checkbox or select must not start firmware updates on a thousand devices.
 */
export function useFleetChangeConfirm(): FleetChangeConfirm {
  const [change, setChange] = useState<FleetChange | null>(null);
  const [round, setRound] = useState(0);
  const dialog = (
    <ConfirmDialog
      open={change !== null}
      title={change?.title ?? ''}
      text={change?.text}
      onConfirm={async () => {
        if (change) await change.apply();
      }}
      onClose={() => {
        setChange(null);
        setRound((n) => n + 1);
      }}
    />
  );
  return { ask: setChange, dialog, round };
}
