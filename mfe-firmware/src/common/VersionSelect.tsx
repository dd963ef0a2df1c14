import { NativeSelect } from '@fleet/shared-ui';
import { forwardRef, type ComponentProps } from 'react';
import { useFirmwareTranslation } from './translation';

export interface VersionSelectProps extends Omit<ComponentProps<'select'>, 'size'> {
  versions: readonly string[];
  size?: 'xs' | 'sm' | 'md';
}

/** A select of firmware versions (GET /api/ota/firmware-versions) with an empty "Select" choice. */
export const VersionSelect = forwardRef<HTMLSelectElement, VersionSelectProps>(function VersionSelect(
  { versions, size = 'sm', ...field },
  ref,
) {
  const { t } = useFirmwareTranslation();
  const current = typeof field.value === 'string' ? field.value : '';
  // A version no longer among the firmwares (deleted) is still shown as chosen.
  const options = current && !versions.includes(current) ? [current, ...versions] : versions;
  return (
    <NativeSelect.Root size={size}>
      <NativeSelect.Field ref={ref} {...field}>
        <option value="">{t('common.select')}</option>
        {options.map((version) => (
          <option key={version} value={version}>
            {version}
          </option>
        ))}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  );
});
