import { Badge, useEnumText } from '@fleet/shared-ui';

// A device's state in a push (docs/ota-calls.md: queued -> downloading -> installed | failed), in the
// console's status colours: waiting yellow, installed green, failed red.
const PALETTE: Record<string, 'yellow' | 'blue' | 'green' | 'red'> = {
  queued: 'yellow',
  downloading: 'blue',
  installed: 'green',
  failed: 'red',
};

export function PushState({ state }: { state: string | null | undefined }) {
  // the words are shared-ui's (one mapping per enum: a device's firmware history says the same)
  const enumValue = useEnumText();
  if (!state) return <>-</>;
  return (
    <Badge colorPalette={PALETTE[state] ?? 'gray'} variant="subtle" data-state={state}>
      {enumValue('ota_state', state)}
    </Badge>
  );
}
