import { errorMessage, notify, type ApiAnswer } from '@fleet/shared-api';
import { Box, Button, Card, Heading, HStack, Spinner, Stack, Text, TextField } from '@fleet/shared-ui';
import { useMutation, useQuery, useQueryClient, type UseQueryResult } from '@tanstack/react-query';
import type { FormEventHandler, ReactNode, Ref } from 'react';
import { useAuthTranslation } from '../forms/form-helpers';
import type { ProfileRole } from '../description';

const profileKey = (role: ProfileRole) => ['auth', 'profile', role] as const;

/** The signed-in user's profile (TanStack Query: cached per role, refetched after a save). */
export function useProfile<T>(role: ProfileRole, read: () => Promise<T>): UseQueryResult<T> {
  return useQuery({ queryKey: profileKey(role), queryFn: read });
}

/** Saves a profile: the server's message as a toast, then the cached profile is read again. */
export function useSaveProfile<V>(role: ProfileRole, save: (values: V) => Promise<ApiAnswer<unknown>>, onSaved?: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: save,
    onSuccess: async (answer) => {
      if (answer.message) notify.success(answer.message);
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
    <Box as="main" px={{ base: 4, md: 8 }} py="6" maxW="3xl">
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
