import { useFieldRefusal } from '@fleet/shared-api';
import { EditDialog } from '@fleet/shared-ui/overlays';
import { yupResolver } from '@hookform/resolvers/yup';
import { useEffect } from 'react';
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
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm<PersonValues>({ resolver: yupResolver(personSchema), defaultValues: valuesOf(customer) });
  // a taken email is said beside the Email field, and only there
  const refusal = useFieldRefusal(save.error, setError, { email: 'email' });

  useEffect(() => {
    if (open) {
      reset(valuesOf(customer));
      save.reset();
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- each opening starts from the saved customer; reset is stable
  }, [open, customer, reset]);

  const submit = handleSubmit(async (values) => {
    try {
      await save.mutateAsync({ customer_id: customer.id, ...values });
      onClose();
    } catch {
      // said in the dialog (and the toast), or beside its field; what was typed stays
    }
  });

  return (
    <EditDialog
      open={open}
      title={t('edit.title')}
      submitLabel={t('edit.save')}
      cancelLabel={t('edit.cancel')}
      onClose={onClose}
      onSubmit={(event) => void submit(event)}
      busy={save.isPending}
      error={refusal}
    >
      <PersonFields register={register} errors={errors} />
    </EditDialog>
  );
}
