import { newestFirst } from '@fleet/shared-api';
import { NativeSelect } from '@fleet/shared-ui';
import type { RunningVersion } from '../api/firmwares';
import { forwardRef, type ComponentProps } from 'react';
import { useFirmwareTranslation } from './translation';

export interface VersionSelectProps extends Omit<ComponentProps<'select'>, 'size'> {
  versions: readonly string[];
  /** A label per version (e.g. with its device count); the version itself otherwise. */
  labels?: Readonly<Record<string, string>>;
  size?: 'xs' | 'sm' | 'md';
}

/** Labels of versions in the field: "1.0.9 · 3 devices". */
export function useVersionLabels(running: readonly RunningVersion[]): Record<string, string> {
  const { t } = useFirmwareTranslation();
  return Object.fromEntries(running.map((r) => [r.version, r.devices > 0 ? t('common.versionDevices', { version: r.version, count: r.devices }) : r.version]));
}

/** A select of firmware versions, newest first (by number), with an empty "Select" choice. */
export const VersionSelect = forwardRef<HTMLSelectElement, VersionSelectProps>(function VersionSelect(
  { versions, labels = {}, size = 'sm', ...field },
  ref,
) {
  const { t } = useFirmwareTranslation();
  const current = typeof field.value === 'string' ? field.value : '';
  // A version no longer among the firmwares (deleted) is still shown as chosen.
  const options = newestFirst(current && !versions.includes(current) ? [current, ...versions] : versions);
  return (
    <NativeSelect.Root size={size}>
      <NativeSelect.Field ref={ref} {...field}>
        <option value="">{t('common.select')}</option>
        {options.map((version) => (
          <option key={version} value={version}>
            {labels[version] ?? version}
          </option>
        ))}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  );
});
