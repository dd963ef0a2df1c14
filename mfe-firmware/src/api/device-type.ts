// The `deviceType` every firmware and OTA call carries (docs/ota-calls.md), from the selected product.
import { PRODUCT_KEYS, useSearchParams, useSelectedProduct, type ProductKey } from '@fleet/shared-api';

export type OtaDeviceType = 'ihd' | 'ihd_livelink' | 'livelink' | 'safelink' | 'airlink' | 'bulb' | 'heat_pump';

const OTA_DEVICE_TYPES: readonly OtaDeviceType[] = ['ihd', 'ihd_livelink', 'livelink', 'safelink', 'airlink', 'bulb', 'heat_pump'];

/** One product line: firmware, rules, groups and pushes are kept per line. */
export type ProductLine = Exclude<ProductKey, 'all'>;

export const PRODUCT_LINES: readonly ProductLine[] = PRODUCT_KEYS.filter((k): k is ProductLine => k !== 'all');

export function isProductLine(value: unknown): value is ProductLine {
  return typeof value === 'string' && (PRODUCT_LINES as readonly string[]).includes(value);
}

/** electricity-advisor is ihd. "All Products" is never silently one line: the ProductLineGate asks first. */
function otaDeviceType(product: ProductKey): OtaDeviceType {
  if (product === 'electricity-advisor') return 'ihd';
  if (product === 'all') throw new Error('The firmware area needs one product line: ProductLineGate chooses it first');
  return product;
}

/** Where the line chosen under "All Products" is remembered (and the URL parameter that carries it). */
export const FIRMWARE_LINE_KEY = 'fleet:firmware-line';
const LINE_PARAM = 'line';

function storedLine(): ProductLine | null {
  try {
    const value = localStorage.getItem(FIRMWARE_LINE_KEY);
    return isProductLine(value) ? value : null;
  } catch {
    return null;
  }
}

/**
 * The product the firmware screens work on: the shell's selected product, or under "All Products"
 * the line chosen on the firmware screens (URL `line`, else the last one chosen), or `all` while
 * none is chosen.
 */
export function useFirmwareProduct(): ProductKey {
  const selected = useSelectedProduct((state) => state.product);
  const [params] = useSearchParams();
  if (selected !== 'all') return selected;
  const fromUrl = params.get(LINE_PARAM);
  if (isProductLine(fromUrl)) return fromUrl;
  return storedLine() ?? 'all';
}

/** Remembers the line chosen under "All Products" and puts it in the URL (a shared link keeps it). */
export function useChooseFirmwareLine(): (line: ProductLine) => void {
  const [, setParams] = useSearchParams();
  return (line) => {
    try {
      localStorage.setItem(FIRMWARE_LINE_KEY, line);
    } catch {
      // private mode: the URL still carries it
    }
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        next.set(LINE_PARAM, line);
        next.delete('page');
        return next;
      },
      { replace: false },
    );
  };
}

export function isOtaDeviceType(value: unknown): value is OtaDeviceType {
  return typeof value === 'string' && (OTA_DEVICE_TYPES as readonly string[]).includes(value);
}

/** bulb and safelink devices are shown and searched by MAC address; the others by serial number. */
function usesMacAddress(deviceType: OtaDeviceType): boolean {
  return deviceType === 'bulb' || deviceType === 'safelink';
}

/** The serial-number filter key of a device type: `mac_address` on the MAC lines. */
export function deviceIdKey(deviceType: OtaDeviceType): 'mac_address' | 'serial_number' {
  return usesMacAddress(deviceType) ? 'mac_address' : 'serial_number';
}

export function useSelectedProductKey(): ProductKey {
  return useFirmwareProduct();
}

/** The device type of the selected product; the page re-renders when the product changes. */
export function useOtaDeviceType(): OtaDeviceType {
  return otaDeviceType(useSelectedProductKey());
}
