import { productDeviceType, useSelectedProduct } from '@fleet/shared-api';
import { useProductName } from '@fleet/shared-ui';

/** The selected product as the calls take it (`deviceType`) and as the screens name it. */
export function useProductLine(): { line: string; label: string } {
  const product = useSelectedProduct((state) => state.product);
  const productName = useProductName();
  return { line: productDeviceType(product), label: productName(product) };
}
