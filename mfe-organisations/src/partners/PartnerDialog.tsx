import { useSavePartner, type PartnerRow } from '../api/partners';
import { RecordDialog } from '../forms/RecordDialog';
import { useOrganisationsTranslation } from '../i18n/translation';
import { partnerSchema, partnerValues, type PartnerValues } from './partner-form';

/** Add or edit a partner in a dialog; a refusal shows inside it and what was typed stays. */
export function PartnerDialog({ editing, onClose }: { editing: PartnerRow | 'new' | null; onClose: () => void }) {
  const { t } = useOrganisationsTranslation();
  const save = useSavePartner();
  const p = (key: string) => t(`agencies.partner.${key}`);
  return (
    <RecordDialog<PartnerValues, PartnerRow>
      editing={editing}
      onClose={onClose}
      titles={{ add: p('add'), edit: p('edit') }}
      schema={partnerSchema}
      valuesOf={partnerValues}
      fields={[
        { name: 'name', label: p('name'), required: true },
        { name: 'email', label: p('email'), type: 'email', maxLength: 254 },
        { name: 'phone', label: p('phone'), type: 'tel', maxLength: 13 },
        { name: 'website', label: p('website'), type: 'url', maxLength: 500 },
      ]}
      save={save}
      store={(values, row) => save.mutateAsync({ id: row?.id ?? null, body: values })}
      submitLabel={t('agencies.common.save')}
      cancelLabel={t('agencies.common.cancel')}
    />
  );
}
