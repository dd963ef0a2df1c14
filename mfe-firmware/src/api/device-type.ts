// The `deviceType` every firmware and OTA call carries (docs/ota-calls.md), from the selected product.
import { useSelectedProduct, type ProductKey } from '@fleet/shared-api';

export type OtaDeviceType = 'ihd' | 'ihd_livelink' | 'livelink' | 'safelink' | 'airlink' | 'bulb' | 'heat_pump';

export const OTA_DEVICE_TYPES: readonly OtaDeviceType[] = ['ihd', 'ihd_livelink', 'livelink', 'safelink', 'airlink', 'bulb', 'heat_pump'];

/** electricity-advisor is ihd; "all products" uses the firmware default, livelink (spec 1). */
export function otaDeviceType(product: ProductKey): OtaDeviceType {
  if (product === 'electricity-advisor') return 'ihd';
  if (product === 'all') return 'livelink';
  return product;
}

export function isOtaDeviceType(value: unknown): value is OtaDeviceType {
  return typeof value === 'string' && (OTA_DEVICE_TYPES as readonly string[]).includes(value);
}

/** bulb and safelink devices are shown and searched by MAC address; the others by serial number. */
export function usesMacAddress(deviceType: OtaDeviceType): boolean {
  return deviceType === 'bulb' || deviceType === 'safelink';
}

/** The serial-number filter key of a device type: `mac_address` on the MAC lines. */
export function deviceIdKey(deviceType: OtaDeviceType): 'mac_address' | 'serial_number' {
  return usesMacAddress(deviceType) ? 'mac_address' : 'serial_number';
}

export function useSelectedProductKey(): ProductKey {
  return useSelectedProduct((state) => state.product);
}

/** The device type of the selected product; the page re-renders when the product changes. */
export function useOtaDeviceType(): OtaDeviceType {
  return otaDeviceType(useSelectedProductKey());
}
