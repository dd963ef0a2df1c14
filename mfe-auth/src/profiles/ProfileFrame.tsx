import { errorMessage, notify, useSession, type ApiAnswer, type LoginUserDetails } from '@fleet/shared-api';
import { Box, Button, Card, FormField, Heading, HStack, PasswordInput, Spinner, Stack, Text, TextField } from '@fleet/shared-ui';
import { yupResolver } from '@hookform/resolvers/yup';
import { useMutation, useQuery, useQueryClient, type UseQueryResult } from '@tanstack/react-query';
import { useEffect, useRef, type FormEventHandler, type ReactNode, type Ref } from 'react';
import { useForm, type DefaultValues, type Path, type UseFormRegisterReturn } from 'react-hook-form';
import type { AnyObject, InferType, ObjectSchema } from 'yup';
import { useAuthTranslation, useErrorText, useFirstErrorFocus } from '../forms/form-helpers';
import type { ProfileRole } from '../description';

const profileKey = (role: ProfileRole) => ['auth', 'profile', role] as const;

/**
 * The signed-in user's profile (TanStack Query: cached per role, refetched after a save). A read
 * refused because the session expired is read again once the session is renewed.
 */
export function useProfile<T>(role: ProfileRole, read: () => Promise<T>): UseQueryResult<T> {
  const query = useQuery({ queryKey: profileKey(role), queryFn: read });
  const accessToken = useSession((state) => state.accessToken);
  const { isError, refetch } = query;
  const seenToken = useRef(accessToken);
  useEffect(() => {
    if (seenToken.current === accessToken) return;
    seenToken.current = accessToken;
    if (isError && accessToken) void refetch();
  }, [accessToken, isError, refetch]);
  return query;
}

/**
 * The console shows the signed-in user's name from `login-user-info`; after a profile save the stored
 * copy takes the new names so the header does not show the old ones until the next sign-in.
 */
function updateSignedInDetails(patch: Partial<LoginUserDetails>): void {
  const { accessToken, refreshToken, loginUserInfo, signIn } = useSession.getState();
  if (!accessToken || !refreshToken || !loginUserInfo) return;
  signIn({ token: accessToken, refresh_token: refreshToken, info: { ...loginUserInfo, userInfo: { ...loginUserInfo.userInfo, ...patch } } });
}

interface SaveProfileOptions<V> {
  /** Clears what must not stay in the form after a save (the password boxes). */
  onSaved?: () => void;
  /** The names of the signed-in user that this save changed. */
  signedInDetails?: (values: V) => Partial<LoginUserDetails>;
}

/** Saves a profile: the server's message as a toast, then the cached profile is read again. */
function useSaveProfile<V>(
  role: ProfileRole,
  save: (values: V) => Promise<ApiAnswer<unknown>>,
  { onSaved, signedInDetails }: SaveProfileOptions<V> = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: save,
    onSuccess: async (answer, values) => {
      if (answer.message) notify.success(answer);
      if (signedInDetails) updateSignedInDetails(signedInDetails(values));
      onSaved?.();
      await queryClient.invalidateQueries({ queryKey: profileKey(role) });
    },
    onError: (err) => notify.failure(err),
  });
}

export interface ProfileFormOptions<Values, Body> {
  /** The save call's body built from the checked form values. */
  toBody: (values: Values) => NoInfer<Body>;
  /** Fields emptied after a save (the password boxes): back to their default value, which is blank. */
  clearOnSave?: readonly Path<Values>[];
  /** The names of the signed-in user that this save changed. */
  signedInDetails?: (body: Body) => Partial<LoginUserDetails>;
}

/**
 * The form plumbing of every profile screen: yup-checked values, the first field in error focused
 * (spec 5, in screen order, so react-hook-form's own focus is off), and the save with its toast.
 * Generic over the schema so `register('agencyName')` is checked against that screen's fields.
 */
export function useProfileForm<Schema extends ObjectSchema<AnyObject>, Body>(
  role: ProfileRole,
  schema: Schema,
  defaultValues: DefaultValues<InferType<Schema>>,
  save: (body: Body) => Promise<ApiAnswer<unknown>>,
  { toBody, clearOnSave = [], signedInDetails }: ProfileFormOptions<InferType<Schema>, Body>,
) {
  const errorText = useErrorText();
  const { formRef, onInvalid } = useFirstErrorFocus<InferType<Schema>>();
  const {
    register,
    handleSubmit,
    resetField,
    formState: { errors },
  } = useForm<InferType<Schema>>({ resolver: yupResolver(schema), defaultValues, shouldFocusError: false });
  const mutation = useSaveProfile(role, save, {
    onSaved: () => clearOnSave.forEach((field) => resetField(field)),
    signedInDetails,
  });
  const onSubmit = handleSubmit((values) => mutation.mutate(toBody(values)), onInvalid);
  return { register, errors, errorText, formProps: { formRef, onSubmit, saving: mutation.isPending } };
}

export interface ProfileFrameProps<T> {
  title: string;
  query: UseQueryResult<T>;
  children: (info: T) => ReactNode;
}

/** Heading, loading and load-failure states around a profile form; the form mounts with the data. */
export function ProfileFrame<T>({ title, query, children }: ProfileFrameProps<T>) {
  const { t } = useAuthTranslation();
  return (
    <Box maxW="3xl" py="2">
      <Stack gap="6">
        <Heading as="h1" size="xl">
          {title}
        </Heading>
        {query.isPending ? (
          <HStack role="status" gap="3">
            <Spinner size="sm" />
            <Text>{t('common.loading')}</Text>
          </HStack>
        ) : query.isError ? (
          <Stack role="alert" gap="3" align="flex-start">
            <Text>{t('common.loadFailed')}</Text>
            <Text color="fg.muted">{errorMessage(query.error)}</Text>
            <Button variant="outline" onClick={() => void query.refetch()}>
              {t('common.retry')}
            </Button>
          </Stack>
        ) : (
          <Card.Root>
            <Card.Body>{children(query.data)}</Card.Body>
          </Card.Root>
        )}
      </Stack>
    </Box>
  );
}

export interface ProfileFormProps {
  formRef: Ref<HTMLFormElement>;
  onSubmit: FormEventHandler<HTMLFormElement>;
  email: string;
  saving: boolean;
  children: ReactNode;
}

/** The form of every profile: the sign-in email shown read-only, the role's fields, and Save. */
export function ProfileForm({ formRef, onSubmit, email, saving, children }: ProfileFormProps) {
  const { t } = useAuthTranslation();
  return (
    <form ref={formRef} noValidate onSubmit={onSubmit}>
      <Stack gap="4">
        <TextField label={t('common.email')} value={email} readOnly helperText={t('common.readOnlyEmail')} />
        {children}
        <Box>
          <Button type="submit" colorPalette="teal" loading={saving}>
            {t('common.save')}
          </Button>
        </Box>
      </Stack>
    </form>
  );
}

export interface ProfilePasswordFieldProps extends UseFormRegisterReturn {
  error: string | undefined;
}

/** The optional new password of a profile: left blank, the password stays as it is. */
export function ProfilePasswordField({ error, ...field }: ProfilePasswordFieldProps) {
  const { t } = useAuthTranslation();
  return (
    <FormField label={t('common.password')} helperText={t('common.leaveBlank')} error={error}>
      <PasswordInput autoComplete="new-password" {...field} />
    </FormField>
  );
}

/** The current password, asked for whenever a new one is typed (the server checks it). */
export function ProfileCurrentPasswordField({ error, ...field }: ProfilePasswordFieldProps) {
  const { t } = useAuthTranslation();
  return (
    <FormField label={t('common.currentPassword')} helperText={t('common.currentPasswordHelp')} error={error}>
      <PasswordInput autoComplete="current-password" {...field} />
    </FormField>
  );
}
