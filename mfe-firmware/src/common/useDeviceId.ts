import { deviceIdKey, type OtaDeviceType } from '../api/device-type';
import { useFirmwareTranslation } from './translation';

/** How devices of this type are known in lists and filters: by MAC address on the MAC lines, else by serial number. */
export function useDeviceId(deviceType: OtaDeviceType): { idKey: 'mac_address' | 'serial_number'; idLabel: string } {
  const { t } = useFirmwareTranslation();
  const idKey = deviceIdKey(deviceType);
  return { idKey, idLabel: idKey === 'mac_address' ? t('common.macAddress') : t('common.serialNumber') };
}
