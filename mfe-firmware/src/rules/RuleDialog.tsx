import { FormField, Input, SimpleGrid, Stack } from '@fleet/shared-ui';
import { Checkbox } from '@fleet/shared-ui/fields';
import { compareVersions } from '@fleet/shared-api';
import { ConfirmDialog, EditDialog, useDialogForm } from '@fleet/shared-ui/overlays';
import { yupResolver } from '@hookform/resolvers/yup';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import * as yup from 'yup';
import type { OtaDeviceType } from '../api/device-type';
import { useSaveRule } from '../api/rules';
import type { OtaRule } from '../api/types';
import { useFirmwareTranslation } from '../common/translation';
import { VersionSelect } from '../common/VersionSelect';

/** Spec 5: the rule name holds at most 40 characters (the input stops accepting more). */
const RULE_NAME_MAX = 40;

// Spec 5 checks Current Version and Upgrade To without showing messages; these are ours (README).
const schema = yup.object({
  from_version: yup.string().default('').required('validation.currentVersionRequired'),
  to_version: yup
    .string()
    .default('')
    .required('validation.upgradeToRequired')
    .test('differs', 'validation.sameVersion', function differs(value) {
      return !value || value !== (this.parent as { from_version: string }).from_version;
    }),
  name: yup.string().trim().default('').required('validation.nameRequired').max(RULE_NAME_MAX, 'validation.ruleNameLength'),
  immediate_update: yup.boolean().default(false),
});

type RuleValues = yup.InferType<typeof schema>;

export interface RuleDialogProps {
  open: boolean;
  rule: OtaRule | null;
  /** Current Version: what the line's devices run, and uploaded firmware. */
  fromVersions: readonly string[];
  /** Labels of fromVersions with their device counts. */
  fromLabels?: Readonly<Record<string, string>>;
  /** Upgrade To: uploaded firmware only (a rule needs a file to send). */
  toVersions: readonly string[];
  deviceType: OtaDeviceType;
  onClose: () => void;
}

function valuesOf(rule: OtaRule | null): RuleValues {
  return {
    from_version: rule?.from_version ?? '',
    to_version: rule?.to_version ?? '',
    name: rule?.name ?? '',
    immediate_update: rule?.immediate_update ?? false,
  };
}

/** Add or update a rule: Current Version*, Upgrade To*, Name*, Upgrade. */
export function RuleDialog({ open, rule, fromVersions, fromLabels, toVersions, deviceType, onClose }: RuleDialogProps) {
  const { t } = useFirmwareTranslation();
  const save = useSaveRule();
  // A rule that moves devices to an older version waits for the operator's Yes.
  const [downgrade, setDowngrade] = useState<RuleValues | null>(null);
  const form = useForm<RuleValues>({ resolver: yupResolver(schema), defaultValues: valuesOf(rule) });
  const {
    register,
    control,
    handleSubmit,
    formState: { errors },
  } = form;
  // each opening starts clean; the submit is this dialog's own (a downgrade asks first)
  const { err, dialog } = useDialogForm({ form, open, record: rule, valuesOf, save, onClose, t });

  const store = async (values: RuleValues) => {
    try {
      await save.mutateAsync({ ...(rule ? { id: rule.id } : {}), ...values, deviceType });
      onClose();
    } catch {
      // said in the dialog (and the toast); the dialog and what was typed stay
    }
  };

  const submit = handleSubmit(async (values) => {
    if (compareVersions(values.to_version, values.from_version) < 0) {
      setDowngrade(values);
      return;
    }
    await store(values);
  });

  return (
    <EditDialog
      {...dialog}
      title={t('rules.dialogTitle')}
      submitLabel={rule ? t('common.update') : t('common.add')}
      cancelLabel={t('common.cancel')}
      onSubmit={(event) => void submit(event)}
    >
      <Stack gap="4">
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
          <FormField label={t('rules.currentVersion')} required error={err(errors.from_version?.message)}>
            <VersionSelect versions={fromVersions} {...(fromLabels ? { labels: fromLabels } : {})} {...register('from_version')} />
          </FormField>
          <FormField label={t('rules.upgradeTo')} required error={err(errors.to_version?.message)}>
            <VersionSelect versions={toVersions} {...register('to_version')} />
          </FormField>
        </SimpleGrid>
        <FormField label={t('rules.name')} required error={err(errors.name?.message)}>
          <Input size="sm" maxLength={RULE_NAME_MAX} autoComplete="off" {...register('name')} />
        </FormField>
        <Controller
          control={control}
          name="immediate_update"
          render={({ field }) => (
            <Checkbox.Root checked={field.value} onCheckedChange={(details) => field.onChange(details.checked === true)}>
              <Checkbox.HiddenInput name={field.name} onBlur={field.onBlur} />
              <Checkbox.Control />
              <Checkbox.Label>{t('rules.upgrade')}</Checkbox.Label>
            </Checkbox.Root>
          )}
        />
      </Stack>
      <ConfirmDialog
        open={downgrade !== null}
        title={t('downgrade.title')}
        text={downgrade ? t('downgrade.text', { from: downgrade.from_version, to: downgrade.to_version }) : ''}
        confirmLabel={t('common.yes')}
        cancelLabel={t('common.no')}
        onClose={() => setDowngrade(null)}
        onConfirm={async () => {
          const values = downgrade;
          setDowngrade(null);
          if (values) await store(values);
        }}
      />
    </EditDialog>
  );
}
