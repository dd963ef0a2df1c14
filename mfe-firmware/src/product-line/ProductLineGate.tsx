import { useSelectedProduct } from '@fleet/shared-api';
import { OptionSelect } from '@fleet/shared-ui/tables';
import { Box, FormField, Stack, Text, useProductName } from '@fleet/shared-ui';
import type { ReactNode } from 'react';
import { isProductLine, PRODUCT_LINES, useChooseFirmwareLine, useFirmwareProduct } from '../api/device-type';
import { useFirmwareTranslation } from '../common/translation';

/**
 * Firmware, rules, groups and pushes are kept per product line. With one product selected in the
 * shell, that line is used and nothing is shown here. Under "All Products" the screen asks for a
 * line (a labelled select above it) and shows nothing of the fleet until one is chosen; the choice
 * is kept in the URL and remembered for the next visit.
 */
export function ProductLineGate({ children }: { children: ReactNode }) {
  const { t } = useFirmwareTranslation();
  const productName = useProductName();
  const selected = useSelectedProduct((state) => state.product);
  const product = useFirmwareProduct();
  const choose = useChooseFirmwareLine();
  if (selected !== 'all') return <>{children}</>;

  const chosen = isProductLine(product) ? product : '';
  const picker = (
    <Box maxW="xs">
      <FormField label={t('productLine.label')}>
        <OptionSelect
          name="product-line"
          value={chosen}
          emptyLabel={chosen ? undefined : t('productLine.choose')}
          options={PRODUCT_LINES.map((line) => ({ value: line, label: productName(line) }))}
          onChange={(value) => {
            if (isProductLine(value)) choose(value);
          }}
        />
      </FormField>
    </Box>
  );
  if (!chosen) {
    return (
      <Stack gap="4" p="4" role="region" aria-label={t('productLine.label')}>
        <Text>{t('productLine.why')}</Text>
        {picker}
      </Stack>
    );
  }
  return (
    <Stack gap="2">
      <Box px="4" pt="3">
        {picker}
      </Box>
      {children}
    </Stack>
  );
}
