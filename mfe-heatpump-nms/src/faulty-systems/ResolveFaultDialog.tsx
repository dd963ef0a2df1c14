import { Stack, Text, FormField, TextField } from '@fleet/shared-ui';
import { Textarea } from '@fleet/shared-ui/fields';
import { EditDialog, useDialogForm } from '@fleet/shared-ui/overlays';
import { yupResolver } from '@hookform/resolvers/yup';
import { useForm } from 'react-hook-form';
import * as yup from 'yup';
import type { ResolveForm } from '../api/faults';
import { useHeatPumpTranslation } from '../i18n/translation';

/** Spec 5 and 9: job comments hold fewer than 500 characters; the input refuses more than 500. */
const JOB_COMMENTS_MAX = 500;

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

const recordedOf = (resolved: ResolveFaultDialogProps['resolved']): ResolveForm => ({ agent: resolved?.agent ?? '', job_comments: resolved?.job_comments ?? '' });

/** The Resolve Fault form (spec): Agent*, Job Comments; No and Yes. One row's fault or many. */
export function ResolveFaultDialog({ open, title, question, resolved, busy, error, onResolve, onClose }: ResolveFaultDialogProps) {
  const { t } = useHeatPumpTranslation();
  const form = useForm<ResolveForm>({ resolver: yupResolver(schema), defaultValues: { agent: '', job_comments: '' } });
  const {
    register,
    formState: { errors },
  } = form;
  // each opening starts from what was recorded (or empty); the page owns the call and its refusal
  const { err, dialog, submit } = useDialogForm({ form, open, record: resolved, valuesOf: recordedOf, save: { isPending: busy, isError: Boolean(error), error }, onClose, t });
  return (
    <EditDialog
      {...dialog}
      title={title}
      submitLabel={t('resolve.yes')}
      cancelLabel={t('resolve.no')}
      submitDisabled={Boolean(resolved)}
      onSubmit={submit((values) => onResolve({ agent: values.agent.trim(), job_comments: values.job_comments.trim() }))}
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
