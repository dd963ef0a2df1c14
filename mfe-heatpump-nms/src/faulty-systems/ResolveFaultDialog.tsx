import { errorMessage } from '@fleet/shared-api';
import { Stack, Text, Textarea, FormField, TextField } from '@fleet/shared-ui';
import { EditDialog } from '@fleet/shared-ui/overlays';
import { yupResolver } from '@hookform/resolvers/yup';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import * as yup from 'yup';
import type { ResolveForm } from '../api/faults';
import { useHeatPumpTranslation } from '../i18n/translation';

/** Spec 5 and 9: job comments hold fewer than 500 characters; the input refuses more than 500. */
export const JOB_COMMENTS_MAX = 500;

const schema = yup.object({
  agent: yup.string().trim().default('').required('resolve.agentRequired').max(100, 'resolve.agentRequired'),
  job_comments: yup.string().default('').max(JOB_COMMENTS_MAX - 1, 'resolve.commentsTooLong'),
});

export interface ResolveFaultDialogProps {
  open: boolean;
  title: string;
  /** What is resolved, in words ("Resolve E96 of 2000…?"). */
  question: string;
  /** A resolved fault shows what was recorded, with Yes disabled (spec 4). */
  resolved?: { agent: string | null; job_comments: string | null } | null;
  busy: boolean;
  /** The server's refusal of the last Yes, shown in the dialog over the kept input. */
  error: unknown;
  onResolve: (form: ResolveForm) => Promise<unknown>;
  onClose: () => void;
}

/** The Resolve Fault form (spec): Agent*, Job Comments; No and Yes. One row's fault or many. */
export function ResolveFaultDialog({ open, title, question, resolved, busy, error, onResolve, onClose }: ResolveFaultDialogProps) {
  const { t } = useHeatPumpTranslation();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<ResolveForm>({ resolver: yupResolver(schema), defaultValues: { agent: '', job_comments: '' } });

  useEffect(() => {
    if (open) reset({ agent: resolved?.agent ?? '', job_comments: resolved?.job_comments ?? '' });
  }, [open, resolved, reset]);

  const err = (message: string | undefined) => (message ? t(message) : undefined);
  return (
    <EditDialog
      open={open}
      title={title}
      submitLabel={t('resolve.yes')}
      cancelLabel={t('resolve.no')}
      busy={busy}
      submitDisabled={Boolean(resolved)}
      error={error ? errorMessage(error) : null}
      onClose={onClose}
      onSubmit={handleSubmit(async (values) => {
        try {
          await onResolve({ agent: values.agent.trim(), job_comments: values.job_comments.trim() });
          onClose();
        } catch {
          // shown in the dialog; the input stays
        }
      })}
    >
      <Stack gap="4">
        <Text>{resolved ? t('resolve.alreadyResolved') : question}</Text>
        <TextField label={t('resolve.agent')} required error={err(errors.agent?.message)} readOnly={Boolean(resolved)} {...register('agent')} />
        <FormField label={t('resolve.jobComments')} error={err(errors.job_comments?.message)}>
          <Textarea rows={4} maxLength={JOB_COMMENTS_MAX} readOnly={Boolean(resolved)} {...register('job_comments')} />
        </FormField>
      </Stack>
    </EditDialog>
  );
}
