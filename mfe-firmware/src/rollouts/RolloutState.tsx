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

export function RolloutStateBadge({ state }: { state: State }) {
  const { t } = useFirmwareTranslation();
  return (
    <Badge colorPalette={PALETTE[state]} variant="subtle" data-state={state}>
      {t(`rollouts.states.${state}`)}
    </Badge>
  );
}
