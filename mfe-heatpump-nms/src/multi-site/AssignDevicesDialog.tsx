import { errorMessage } from '@fleet/shared-api';
import { Button, HStack, Stack, Text } from '@fleet/shared-ui';
import { ModalDialog, useOnOpen } from '@fleet/shared-ui/overlays';
import { useCallback, useState } from 'react';
import { useAssignDevices, useCompanyByContact, type DeviceAssignment } from '../api/nms';
import { useHeatPumpTranslation } from '../i18n/translation';
import { CompanyDialog } from './CompanyDialog';
import { COMPANY_CHOICES, nameSearch, PagedChoice } from './PagedChoice';
import { SiteDialog } from './SiteDialog';

export interface AssignDevicesDialogProps {
  open: boolean;
  /** The chosen heat pumps, or every one matching the list's filter. */
  selection: Pick<DeviceAssignment, 'device_ids' | 'all' | 'filter'>;
  count: number;
  /** Admin goes on to a site (Next); an agency assigns the company (Assign). */
  admin: boolean;
  onClose: () => void;
  onAssigned: () => void;
}

/**
 * Choose Multi-Site for the selected devices, then Choose Site for the Selected Devices (spec modals 1
 * and 3): a company (or a new one), then one of its sites (or a new one), or Skip this step. An agency
 * assigns the company at once, and may name a company it did not create by its exact contact email
 * (spec 6: the hint): that company shows as a choice, and the assignment carries the email.
 */
export function AssignDevicesDialog({ open, selection, count, admin, onClose, onAssigned }: AssignDevicesDialogProps) {
  const { t } = useHeatPumpTranslation();
  const assign = useAssignDevices();
  const [step, setStep] = useState<'company' | 'site'>('company');
  const [company, setCompany] = useState<number[]>([]);
  const [site, setSite] = useState<number[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [adding, setAdding] = useState<'company' | 'site' | null>(null);
  const [searched, setSearched] = useState('');
  const onSearch = useCallback((text: string) => setSearched(text), []);
  const byContact = useCompanyByContact(admin ? '' : searched);
  const found = byContact.data ? { id: byContact.data.id, label: t('assign.byContact', { name: byContact.data.company_name, email: searched }) } : null;
  // the email that named the chosen company, kept with the choice (the search may change after)
  const [contactEmail, setContactEmail] = useState<string | null>(null);
  // each opening starts clean
  useOnOpen(open, () => {
    setStep('company');
    setCompany([]);
    setSite([]);
    setContactEmail(null);
    setError(null);
    assign.reset();
  });

  const run = async (siteId?: number) => {
    const companyId = company[0];
    if (companyId === undefined) return;
    try {
      const target = contactEmail !== null ? { contact_person_email: contactEmail } : { company_id: companyId };
      await assign.mutateAsync({ ...selection, ...target, ...(siteId !== undefined ? { site_id: siteId } : {}) });
      onAssigned();
      onClose();
    } catch {
      // said in the dialog
    }
  };
  const next = () => {
    // spec 5: no company ticked (or the tick taken back) says so
    if (company.length === 0) return setError(t('assign.selectMultisite'));
    if (admin) {
      setError(null);
      setStep('site');
    } else void run();
  };
  const assignSite = () => {
    const siteId = site[0];
    if (siteId === undefined) return setError(t('assign.selectSite'));
    void run(siteId);
  };
  const refusal = error ?? (assign.isError ? errorMessage(assign.error) : null);

  return (
    <>
      <ModalDialog
        open={open && adding === null}
        title={step === 'company' ? t('assign.companyTitle') : t('assign.siteTitle')}
        onClose={onClose}
        busy={assign.isPending}
        footer={
          step === 'company' ? (
            <HStack justify="space-between" w="full">
              <Button variant="outline" onClick={() => setAdding('company')}>
                {t('companyForm.add')}
              </Button>
              <Button onClick={next} loading={assign.isPending}>
                {admin ? t('assign.next') : t('assign.assign')}
              </Button>
            </HStack>
          ) : (
            <HStack justify="space-between" w="full" wrap="wrap">
              <Button variant="outline" onClick={() => setAdding('site')}>
                {t('siteForm.add')}
              </Button>
              <HStack>
                <Button variant="outline" onClick={() => void run()} disabled={assign.isPending}>
                  {t('assign.skip')}
                </Button>
                <Button onClick={assignSite} loading={assign.isPending}>
                  {t('assign.assign')}
                </Button>
              </HStack>
            </HStack>
          )
        }
      >
        <Stack gap="3">
          <Text fontSize="sm">{t('assign.count', { count })}</Text>
          {step === 'company' ? (
            <PagedChoice
              key="company"
              legend={t('siteForm.company')}
              {...COMPANY_CHOICES}
              selected={company}
              onChange={(ids) => {
                setCompany(ids);
                setContactEmail(found !== null && ids[0] === found.id ? searched : null);
                setError(ids.length === 0 ? t('assign.selectMultisiteAgain') : null);
              }}
              multiple={false}
              error={refusal ?? undefined}
              {...(admin ? {} : { hint: t('assign.contactHint'), onSearch, known: found ? [found] : [] })}
            />
          ) : (
            <PagedChoice
              key={`sites-of-${company[0] ?? 0}`}
              legend={t('places.sites')}
              list="sites"
              search={nameSearch('site_name', [{ key: 'company_id', value: String(company[0] ?? 0) }])}
              toOption={(row) => ({ id: Number(row.id), label: String(row.site_name) })}
              selected={site}
              onChange={(ids) => {
                setSite(ids);
                setError(null);
              }}
              multiple={false}
              error={refusal ?? undefined}
            />
          )}
        </Stack>
      </ModalDialog>
      <CompanyDialog open={adding === 'company'} company={null} admin={admin} onClose={() => setAdding(null)} />
      <SiteDialog open={adding === 'site'} site={null} chooseCompany={false} {...(company[0] !== undefined ? { companyId: company[0] } : {})} onClose={() => setAdding(null)} />
    </>
  );
}
