import { Flex, Heading, HStack, IconButton } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { ChevronLeftIcon } from '../icons';
import { useUiTranslation } from '../texts/ui-texts';

export interface PageHeaderProps {
  title: ReactNode;
  /** Buttons on the right (Add Rule, Filters, Export...). */
  actions?: ReactNode;
  /** Shows a back button (details screens). */
  onBack?: () => void;
}

/** The title row of every screen: one h1, an optional back button, actions on the right. */
export function PageHeader({ title, actions, onBack }: PageHeaderProps) {
  const { t } = useUiTranslation();
  return (
    <Flex as="header" align="center" justify="space-between" gap="4" wrap="wrap" mb="4">
      <HStack gap="2">
        {onBack && (
          <IconButton aria-label={t('common.back')} variant="ghost" size="sm" onClick={onBack}>
            <ChevronLeftIcon />
          </IconButton>
        )}
        <Heading as="h1" size="lg">
          {title}
        </Heading>
      </HStack>
      {actions && <HStack gap="2" wrap="wrap">{actions}</HStack>}
    </Flex>
  );
}
