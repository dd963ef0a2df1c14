import { FILTER_DEBOUNCE_MS } from '@fleet/shared-api';
import { Box, Button, HStack, Input, Spinner, Stack, Text, Wrap } from '@fleet/shared-ui';
import { Checkbox } from '@fleet/shared-ui/fields';
import { useEffect, useState } from 'react';
import type { OtaDeviceType } from '../api/device-type';
import { useDeviceSearch, type DeviceOption } from '../api/devices';
import { useFirmwareTranslation } from '../common/translation';

export interface DeviceMultiSelectProps {
  deviceType: OtaDeviceType;
  value: DeviceOption[];
  onChange: (value: DeviceOption[]) => void;
  disabled?: boolean;
  label: string;
}

/** Spec: the device search of the group dialog accepts digits only. */
function digitsOnly(text: string): string {
  return text.replace(/\D/g, '');
}

/**
 * The Devices multi-select of the Add Group dialog: digits typed are searched (GET /api/ota/devices,
 * title serial_number, value id) after the filter debounce; ticked devices are listed as removable tags.
 * Chakra's Combobox is not in shared-ui, hence this small one (README: could move to shared-ui).
 */
export function DeviceMultiSelect({ deviceType, value, onChange, disabled = false, label }: DeviceMultiSelectProps) {
  const { t } = useFirmwareTranslation();
  const [text, setText] = useState('');
  const [searched, setSearched] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setSearched(text), FILTER_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text]);
  const search = useDeviceSearch(deviceType, searched, !disabled);
  const chosen = new Set(value.map((option) => option.value));

  const toggle = (option: DeviceOption, checked: boolean) =>
    onChange(checked ? [...value.filter((o) => o.value !== option.value), option] : value.filter((o) => o.value !== option.value));

  return (
    <Stack gap="2" opacity={disabled ? 0.6 : 1}>
      {value.length > 0 && (
        <Wrap gap="1" aria-label={label}>
          {value.map((option) => (
            <HStack key={option.value} gap="1" borderWidth="1px" rounded="full" pl="2" pr="1" fontSize="sm">
              <Text as="span">{option.title}</Text>
              <Button size="2xs" variant="ghost" aria-label={t('groups.remove', { name: option.title })} disabled={disabled} onClick={() => toggle(option, false)}>
                ×
              </Button>
            </HStack>
          ))}
        </Wrap>
      )}
      <Input
        size="sm"
        inputMode="numeric"
        aria-label={t('groups.searchDevices')}
        placeholder={t('groups.searchDevices')}
        value={text}
        disabled={disabled}
        onChange={(event) => setText(digitsOnly(event.currentTarget.value))}
      />
      {!disabled && (
        <Box borderWidth="1px" rounded="md" maxH="48" overflowY="auto" p="2" role="group" aria-label={t('groups.devices')}>
          {search.isFetching && !search.data ? (
            <Spinner size="sm" />
          ) : (search.data ?? []).length === 0 ? (
            <Text fontSize="sm" color="fg.muted">
              {t('groups.noDevices')}
            </Text>
          ) : (
            <Stack gap="1">
              {(search.data ?? []).map((option) => (
                <Checkbox.Root key={option.value} size="sm" checked={chosen.has(option.value)} onCheckedChange={(details) => toggle(option, details.checked === true)}>
                  <Checkbox.HiddenInput />
                  <Checkbox.Control />
                  <Checkbox.Label>{option.title}</Checkbox.Label>
                </Checkbox.Root>
              ))}
            </Stack>
          )}
        </Box>
      )}
    </Stack>
  );
}
