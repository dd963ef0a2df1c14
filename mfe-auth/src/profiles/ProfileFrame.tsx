import { errorMessage, notify, useSession, type ApiAnswer, type LoginUserDetails } from '@fleet/shared-api';
import { Box, Button, Card, Heading, HStack, Spinner, Stack, Text, TextField } from '@fleet/shared-ui';
import { useMutation, useQuery, useQueryClient, type UseQueryResult } from '@tanstack/react-query';
import { useEffect, useRef, type FormEventHandler, type ReactNode, type Ref } from 'react';
import { useAuthTranslation } from '../forms/form-helpers';
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

export interface SaveProfileOptions<V> {
  /** Clears what must not stay in the form after a save (the password boxes). */
  onSaved?: () => void;
  /** The names of the signed-in user that this save changed. */
  signedInDetails?: (values: V) => Partial<LoginUserDetails>;
}

/** Saves a profile: the server's message as a toast, then the cached profile is read again. */
export function useSaveProfile<V>(
  role: ProfileRole,
  save: (values: V) => Promise<ApiAnswer<unknown>>,
  { onSaved, signedInDetails }: SaveProfileOptions<V> = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: save,
    onSuccess: async (answer, values) => {
      if (answer.message) notify.success(answer.message);
      if (signedInDetails) updateSignedInDetails(signedInDetails(values));
      onSaved?.();
      await queryClient.invalidateQueries({ queryKey: profileKey(role) });
    },
    onError: (err) => notify.error(errorMessage(err)),
  });
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
