import { Stack, TextField } from '@fleet/shared-ui';
import { EditDialog } from '@fleet/shared-ui/overlays';
import * as yup from 'yup';
import { useSaveSite, type SiteRow } from '../api/nms';
import { textsOf, useRecordDialog } from '../forms/useSchemaDialogForm';
import { AddressField } from './AddressField';
import { ChoiceField } from './ChoiceField';
import { COMPANY_CHOICES } from './PagedChoice';
import { NAME_MAX, VALID_EMAIL_RE } from './rules';

function schemaFor(chooseCompany: boolean) {
  return yup.object({
    company_ids: yup.array(yup.number().required()).default([]).test('company', 'validation.selectCompany', (v) => !chooseCompany || (v?.length ?? 0) === 1),
    site_name: yup.string().trim().default('').required('validation.siteName').max(NAME_MAX, 'validation.siteNameLength'),
    site_address: yup.string().trim().default('').required('validation.siteAddress'),
    site_manager_name: yup.string().trim().default('').required('validation.siteManagerName').max(NAME_MAX, 'validation.siteManagerNameLength'),
    site_manager_email: yup.string().trim().default('').required('validation.siteManagerEmail').matches(VALID_EMAIL_RE, 'validation.email'),
  });
}
type SiteValues = yup.InferType<ReturnType<typeof schemaFor>>;

const valuesOf = (s: SiteRow | null): SiteValues => ({ company_ids: s ? [s.company_id] : [], ...textsOf(s, ['site_name', 'site_address', 'site_manager_name', 'site_manager_email']) });

/**
 * New Site (spec modal 4): Multi Site Company (Admin and Agency choose one, 25 at a time; a company
 * contact's sites are its company's), Site Name, Site Address, Site Manager Name, Site Manager Email.
 */
export function SiteDialog({
  open,
  site,
  chooseCompany,
  companyId,
  onClose,
}: {
  open: boolean;
  site: SiteRow | null;
  chooseCompany: boolean;
  /** The company the new site goes to when the dialog is opened for one (the assignment's second step). */
  companyId?: number;
  onClose: () => void;
}) {
  const save = useSaveSite();
  const chosen = (v: SiteValues) => (companyId !== undefined ? { company_id: companyId } : chooseCompany && v.company_ids[0] !== undefined ? { company_id: v.company_ids[0] } : {});
  const toBody = (v: SiteValues) => ({ ...chosen(v), site_name: v.site_name.trim(), site_address: v.site_address.trim(), site_manager_name: v.site_manager_name.trim(), site_manager_email: v.site_manager_email.trim() });
  const { t, err, editDialog, register, control, errors } = useRecordDialog({ schema: schemaFor(chooseCompany), open, record: site, valuesOf, save, onClose, titles: ['siteForm.updateTitle', 'siteForm.newTitle'], toBody });

  return (
    <EditDialog {...editDialog}>
      <Stack gap="4">
        {chooseCompany && (
          <ChoiceField control={control} name="company_ids" legend={t('siteForm.company')} {...COMPANY_CHOICES} known={site ? [{ id: site.company_id, label: site.company_name }] : []} multiple={false} error={err(errors.company_ids?.message)} />
        )}
        <TextField label={t('siteForm.name')} required maxLength={NAME_MAX} error={err(errors.site_name?.message)} {...register('site_name')} />
        <AddressField label={t('siteForm.address')} required error={err(errors.site_address?.message)} {...register('site_address')} />
        <TextField label={t('siteForm.managerName')} required maxLength={NAME_MAX} error={err(errors.site_manager_name?.message)} {...register('site_manager_name')} />
        <TextField label={t('siteForm.managerEmail')} required type="email" error={err(errors.site_manager_email?.message)} {...register('site_manager_email')} />
      </Stack>
    </EditDialog>
  );
}
