import type { RolloutState as State } from '@fleet/contract';
import { Badge } from '@fleet/shared-ui';
import { useFirmwareTranslation } from '../common/translation';

// A rollout's state in the console's status colours: a halt is an error (red), a pause waits (yellow).
const PALETTE: Record<State, 'blue' | 'yellow' | 'red' | 'gray' | 'green'> = {
  running: 'blue',
  paused: 'yellow',
  halted: 'red',
  aborted: 'gray',
  finished: 'green',
};

/** A state as a badge in its colour; `data-state` names it for tests and styles. */
export function StateBadge({ state, palette, text }: { state: string; palette: string; text: string }) {
  return (
    <Badge colorPalette={palette} variant="subtle" data-state={state}>
      {text}
    </Badge>
  );
}

export function RolloutStateBadge({ state }: { state: State }) {
  const { t } = useFirmwareTranslation();
  return <StateBadge state={state} palette={PALETTE[state]} text={t(`rollouts.states.${state}`)} />;
}
