import { ROLLOUT_DEVICE_STATES, type RolloutDeviceState } from '@fleet/contract';
import { Box, Flex, HStack, Text } from '@fleet/shared-ui';
import type { ReactNode } from 'react';
import { useFirmwareTranslation } from '../common/translation';
import { StateBadge } from './RolloutState';

/** A device state's colour: the bar's segment and its badge (installed green, failed red, waiting yellow). */
export const DEVICE_STATE_PALETTE: Record<RolloutDeviceState, 'yellow' | 'blue' | 'green' | 'red' | 'orange' | 'gray'> = {
  queued: 'yellow',
  in_flight: 'blue',
  installed: 'green',
  failed: 'red',
  timed_out: 'orange',
  cancelled: 'gray',
};

export type DeviceCounts = Record<RolloutDeviceState, number> & { devices: number };

export function DeviceStateBadge({ state }: { state: RolloutDeviceState }) {
  const { t } = useFirmwareTranslation();
  return <StateBadge state={state} palette={DEVICE_STATE_PALETTE[state]} text={t(`rollouts.deviceStates.${state}`)} />;
}

/**
 * One bar of a rollout (a wave, or all of them): a segment per device state, and below it the count
 * of each. The bar is a progressbar of the installed devices for assistive technology.
 */
export function WaveProgress({ title, label, counts, badge }: { title: ReactNode; label: string; counts: DeviceCounts; badge?: ReactNode }) {
  const { t } = useFirmwareTranslation();
  const total = Math.max(counts.devices, 1);
  return (
    <Box>
      <HStack justify="space-between" mb="1" wrap="wrap">
        <Text fontWeight="semibold">{title}</Text>
        {badge}
      </HStack>
      <Flex
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={counts.devices}
        aria-valuenow={counts.installed}
        aria-valuetext={label}
        h="3"
        borderRadius="full"
        overflow="hidden"
        bg="bg.muted"
      >
        {ROLLOUT_DEVICE_STATES.filter((s) => s !== 'queued' && counts[s] > 0).map((s) => (
          <Box key={s} data-segment={s} w={`${(counts[s] * 100) / total}%`} bg={`${DEVICE_STATE_PALETTE[s]}.solid`} />
        ))}
      </Flex>
      <HStack as="ul" listStyleType="none" gap="3" mt="1" wrap="wrap" fontSize="sm" aria-label={label}>
        {ROLLOUT_DEVICE_STATES.map((s) => (
          <Box as="li" key={s} data-count={s}>
            <Box as="span" display="inline-block" w="2" h="2" borderRadius="full" bg={`${DEVICE_STATE_PALETTE[s]}.solid`} mr="1" aria-hidden />
            {t(`rollouts.deviceStates.${s}`)}: {counts[s]}
          </Box>
        ))}
      </HStack>
    </Box>
  );
}
