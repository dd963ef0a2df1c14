import { errorMessage } from '@fleet/shared-api';
import { FormField, Input, Stack, Text } from '@fleet/shared-ui';
import { Checkbox } from '@fleet/shared-ui/fields';
import { EditDialog, useOnOpen } from '@fleet/shared-ui/overlays';
import { useState } from 'react';
import type { OtaDeviceType } from '../api/device-type';
import type { DeviceOption } from '../api/devices';
import { useAddGroup, useAddGroupDevices } from '../api/groups';
import type { OtaGroup } from '../api/types';
import { useFirmwareTranslation } from '../common/translation';
import { DeviceMultiSelect } from './DeviceMultiSelect';

/** Spec 5/9: group names hold at most 60 characters. */
const GROUP_NAME_MAX = 60;

export interface GroupDialogProps {
  open: boolean;
  /** Add Devices to this group; null adds a new group. */
  group: OtaGroup | null;
  deviceType: OtaDeviceType;
  onClose: () => void;
}

interface Errors {
  name?: string;
  devices?: string;
}

/** Add Group / Add Devices: Name*, Devices (digits search), All Device; buttons No and Yes. */
export function GroupDialog({ open, group, deviceType, onClose }: GroupDialogProps) {
  const { t } = useFirmwareTranslation();
  const add = useAddGroup();
  const addDevices = useAddGroupDevices();
  const [name, setName] = useState('');
  const [devices, setDevices] = useState<DeviceOption[]>([]);
  const [all, setAll] = useState(false);
  const [errors, setErrors] = useState<Errors>({});

  // each opening starts clean
  useOnOpen(
    open,
    () => {
      setName(group?.name ?? '');
      setDevices([]);
      setAll(false);
      setErrors({});
      add.reset();
      addDevices.reset();
    },
    group,
  );
  const refusal = add.error ?? addDevices.error;

  const busy = add.isPending || addDevices.isPending;

  // Spec 5 checks the name and the chosen devices without showing messages; these are ours (README).
  const validate = (): Errors => {
    const found: Errors = {};
    if (name.trim() === '') found.name = t('validation.nameRequired');
    else if (name.trim().length > GROUP_NAME_MAX) found.name = t('validation.groupNameLength');
    if (!all && devices.length === 0) found.devices = t('validation.devicesRequired');
    return found;
  };

  const submit = async () => {
    const found = validate();
    setErrors(found);
    if (found.name || found.devices) return;
    const input = { group_name: name.trim(), device_ids: all ? [] : devices.map((d) => d.value), all, deviceType };
    try {
      if (group) await addDevices.mutateAsync({ ...input, group_id: group.id });
      else await add.mutateAsync(input);
      onClose();
    } catch {
      // said in the dialog (and the toast); the dialog and what was typed stay
    }
  };

  return (
    <EditDialog
      open={open}
      title={group ? t('groups.addDevicesTitle') : t('groups.dialogTitle')}
      submitLabel={t('common.yes')}
      cancelLabel={t('common.no')}
      onClose={onClose}
      onSubmit={() => void submit()}
      busy={busy}
      error={refusal ? errorMessage(refusal) : null}
    >
      <Stack gap="4">
        <FormField label={t('groups.name')} required error={errors.name}>
          <Input size="sm" maxLength={GROUP_NAME_MAX} autoComplete="off" value={name} onChange={(event) => setName(event.currentTarget.value)} />
        </FormField>
        {/* Not in a FormField: Chakra's Field would name every option checkbox after the field label. */}
        <Stack gap="1.5">
          <Text fontSize="sm" fontWeight="medium">
            {t('groups.devices')}
          </Text>
          <DeviceMultiSelect deviceType={deviceType} value={devices} onChange={setDevices} disabled={all} label={t('groups.devices')} />
          {errors.devices && (
            <Text fontSize="sm" color="fg.error">
              {errors.devices}
            </Text>
          )}
        </Stack>
        <Checkbox.Root checked={all} onCheckedChange={(details) => setAll(details.checked === true)}>
          <Checkbox.HiddenInput />
          <Checkbox.Control />
          <Checkbox.Label>{t('groups.allDevice')}</Checkbox.Label>
        </Checkbox.Root>
      </Stack>
    </EditDialog>
  );
}
