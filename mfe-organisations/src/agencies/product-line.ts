import { productDeviceType, productLabel, useSelectedProduct } from '@fleet/shared-api';

/** The selected product as the calls take it (`deviceType`) and as the screens name it. */
export function useProductLine(): { line: string; label: string } {
  const product = useSelectedProduct((state) => state.product);
  return { line: productDeviceType(product), label: productLabel(product) };
}
