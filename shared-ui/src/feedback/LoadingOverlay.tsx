import { Box, Center, Spinner, Text, VStack } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { useUiTranslation } from '../texts/ui-texts';

export interface LoadingOverlayProps {
  loading: boolean;
  label?: string;
  children: ReactNode;
}

/** Keeps the content in place (no layout jump) and lays a spinner over it while loading. */
export function LoadingOverlay({ loading, label, children }: LoadingOverlayProps) {
  const { t } = useUiTranslation();
  return (
    <Box position="relative" aria-busy={loading}>
      {children}
      {loading && (
        <Center position="absolute" inset="0" bg="bg/70" zIndex="1" role="status" aria-live="polite">
          <Spinner size="lg" color="colorPalette.solid" aria-hidden="true" />
          <Box srOnly>{label ?? t('common.loading')}</Box>
        </Center>
      )}
    </Box>
  );
}

export interface LoadingAreaProps {
  label?: string;
  minHeight?: string;
}

/** A whole area waiting for its content (e.g. a remote being loaded by the shell). */
export function LoadingArea({ label, minHeight = '40' }: LoadingAreaProps) {
  const { t } = useUiTranslation();
  return (
    <Center minH={minHeight} role="status" aria-live="polite">
      <VStack gap="3">
        <Spinner size="xl" color="colorPalette.solid" aria-hidden="true" />
        <Text color="fg.muted">{label ?? t('common.loading')}</Text>
      </VStack>
    </Center>
  );
}
