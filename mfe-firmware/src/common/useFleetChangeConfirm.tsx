import { Box, HStack, Spinner, Text } from '@fleet/shared-ui';
import { ConfirmDialog } from '@fleet/shared-ui/overlays';
import { useQuery } from '@fleet/shared-api/query';
import { useState, type ReactElement } from 'react';
import type { FleetReach } from '../api/reach';
import { Counts } from '../rollouts/RolloutPreviewPanel';
import { useFirmwareTranslation } from './translation';

/** How the dialog counts the devices a change reaches (api/reach.ts); null: it cannot be counted exactly. */
export interface ReachQuestion {
  /** What is counted (the cache key: the same question is asked once while its answer is fresh). */
  key: readonly unknown[];
  count: () => Promise<FleetReach | null>;
}

/** A change to what devices install (a group's target or Update Flag, a rule's Upgrade), said in words. */
interface FleetChange {
  title: string;
  text: string;
  /** The save; the dialog shows a spinner until it settles and the server's refusal if it fails. */
  apply: () => Promise<unknown>;
  /** Said under the text while the operator decides; Yes never waits for it. */
  reach?: ReachQuestion;
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
 * "This change reaches N devices", split by current version where there is more than one; a
 * spinner while it counts; a count that could not be read is said, and the operator still decides.
 */
export function ChangeReach({ question }: { question: ReachQuestion }) {
  const { t } = useFirmwareTranslation();
  // a count is read when the dialog opens, never an old one: devices move between versions all the time
  const reach = useQuery({ queryKey: ['fleet-change-reach', ...question.key], queryFn: question.count, retry: false, staleTime: 0, gcTime: 0 });
  if (reach.isPending) {
    return (
      <HStack role="status" mt="3" gap="2" color="fg.muted" fontSize="sm">
        <Spinner size="xs" />
        <Text>{t('reach.counting')}</Text>
      </HStack>
    );
  }
  if (reach.isError || reach.data === null) {
    return (
      <Text role="status" mt="3" fontSize="sm" color="fg.muted">
        {reach.isError ? t('reach.failed') : t('reach.notExact')}
      </Text>
    );
  }
  const { devices, byVersion, inRollout } = reach.data;
  const split = [
    ...byVersion.map((v) => ({ key: v.version ?? '', label: v.version ?? t('rolloutForm.noVersion'), devices: v.devices })),
    ...(inRollout > 0 ? [{ key: 'in-rollout', label: t('reach.inRollout'), devices: inRollout }] : []),
  ];
  return (
    <Box role="status" mt="3">
      <Text fontWeight="semibold">{t('reach.devices', { count: devices })}</Text>
      {split.length > 1 && (
        <Box mt="2">
          <Counts title={t('reach.byVersion')} rows={split} />
        </Box>
      )}
    </Box>
  );
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
    >
      {change?.reach && <ChangeReach question={change.reach} />}
    </ConfirmDialog>
  );
  return { ask: setChange, dialog, round };
}
