import { contactFields } from '../forms/contact-fields';
import { FieldGrid, type FieldDef } from '../forms/FieldGrid';
import { useAggregatorChoices, useElectrician, useSaveElectrician, type ElectricianBody, type ElectricianInfo } from '../api/electricians';
import { ELECTRICIAN_PATHS } from '../description';
import { useOrganisationsTranslation } from '../i18n/translation';
import { useRecordForm } from '../record-page/record-form';
import { RecordPage } from '../record-page/RecordPage';
import { RecordEdit } from '../record-page/RecordEdit';
import { useRouteId } from '../record-page/route-record';
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
  return (
    <RecordEdit id={id} query={electrician} title={t('electricians.form.editTitle')} backTo={ELECTRICIAN_PATHS.adminList} notFoundText={t('electricians.view.notFound')}>
      {(record) => <ElectricianForm electrician={record} />}
    </RecordEdit>
  );
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
  // until the list arrives, the stored aggregator stays selectable so its value is not lost
  const choices = aggregators.data ?? (electrician?.aggregator_id ? [{ id: electrician.aggregator_id, name: electrician.aggregator_name ?? '' }] : []);
  const fields: FieldDef<ElectricianValues>[] = [
    ...contactFields<ElectricianValues>({ firstName: t('electricians.form.firstName'), lastName: t('electricians.form.lastName'), email: t('electricians.list.email'), phone: t('electricians.list.phone') }, 'phone_no'),
    { name: 'company_name', label: t('electricians.list.company'), required: true },
    { name: 'abn_number', label: t('electricians.list.abn'), required: true },
    { name: 'eid', label: t('electricians.view.eid') },
    { name: 'address', label: t('electricians.view.address'), required: true },
    { name: 'city', label: t('electricians.list.city') },
    { kind: 'select', name: 'state', label: t('electricians.list.state'), placeholder: t('electricians.form.selectState'), options: STATES.map((state) => ({ value: state, label: state })) },
    { name: 'postcode', label: t('electricians.list.postcode'), required: true },
    { kind: 'select', name: 'aggregator_id', label: t('electricians.list.aggregator'), required: editing, placeholder: t('electricians.form.selectAggregator'), options: choices.map((a) => ({ value: String(a.id), label: a.name })) },
    { kind: 'password', name: 'password', label: t('electricians.form.password'), required: !editing, helperText: editing ? t('electricians.form.passwordKept') : undefined },
    // In-Active keeps the electrician and its install history, and ends its sign-in at once
    ...(editing ? [{ kind: 'status' as const, name: 'status' as const }, { kind: 'checkbox' as const, name: 'second_factor_required' as const, label: t('secondFactor.require') }] : []),
  ];
  return (
    <RecordPage
      title={editing ? `${t('electricians.form.editTitle')} [${electrician.full_name}]` : t('electricians.form.addTitle')}
      {...page}
    >
      <FieldGrid form={form} fields={fields} />
    </RecordPage>
  );
}
