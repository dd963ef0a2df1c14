import type { RolloutPreview } from '@fleet/contract';
import { errorMessage, useBackTo, useNavigate } from '@fleet/shared-api';
import { Alert, Box, Button, FormField, Heading, HStack, IconButton, Input, NativeSelect, PageHeader, SimpleGrid, Stack, Text, type InputProps } from '@fleet/shared-ui';
import { Checkbox, Fieldset } from '@fleet/shared-ui/fields';
import { useState } from 'react';
import { Controller, useFieldArray, useForm, type Control, type UseFormReturn } from 'react-hook-form';
import { useOtaDeviceType } from '../api/device-type';
import { useFirmwareVersions, useRunningVersions } from '../api/firmwares';
import { useGroups } from '../api/groups';
import { useAddRollout, usePreviewRollout } from '../api/rollouts';
import { useFirmwareTranslation } from '../common/translation';
import { useVersionLabels, VersionSelect } from '../common/VersionSelect';
import { ROLLOUT_PATHS } from './paths';
import { addBodyOf, DEFAULT_ROLLOUT_VALUES, previewBodyOf, rolloutProblems, type DeviceChoice, type RolloutFormValues } from './rollout-form';
import { RolloutPreviewPanel } from './RolloutPreviewPanel';

const ALL_GROUPS = { page: 1, limit: 100, sortBy: 'name', orderBy: 'asc' } as const;
const CHOICES: DeviceChoice[] = ['versions', 'group', 'filter'];

type TextName = 'max_in_flight' | 'max_per_minute' | 'failure_threshold_percent' | 'min_finished' | 'timeout_minutes' | 'max_device_failures' | 'fault_hours' | 'fault_points' | 'window_start' | 'window_end';

/** A required text field of the form, with its problem said below it. */
function TextInput({ form, name, label, error, ...input }: { form: UseFormReturn<RolloutFormValues>; name: TextName; label: string; error: string | undefined } & Pick<InputProps, 'inputMode' | 'placeholder'>) {
  return (
    <FormField label={label} required error={error}>
      <Input size="sm" {...input} {...form.register(name)} />
    </FormField>
  );
}

function CheckboxField({ control, name, label }: { control: Control<RolloutFormValues>; name: 'fault_guard' | 'window' | `waves.${number}.approval`; label: string }) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <Checkbox.Root checked={field.value === true} onCheckedChange={(d) => field.onChange(d.checked === true)}>
          <Checkbox.HiddenInput name={field.name} onBlur={field.onBlur} />
          <Checkbox.Control />
          <Checkbox.Label>{label}</Checkbox.Label>
        </Checkbox.Root>
      )}
    />
  );
}

/**
 * /admin/rollouts/new: what, which devices, waves, pace, halt conditions and window. Checked as typed
 * once a Preview or Start was tried (the contract's rules); Start only after a Preview of the device
 * choice and waves as they are now. A refusal is said above the buttons, and the form keeps everything.
 */
export function NewRolloutPage() {
  const { t } = useFirmwareTranslation();
  const deviceType = useOtaDeviceType();
  const navigate = useNavigate();
  const back = useBackTo(ROLLOUT_PATHS.list);
  const firmware = useFirmwareVersions(deviceType).data ?? [];
  const running = useRunningVersions(deviceType).data ?? [];
  const runningLabels = useVersionLabels(running);
  const groups = useGroups(deviceType, ALL_GROUPS).data?.data ?? [];
  const form = useForm<RolloutFormValues>({ defaultValues: DEFAULT_ROLLOUT_VALUES });
  const { register, control, watch } = form;
  const waves = useFieldArray({ control, name: 'waves' });
  const preview = usePreviewRollout();
  const add = useAddRollout();
  const [checked, setChecked] = useState(false);
  const [previewed, setPreviewed] = useState<{ body: string; info: RolloutPreview } | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);

  const values = watch();
  const problems = checked ? rolloutProblems(values, deviceType) : {};
  const say = (path: string) => {
    const problem = problems[path];
    return problem ? t(problem.key, problem.params ?? {}) : undefined;
  };
  const previewBody = JSON.stringify(previewBodyOf(values, deviceType));
  const current = previewed?.body === previewBody ? previewed.info : null;

  /** The form's problems now; marks the form checked so they show on their fields. */
  const valid = () => {
    setChecked(true);
    return Object.keys(rolloutProblems(form.getValues(), deviceType)).length === 0;
  };

  const runPreview = async () => {
    setRefusal(null);
    if (!valid()) return;
    const body = previewBodyOf(form.getValues(), deviceType);
    try {
      const info = await preview.mutateAsync(body);
      setPreviewed({ body: JSON.stringify(body), info });
    } catch (err) {
      setRefusal(errorMessage(err));
    }
  };

  const start = async () => {
    setRefusal(null);
    if (!valid() || !current) return;
    try {
      const answer = await add.mutateAsync(addBodyOf(form.getValues(), deviceType));
      void navigate(ROLLOUT_PATHS.detail(answer.info.id), { replace: true });
    } catch (err) {
      // said here (and as a toast); nothing typed is lost
      setRefusal(errorMessage(err));
    }
  };

  const isHeatPump = deviceType === 'heat_pump';
  const unitLabel = values.unit === 'percent' ? '%' : t('rolloutForm.devicesCount');

  return (
    <Box p="4" maxW="5xl">
      <PageHeader title={t('rolloutForm.title')} onBack={back} />
      <form
        noValidate
        aria-label={t('rolloutForm.title')}
        onSubmit={(event) => {
          event.preventDefault();
          void start();
        }}
      >
        <Stack gap="6">
          <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
            <FormField label={t('rolloutForm.name')} required error={say('name')}>
              <Input size="sm" autoComplete="off" {...register('name')} />
            </FormField>
            <FormField label={t('rolloutForm.firmware')} required error={say('firmware_version')}>
              <VersionSelect versions={firmware} {...register('firmware_version')} />
            </FormField>
          </SimpleGrid>

          <Fieldset.Root>
            <Fieldset.Legend>
              <Heading as="h2" size="sm">
                {t('rolloutForm.devices')}
              </Heading>
            </Fieldset.Legend>
            <Stack gap="3">
              <FormField label={t('rolloutForm.choice')}>
                <NativeSelect.Root size="sm">
                  <NativeSelect.Field {...register('choice')}>
                    {CHOICES.map((c) => (
                      <option key={c} value={c}>
                        {t(`rolloutForm.by${c === 'versions' ? 'Versions' : c === 'group' ? 'Group' : 'Filter'}`)}
                      </option>
                    ))}
                  </NativeSelect.Field>
                  <NativeSelect.Indicator />
                </NativeSelect.Root>
              </FormField>
              {values.choice === 'versions' && (
                // a fieldset, not a FormField: a Field would give every checkbox its one id and label
                <Fieldset.Root invalid={Boolean(say('from_versions'))}>
                  <Fieldset.Legend fontSize="sm">{t('rolloutForm.fromVersions')}</Fieldset.Legend>
                  <Controller
                    control={control}
                    name="from_versions"
                    render={({ field }) => (
                      <SimpleGrid columns={{ base: 1, sm: 2, md: 3 }} gap="2">
                        {running.map((r) => (
                          <Checkbox.Root
                            key={r.version}
                            checked={field.value.includes(r.version)}
                            onCheckedChange={(d) => field.onChange(d.checked === true ? [...field.value, r.version] : field.value.filter((v) => v !== r.version))}
                          >
                            <Checkbox.HiddenInput />
                            <Checkbox.Control />
                            <Checkbox.Label>{runningLabels[r.version] ?? r.version}</Checkbox.Label>
                          </Checkbox.Root>
                        ))}
                      </SimpleGrid>
                    )}
                  />
                  {say('from_versions') && <Fieldset.ErrorText color="fg.error">{say('from_versions')}</Fieldset.ErrorText>}
                </Fieldset.Root>
              )}
              {values.choice === 'group' && (
                <FormField label={t('rolloutForm.group')} required error={say('group_id')}>
                  <NativeSelect.Root size="sm">
                    <NativeSelect.Field {...register('group_id')}>
                      <option value="">{t('common.select')}</option>
                      {groups.map((g) => (
                        <option key={g.id} value={String(g.id)}>
                          {g.name}
                        </option>
                      ))}
                    </NativeSelect.Field>
                    <NativeSelect.Indicator />
                  </NativeSelect.Root>
                </FormField>
              )}
              {values.choice === 'filter' && (
                <SimpleGrid columns={{ base: 1, md: 3 }} gap="4">
                  <FormField label={t('rolloutForm.filterVersion')} error={say('filter_version')}>
                    <VersionSelect versions={running.map((r) => r.version)} labels={runningLabels} {...register('filter_version')} />
                  </FormField>
                  <FormField label={t('rolloutForm.filterAvailable')}>
                    <VersionSelect versions={firmware} {...register('filter_available')} />
                  </FormField>
                  <FormField label={t('rolloutForm.filterUpgradable')}>
                    <NativeSelect.Root size="sm">
                      <NativeSelect.Field {...register('filter_upgradable')}>
                        <option value="">{t('rolloutForm.any')}</option>
                        <option value="1">{t('common.yes')}</option>
                        <option value="0">{t('common.no')}</option>
                      </NativeSelect.Field>
                      <NativeSelect.Indicator />
                    </NativeSelect.Root>
                  </FormField>
                </SimpleGrid>
              )}
              <FormField label={t('rolloutForm.excludeOffline')} error={say('exclude_offline_minutes')}>
                <Input size="sm" inputMode="numeric" maxW="40" {...register('exclude_offline_minutes')} />
              </FormField>
            </Stack>
          </Fieldset.Root>

          <Fieldset.Root>
            <Fieldset.Legend>
              <Heading as="h2" size="sm">
                {t('rolloutForm.waves')}
              </Heading>
            </Fieldset.Legend>
            <Stack gap="3">
              <FormField label={t('rolloutForm.wavesBy')} error={say('waves')}>
                <NativeSelect.Root size="sm" maxW="64">
                  <NativeSelect.Field {...register('unit')}>
                    <option value="percent">{t('rolloutForm.percent')}</option>
                    <option value="count">{t('rolloutForm.count')}</option>
                  </NativeSelect.Field>
                  <NativeSelect.Indicator />
                </NativeSelect.Root>
              </FormField>
              {waves.fields.map((wave, index) => (
                <HStack key={wave.id} gap="3" align="end" wrap="wrap">
                  <Box flex="0 1 12rem">
                    <FormField label={`${t('rolloutForm.waveSize', { n: index + 1 })} (${unitLabel})`} error={say(`waves.${index}.size`)}>
                      <Input size="sm" inputMode="decimal" {...register(`waves.${index}.size`)} />
                    </FormField>
                  </Box>
                  <CheckboxField control={control} name={`waves.${index}.approval`} label={t('rolloutForm.approval', { n: index + 1 })} />
                  <IconButton size="sm" variant="ghost" aria-label={t('rolloutForm.removeWave', { n: index + 1 })} disabled={waves.fields.length === 1} onClick={() => waves.remove(index)}>
                    ×
                  </IconButton>
                </HStack>
              ))}
              <Box>
                <Button size="sm" variant="outline" onClick={() => waves.append({ size: '', approval: false })}>
                  {t('rolloutForm.addWave')}
                </Button>
              </Box>
            </Stack>
          </Fieldset.Root>

          <Fieldset.Root>
            <Fieldset.Legend>
              <Heading as="h2" size="sm">
                {t('rolloutForm.pace')}
              </Heading>
            </Fieldset.Legend>
            <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
              <TextInput form={form} name="max_in_flight" label={t('rolloutForm.maxInFlight')} error={say('max_in_flight')} inputMode="numeric" />
              <TextInput form={form} name="max_per_minute" label={t('rolloutForm.maxPerMinute')} error={say('max_per_minute')} inputMode="numeric" />
            </SimpleGrid>
          </Fieldset.Root>

          <Fieldset.Root>
            <Fieldset.Legend>
              <Heading as="h2" size="sm">
                {t('rolloutForm.halt')}
              </Heading>
            </Fieldset.Legend>
            <Stack gap="4">
              <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
                <TextInput form={form} name="failure_threshold_percent" label={t('rolloutForm.failureThreshold')} error={say('failure_threshold_percent')} inputMode="decimal" />
                <TextInput form={form} name="min_finished" label={t('rolloutForm.minFinished')} error={say('min_finished')} inputMode="numeric" />
                <TextInput form={form} name="timeout_minutes" label={t('rolloutForm.timeoutMinutes')} error={say('timeout_minutes')} inputMode="numeric" />
                <TextInput form={form} name="max_device_failures" label={t('rolloutForm.maxDeviceFailures')} error={say('max_device_failures')} inputMode="numeric" />
              </SimpleGrid>
              {isHeatPump && <CheckboxField control={control} name="fault_guard" label={t('rolloutForm.faultGuard')} />}
              {isHeatPump && values.fault_guard && (
                <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
                  <TextInput form={form} name="fault_hours" label={t('rolloutForm.faultHours')} error={say('fault_hours')} inputMode="numeric" />
                  <TextInput form={form} name="fault_points" label={t('rolloutForm.faultPoints')} error={say('fault_points')} inputMode="decimal" />
                </SimpleGrid>
              )}
              <CheckboxField control={control} name="window" label={t('rolloutForm.window')} />
              {values.window && (
                <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
                  <TextInput form={form} name="window_start" label={t('rolloutForm.windowStart')} error={say('window_start')} placeholder="01:00" />
                  <TextInput form={form} name="window_end" label={t('rolloutForm.windowEnd')} error={say('window_end')} placeholder="05:00" />
                </SimpleGrid>
              )}
            </Stack>
          </Fieldset.Root>

          {current && <RolloutPreviewPanel preview={current} />}
          {refusal && (
            <Alert.Root status="error">
              <Alert.Indicator />
              <Alert.Title>{refusal}</Alert.Title>
            </Alert.Root>
          )}
          <Stack gap="2">
            {!current && <Text color="fg.muted">{previewed ? t('rolloutForm.previewStale') : t('rolloutForm.previewFirst')}</Text>}
            <HStack gap="3" wrap="wrap">
              <Button size="sm" variant="outline" loading={preview.isPending} onClick={() => void runPreview()}>
                {t('rolloutForm.preview')}
              </Button>
              <Button size="sm" type="submit" disabled={!current} loading={add.isPending}>
                {t('rolloutForm.start')}
              </Button>
            </HStack>
          </Stack>
        </Stack>
      </form>
    </Box>
  );
}
