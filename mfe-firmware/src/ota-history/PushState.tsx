import { Badge } from '@fleet/shared-ui';
import { useFirmwareTranslation } from '../common/translation';

// A device's state in a push (docs/ota-calls.md: queued -> downloading -> installed | failed), in the
// console's status colours: waiting yellow, installed green, failed red.
const PALETTE: Record<string, 'yellow' | 'blue' | 'green' | 'red'> = {
  queued: 'yellow',
  downloading: 'blue',
  installed: 'green',
  failed: 'red',
};

export function PushState({ state }: { state: string | null | undefined }) {
  const { t } = useFirmwareTranslation();
  if (!state) return <>-</>;
  const known = state in PALETTE;
  return (
    <Badge colorPalette={PALETTE[state] ?? 'gray'} variant="subtle" data-state={state}>
      {known ? t(`history.${state}`) : state}
    </Badge>
  );
}
