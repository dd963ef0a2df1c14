import { useFieldRefusal } from '@fleet/shared-api';
import { EditDialog, useDialogForm } from '@fleet/shared-ui/overlays';
import { yupResolver } from '@hookform/resolvers/yup';
import { useForm } from 'react-hook-form';
import { useUpdateCustomer, type CustomerInfo } from '../api/customers';
import type { CustomerArea } from '../description';
import { useCustomersTranslation } from '../i18n/translation';
import { personSchema, type PersonValues } from '../people/person-fields';
import { PersonFields } from '../people/PersonFields';

const valuesOf = (c: CustomerInfo): PersonValues => ({ email: c.email, first_name: c.first_name ?? '', last_name: c.last_name ?? '', phone_no: c.phone_no ?? '' });

/** Edit Customer (spec 5: email, names and phone of 8 to 13 characters required). */
export function EditCustomerDialog({ area, open, customer, onClose }: { area: CustomerArea; open: boolean; customer: CustomerInfo; onClose: () => void }) {
  const { t } = useCustomersTranslation();
  const save = useUpdateCustomer(area);
  const form = useForm<PersonValues>({ resolver: yupResolver(personSchema), defaultValues: valuesOf(customer) });
  const {
    register,
    setError,
    formState: { errors },
  } = form;
  // a taken email is said beside the Email field, and only there
  const refusal = useFieldRefusal(save.error, setError, { email: 'email' });
  // each opening starts from the saved customer; a refusal is said in the dialog (and the toast), or beside its field
  const { dialog, submit } = useDialogForm({ form, open, record: customer, valuesOf, save, onClose, t, error: refusal });

  return (
    <EditDialog
      {...dialog}
      title={t('edit.title')}
      submitLabel={t('edit.save')}
      cancelLabel={t('edit.cancel')}
      onSubmit={submit((values) => save.mutateAsync({ customer_id: customer.id, ...values }))}
    >
      <PersonFields register={register} errors={errors} />
    </EditDialog>
  );
}
