import { create } from 'zustand';
import { isProductKey } from '../remote-contract';
import type { DeviceType, ProductKey } from '../remote-contract';
import { productDeviceType } from '../remote-contract';
import { SELECTED_PRODUCT_KEY } from './storage-keys';

// The product selector's choice (spec 1), kept under `selectedProduct`. It lives here, not in the
// shell, because remotes need it too (OTA calls send its device type, lists pick columns by it) and
// a remote never imports the shell; a store shared by the page re-renders every remote on a switch,
// which a same-tab localStorage write would not. The spec gives no global default (only livelink for
// the firmware and customer lists), so the page starts on 'all'. The old console stored `ihd` for
// Electricity Advisor; both spellings are read.
export const DEFAULT_PRODUCT: ProductKey = 'all';

export function readStoredProduct(): ProductKey {
  try {
    const value = typeof window === 'undefined' ? null : window.localStorage.getItem(SELECTED_PRODUCT_KEY);
    if (value === 'ihd') return 'electricity-advisor';
    return isProductKey(value) ? value : DEFAULT_PRODUCT;
  } catch {
    return DEFAULT_PRODUCT;
  }
}

export interface SelectedProductState {
  product: ProductKey;
  select(product: ProductKey): void;
  /** The server's device type for the selection (electricity-advisor is ihd). */
  deviceType(): DeviceType;
}

export const useSelectedProduct = create<SelectedProductState>()((set, get) => ({
  product: readStoredProduct(),
  select(product) {
    try {
      window.localStorage.setItem(SELECTED_PRODUCT_KEY, product);
    } catch {
      // storage refused: the choice holds for this page only
    }
    set({ product });
  },
  deviceType() {
    return productDeviceType(get().product);
  },
}));

if (typeof window !== 'undefined') {
  // Another tab switching product switches this one too.
  window.addEventListener('storage', (event) => {
    if (event.key === SELECTED_PRODUCT_KEY || event.key === null) useSelectedProduct.setState({ product: readStoredProduct() });
  });
}
