import { FormField, NativeSelect, PasswordInput, SimpleGrid, TextField } from '@fleet/shared-ui';
import { type FieldError } from 'react-hook-form';
import { StatusField } from '../forms/status';
import { useAggregatorChoices, useElectrician, useSaveElectrician, type ElectricianBody, type ElectricianInfo } from '../api/electricians';
import { ELECTRICIAN_PATHS } from '../description';
import { useOrganisationsTranslation } from '../i18n/translation';
import { useRecordForm } from '../record-page/record-form';
import { RecordPage } from '../record-page/RecordPage';
import { recordLoad, useRouteId } from '../record-page/route-record';
import { STATES } from '../forms/rules';
import { bodyOf, electricianSchema, EMPTY_ELECTRICIAN, valuesOf, type ElectricianValues } from './electrician-form';

/** Admin adds an electrician (spec 2.4 /admin/electrician): its details, aggregator and sign-in password. */
export function ElectricianAddPage() {
  return <ElectricianForm electrician={null} />;
}

/** Admin edits one (spec 2.4 /admin/electrician/{id}): the aggregator is required, the password only when set. */
export function ElectricianEditPage() {
  const { t } = useOrganisationsTranslation();
  const id = useRouteId();
  const electrician = useElectrician('admin', id);
  if (!electrician.data) {
    return <RecordPage title={t('electricians.form.editTitle')} backTo={ELECTRICIAN_PATHS.adminList} load={recordLoad(id, electrician)} notFoundText={t('electricians.view.notFound')} />;
  }
  return <ElectricianForm electrician={electrician.data} />;
}

function ElectricianForm({ electrician }: { electrician: ElectricianInfo | null }) {
  const { t } = useOrganisationsTranslation();
  const save = useSaveElectrician();
  const aggregators = useAggregatorChoices();
  const editing = electrician !== null;
  const { form, page } = useRecordForm<ElectricianValues, ElectricianBody>({
    schema: electricianSchema(editing),
    values: editing ? valuesOf(electrician) : EMPTY_ELECTRICIAN,
    id: electrician?.id ?? null,
    save,
    bodyOf: (values) => bodyOf(values, editing),
    paths: { view: ELECTRICIAN_PATHS.adminView, list: ELECTRICIAN_PATHS.adminList },
  });
  const {
    register,
    control,
    formState: { errors },
  } = form;
  const error = (field: FieldError | undefined) => (field?.message ? t(field.message) : undefined);
  // until the list arrives, the stored aggregator stays selectable so its value is not lost
  const choices = aggregators.data ?? (electrician?.aggregator_id ? [{ id: electrician.aggregator_id, name: electrician.aggregator_name ?? '' }] : []);
  return (
    <RecordPage
      title={editing ? `${t('electricians.form.editTitle')} [${electrician.full_name}]` : t('electricians.form.addTitle')}
      {...page}
    >
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
        <TextField size="sm" label={t('electricians.form.firstName')} required autoComplete="off" error={error(errors.first_name)} {...register('first_name')} />
        <TextField size="sm" label={t('electricians.form.lastName')} required autoComplete="off" error={error(errors.last_name)} {...register('last_name')} />
        <TextField size="sm" label={t('electricians.list.email')} type="email" required autoComplete="off" error={error(errors.email)} {...register('email')} />
        <TextField size="sm" label={t('electricians.list.phone')} type="tel" required autoComplete="off" error={error(errors.phone_no)} {...register('phone_no')} />
        <TextField size="sm" label={t('electricians.list.company')} required autoComplete="off" error={error(errors.company_name)} {...register('company_name')} />
        <TextField size="sm" label={t('electricians.list.abn')} required autoComplete="off" error={error(errors.abn_number)} {...register('abn_number')} />
        <TextField size="sm" label={t('electricians.view.eid')} autoComplete="off" error={error(errors.eid)} {...register('eid')} />
        <TextField size="sm" label={t('electricians.view.address')} required autoComplete="off" error={error(errors.address)} {...register('address')} />
        <TextField size="sm" label={t('electricians.list.city')} autoComplete="off" error={error(errors.city)} {...register('city')} />
        <FormField label={t('electricians.list.state')} error={error(errors.state)}>
          <NativeSelect.Root size="sm">
            <NativeSelect.Field placeholder={t('electricians.form.selectState')} {...register('state')}>
              {STATES.map((state) => (
                <option key={state} value={state}>
                  {state}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </FormField>
        <TextField size="sm" label={t('electricians.list.postcode')} required autoComplete="off" error={error(errors.postcode)} {...register('postcode')} />
        <FormField label={t('electricians.list.aggregator')} required={editing} error={error(errors.aggregator_id)}>
          <NativeSelect.Root size="sm">
            <NativeSelect.Field placeholder={t('electricians.form.selectAggregator')} {...register('aggregator_id')}>
              {choices.map((aggregator) => (
                <option key={aggregator.id} value={String(aggregator.id)}>
                  {aggregator.name}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </FormField>
        <FormField label={t('electricians.form.password')} required={!editing} error={error(errors.password)} helperText={editing ? t('electricians.form.passwordKept') : undefined}>
          <PasswordInput size="sm" autoComplete="new-password" {...register('password')} />
        </FormField>
        {/* In-Active keeps the electrician and its install history, and ends its sign-in at once */}
        {editing && <StatusField control={control} name="status" />}
      </SimpleGrid>
    </RecordPage>
  );
}
