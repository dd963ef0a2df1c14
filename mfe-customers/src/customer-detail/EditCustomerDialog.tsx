import { useUpdateCustomer, type CustomerInfo } from '../api/customers';
import type { CustomerArea } from '../description';
import { useCustomersTranslation } from '../i18n/translation';
import type { PersonValues } from '../people/person-fields';
import { PersonDialog } from '../people/PersonDialog';

const valuesOf = (c: CustomerInfo): PersonValues => ({ email: c.email, first_name: c.first_name ?? '', last_name: c.last_name ?? '', phone_no: c.phone_no ?? '' });

/** Edit Customer (spec 5: email, names and phone of 8 to 13 characters required). */
export function EditCustomerDialog({ area, open, customer, onClose }: { area: CustomerArea; open: boolean; customer: CustomerInfo; onClose: () => void }) {
  const { t } = useCustomersTranslation();
  const save = useUpdateCustomer(area);
  return (
    <PersonDialog open={open} onClose={onClose} title={t('edit.title')} submitLabel={t('edit.save')} cancelLabel={t('edit.cancel')} record={customer} valuesOf={valuesOf} save={save}
      store={(values) => save.mutateAsync({ customer_id: customer.id, ...values })}
    />
  );
}
