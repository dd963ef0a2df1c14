import { errorMessage, notify, useSession, type ApiAnswer, type LoginUserDetails } from '@fleet/shared-api';
import { Box, Button, Card, FormField, Heading, HStack, PasswordInput, SimpleGrid, Spinner, Stack, Text, TextField } from '@fleet/shared-ui';
import { useMutation, useQuery, useQueryClient, type UseQueryResult } from '@fleet/shared-api/query';
import { lazy, Suspense, type ComponentType, type FormEventHandler, type ReactNode, type Ref } from 'react';
import type { DefaultValues, Path, UseFormRegisterReturn } from 'react-hook-form';
import type { AnyObject, InferType, ObjectSchema } from 'yup';
import { useAuthForm, useAuthTranslation } from '../forms/form-helpers';
import type { ProfileRole } from '../description';
import { useReadAgainOnRenewal } from './useReadAgainOnRenewal';

// Two-step sign-in and sessions (issue 24) in a chunk of their own, with their texts, dialogs and the
// QR code's library: a profile's form shows without waiting for them.
const AccountSecurity = lazy(() => import('./security/AccountSecurity').then((m) => ({ default: m.AccountSecurity })));
const SecondFactorRequired = lazy(() => import('./security/AccountSecurity').then((m) => ({ default: m.SecondFactorRequired })));

const profileKey = (role: ProfileRole) => ['auth', 'profile', role] as const;

/** The signed-in user's profile (TanStack Query: cached per role, refetched after a save). */
function useProfile<T>(role: ProfileRole, read: () => Promise<T>): UseQueryResult<T> {
  return useReadAgainOnRenewal(useQuery({ queryKey: profileKey(role), queryFn: read }));
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

/** The form of every profile screen (useAuthForm's) and the save with its toast. */
export function useProfileForm<Schema extends ObjectSchema<AnyObject>, Body>(
  role: ProfileRole,
  schema: Schema,
  defaultValues: DefaultValues<InferType<Schema>>,
  save: (body: Body) => Promise<ApiAnswer<unknown>>,
  { toBody, clearOnSave = [], signedInDetails }: ProfileFormOptions<InferType<Schema>, Body>,
) {
  const { form, formRef, errors, errorText, field, submit } = useAuthForm(schema, defaultValues);
  const mutation = useSaveProfile(role, save, {
    onSaved: () => clearOnSave.forEach((name) => form.resetField(name)),
    signedInDetails,
  });
  const onSubmit = submit((values) => mutation.mutate(toBody(values)));
  return { register: form.register, errors, errorText, field, formProps: { formRef, onSubmit, saving: mutation.isPending } };
}

/** A profile form's text boxes as read: each of `keys` from the profile, blank where it has none. */
export function textsOf<Info extends object, Key extends keyof Info & string>(info: Info, keys: readonly Key[]): Record<Key, string> {
  return Object.fromEntries(keys.map((key) => [key, info[key] ?? ''])) as Record<Key, string>;
}

/** A profile's password boxes: blank at first (left blank, the password stays as it is) and emptied after a save. */
export const BLANK_PASSWORDS = { password: '', current_password: '' };
export const PASSWORD_BOXES = ['password', 'current_password'] as const;

/** A profile that changes the signed-in user's names: the header shows the new ones. */
export const signedInNames = (body: Pick<LoginUserDetails, 'first_name' | 'last_name'>): Partial<LoginUserDetails> => ({ first_name: body.first_name, last_name: body.last_name });

export interface ProfileFrameProps<T> {
  role: ProfileRole;
  read: () => Promise<T>;
  /** The text key of the screen's heading. */
  title: string;
  /** The role's form, mounted with the profile read. */
  form: ComponentType<{ info: T }>;
}

/**
 * A profile screen: heading, loading and load-failure states around the role's form (the form mounts with
 * the data), then two-step sign-in and sessions. Profiles are chunks of their own (AuthRoutes), so none of
 * this comes with /login.
 */
export function ProfileFrame<T>({ role, read, title, form: Form }: ProfileFrameProps<T>) {
  const { t } = useAuthTranslation();
  const query = useProfile(role, read);
  // the organisation requires a second factor and this session has none yet (the shell keeps it here)
  const setupRequired = useSession((s) => s.secondFactorSetup());
  return (
    <Box maxW="3xl" py="2">
      <Stack gap="6">
        <Heading as="h1" size="xl">
          {t(title)}
        </Heading>
        {setupRequired && (
          <Suspense fallback={null}>
            <SecondFactorRequired />
          </Suspense>
        )}
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
            <Card.Body>
              <Form info={query.data} />
            </Card.Body>
          </Card.Root>
        )}
        {/* the same for every role: about the signed-in person, not the role's record (issue 24) */}
        <Suspense fallback={null}>
          <AccountSecurity />
        </Suspense>
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

/** The form of every profile: the sign-in email shown read-only, the role's fields in a grid of two, and Save. */
export function ProfileForm({ formRef, onSubmit, email, saving, children }: ProfileFormProps) {
  const { t } = useAuthTranslation();
  return (
    <form ref={formRef} noValidate onSubmit={onSubmit}>
      <Stack gap="4">
        <TextField label={t('common.email')} value={email} readOnly helperText={t('common.readOnlyEmail')} />
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
          {children}
        </SimpleGrid>
        <Box>
          <Button type="submit" colorPalette="teal" loading={saving}>
            {t('common.save')}
          </Button>
        </Box>
      </Stack>
    </form>
  );
}

/** A registered field of a profile form with its message (useProfileForm's `field(name)`). */
export interface ProfileFieldProps extends UseFormRegisterReturn {
  error: string | undefined;
}

/** First and last name, side by side in the profile's grid. */
export function ProfileNameFields({ first, last }: { first: ProfileFieldProps; last: ProfileFieldProps }) {
  const { t } = useAuthTranslation();
  return (
    <>
      <TextField label={t('common.firstName')} required autoComplete="given-name" {...first} />
      <TextField label={t('common.lastName')} required autoComplete="family-name" {...last} />
    </>
  );
}

/**
 * The optional new password (left blank, the password stays as it is) and the current password, asked
 * for whenever a new one is typed (the server checks it): the last fields of a profile.
 */
export function ProfilePasswordFields({ password, current }: { password: ProfileFieldProps; current: ProfileFieldProps }) {
  const { t } = useAuthTranslation();
  const { error: passwordError, ...passwordField } = password;
  const { error: currentError, ...currentField } = current;
  return (
    <>
      <FormField label={t('common.password')} helperText={t('common.leaveBlank')} error={passwordError}>
        <PasswordInput autoComplete="new-password" {...passwordField} />
      </FormField>
      <FormField label={t('common.currentPassword')} helperText={t('common.currentPasswordHelp')} error={currentError}>
        <PasswordInput autoComplete="current-password" {...currentField} />
      </FormField>
    </>
  );
}
