import { ApiError, errorMessage, NAME_MAX_LENGTH, useBackTo, useParams } from '@fleet/shared-api';
import { Button, FormField, HStack, Input, Stack, Text } from '@fleet/shared-ui';
import { yupResolver } from '@hookform/resolvers/yup';
import { useEffect } from 'react';
import { Controller, FormProvider, useFieldArray, useForm, type Resolver } from 'react-hook-form';
import { useDeleteTariff, useSaveTariff, useTariff, type TariffInfo } from '../api/tariffs';
import { TARIFF_PATHS } from '../description';
import { useOrganisationsTranslation } from '../i18n/translation';
import { RecordPage, type RecordLoad } from '../record-page/RecordPage';
import { errorAt } from './form-errors';
import { PostCodeUpload } from './PostCodeUpload';
import { emptyTariff, newType, tariffBody, tariffSchema, tariffValues, type TariffFormValues } from './tariff-form';
import { TariffTypeFields } from './TariffTypeFields';

const LOADED: RecordLoad = { isPending: false, isError: false, error: null, refetch: () => undefined };
const resolver = yupResolver(tariffSchema) as unknown as Resolver<TariffFormValues>;

/** The form of a new tariff (info null) or of a stored one: company, post codes and tariff types. */
function TariffEditor({ info }: { info: TariffInfo | null }) {
  const { t } = useOrganisationsTranslation();
  const save = useSaveTariff();
  const remove = useDeleteTariff();
  const back = useBackTo(TARIFF_PATHS.list);
  const form = useForm<TariffFormValues>({ resolver, defaultValues: info ? tariffValues(info) : emptyTariff() });
  const {
    register,
    control,
    handleSubmit,
    watch,
    trigger,
    formState: { errors, isSubmitted },
  } = form;
  // After a first Save every change checks the whole form again: the rules of a day, a season list
  // or the types (24 hours, 365 days, unique) hang on no one field, so per-field checks would miss them.
  useEffect(() => {
    if (!isSubmitted) return undefined;
    const watching = watch(() => void trigger());
    return () => watching.unsubscribe();
  }, [isSubmitted, watch, trigger]);
  const types = useFieldArray({ control, name: 'typeTarrif' });
  const err = (path: string) => {
    const message = errorAt(errors, path);
    return message ? t(message) : undefined;
  };
  const submit = handleSubmit(async (values) => {
    try {
      await save.mutateAsync({ id: info?.id ?? null, body: tariffBody(values) });
      back();
    } catch {
      // said above the footer (and in the toast); what was typed stays
    }
  });

  return (
    <RecordPage title={info ? t('tariffs.form.editTitle') : t('tariffs.form.addTitle')} backTo={TARIFF_PATHS.list} load={LOADED}
      {...(info
        ? {
            remove: {
              title: t('tariffs.list.deleteTitle'),
              text: t('tariffs.list.deleteText', { name: info.company }),
              run: () => remove.mutateAsync(info.id),
              afterTo: TARIFF_PATHS.list,
            },
          }
        : {})}
      form={{ onSubmit: (event) => void submit(event), busy: save.isPending, error: save.isError ? errorMessage(save.error) : null }}
    >
      <FormProvider {...form}>
        <Stack gap="5" maxW="5xl">
          <FormField label={t('tariffs.form.company')} required error={err('company')}>
            <Input size="sm" autoComplete="off" maxLength={NAME_MAX_LENGTH} {...register('company')} />
          </FormField>
          <FormField label={t('tariffs.form.postCodes')} required>
            <Controller control={control} name="postCodes" render={({ field }) => <PostCodeUpload value={field.value} onChange={field.onChange} error={err('postCodes')} />} />
          </FormField>
          <Text fontWeight="semibold">{t('tariffs.form.tariffTypes')}</Text>
          {types.fields.map((row, index) => (
            <TariffTypeFields key={row.id} index={index} onRemove={types.fields.length > 1 ? () => types.remove(index) : null} />
          ))}
          <HStack>
            <Button size="sm" variant="outline" onClick={() => types.append(newType())}>
              {t('tariffs.form.addType')}
            </Button>
          </HStack>
        </Stack>
      </FormProvider>
    </RecordPage>
  );
}

/** Add Tariff (/admin/tariff) and Edit Tariff (/admin/tariff/{id}), on the one add/edit page shell. */
export function TariffPage() {
  const { t } = useOrganisationsTranslation();
  const { id: raw } = useParams();
  const id = raw === undefined ? null : Number(raw);
  const valid = id === null || (Number.isInteger(id) && id > 0);
  const tariff = useTariff(valid ? id : null);
  if (id === null) return <TariffEditor info={null} />;
  if (!valid || !tariff.data) {
    const load: RecordLoad = valid ? tariff : { isPending: false, isError: true, error: new ApiError(404, t('tariffs.form.notFound')), refetch: () => undefined };
    return <RecordPage title={t('tariffs.form.editTitle')} backTo={TARIFF_PATHS.list} load={load} notFoundText={t('tariffs.form.notFound')} />;
  }
  return <TariffEditor key={tariff.data.id} info={tariff.data} />;
}
