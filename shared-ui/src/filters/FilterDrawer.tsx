import { Drawer } from '@chakra-ui/react';
import { Button, CloseButton, HStack, Portal, Stack, useUiTranslation } from '@fleet/shared-ui';
import type { ReactNode } from 'react';

export interface FilterDrawerProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title?: string;
  /** The caller applies the filter on page 1. */
  onApply: () => void;
  onClear: () => void;
  /** Close the panel after Apply (default true). */
  closeOnApply?: boolean;
  children: ReactNode;
}

/** The side panel of list filters (spec 2.15): slides in from the right, Clear and Apply, Enter applies. */
export function FilterDrawer({
  open,
  onOpenChange,
  title,
  onApply,
  onClear,
  closeOnApply = true,
  children,
}: FilterDrawerProps) {
  const { t } = useUiTranslation();
  const apply = () => {
    onApply();
    if (closeOnApply) onOpenChange(false);
  };
  return (
    <Drawer.Root open={open} onOpenChange={(details) => onOpenChange(details.open)} placement="end" size="sm" lazyMount unmountOnExit>
      <Portal>
        <Drawer.Backdrop />
        <Drawer.Positioner>
          {/* Spec 9: the side panel comes in over 600 ms and leaves over 500 ms. */}
          <Drawer.Content _open={{ animationDuration: '600ms' }} _closed={{ animationDuration: '500ms' }}>
            <form
              noValidate
              style={{ display: 'contents' }}
              onSubmit={(event) => {
                event.preventDefault();
                apply();
              }}
              onKeyDown={(event) => {
                // Enter in any field applies, selects included (a form submits on Enter from text boxes only).
                const target = event.target as HTMLElement;
                if (event.key === 'Enter' && target.tagName === 'SELECT') {
                  event.preventDefault();
                  apply();
                }
              }}
            >
              <Drawer.Header>
                <Drawer.Title>{title ?? t('filters.title')}</Drawer.Title>
              </Drawer.Header>
              <Drawer.Body>
                <Stack gap="4">{children}</Stack>
              </Drawer.Body>
              <Drawer.Footer>
                <HStack gap="3">
                  <Button type="button" variant="outline" onClick={onClear}>
                    {t('filters.clear')}
                  </Button>
                  <Button type="submit">{t('filters.apply')}</Button>
                </HStack>
              </Drawer.Footer>
            </form>
            <Drawer.CloseTrigger asChild>
              <CloseButton size="sm" aria-label={t('filters.close')} />
            </Drawer.CloseTrigger>
          </Drawer.Content>
        </Drawer.Positioner>
      </Portal>
    </Drawer.Root>
  );
}
