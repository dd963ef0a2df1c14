import { errorMessage } from '@fleet/shared-api';
import type { UseQueryResult } from '@fleet/shared-api/query';
import { Heading, HStack, Spinner, Stack, Text } from '@fleet/shared-ui';
import type { ReactNode } from 'react';
import { useAuthTranslation } from '../../forms/form-helpers';

/** One section of the profile's security card: its heading (which names it), the button beside it, a muted intro. */
export function SecuritySection({ id, title, action, intro, children }: { id: string; title: string; action?: ReactNode; intro: string; children: ReactNode }) {
  return (
    <Stack as="section" aria-labelledby={id} gap="3">
      <HStack justify="space-between" wrap="wrap">
        <Heading as="h2" size="md" id={id}>
          {title}
        </Heading>
        {action}
      </HStack>
      <Text color="fg.muted">{intro}</Text>
      {children}
    </Stack>
  );
}

/** A section's read: a spinner while it comes, its refusal as text, then what `children` draws of it. */
export function SectionRead<T>({ read, children }: { read: UseQueryResult<T>; children: (data: T) => ReactNode }) {
  const { t } = useAuthTranslation();
  if (read.isPending) return <Spinner size="sm" aria-label={t('common.loading')} />;
  // not an alert: the profile's own load failure is the page's one
  if (read.isError) return <Text color="fg.error">{errorMessage(read.error)}</Text>;
  return children(read.data);
}
