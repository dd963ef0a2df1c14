import { useSearchParams } from '@fleet/shared-api';
import { formatDate } from '@fleet/shared-api/dates';
import { useListState } from '@fleet/shared-api/lists';
import { DeleteConfirmDialog, ListHeader, OptionSelect, PagedTable, rowActionsColumn } from '@fleet/shared-ui/tables';
import { Box, Button, HStack, Link, Stack, Text, DownloadIcon } from '@fleet/shared-ui';
import { ReadMore } from '@fleet/shared-ui/overlays';
import type { DataColumn, FilterFieldDef } from '@fleet/shared-ui/tables';
import { useState } from 'react';
import { isOtaDeviceType, useOtaDeviceType, useSelectedProductKey, type OtaDeviceType } from '../api/device-type';
import { useDeleteFirmware, useFirmwares } from '../api/firmwares';
import type { Firmware, OtaType } from '../api/types';
import { useFirmwareTranslation } from '../common/translation';
import { FirmwareDialog } from './FirmwareDialog';

const FILTER_KEYS = ['file_name', 'version'] as const;

/** The files of a firmware with their signed download links (one for a single file, one per pack slot). */
function downloads(firmware: Firmware): Array<{ key: string; name: string; href: string }> {
  if (firmware.ota_files && firmware.ota_files.length > 0) {
    return firmware.ota_files.map((file) => ({ key: file.key, name: file.file_name, href: file.download_link }));
  }
  return firmware.download_link ? [{ key: 'file', name: firmware.file_name ?? firmware.version, href: firmware.download_link }] : [];
}

function fileNames(firmware: Firmware): string {
  if (firmware.file_name) return firmware.file_name;
  return (firmware.ota_files ?? []).map((file) => file.file_name).join(', ') || '-';
}

/** /admin/firmwares: firmware files (and heat-pump OTA packs) of the selected product. */
export function FirmwaresPage() {
  const { t } = useFirmwareTranslation();
  const product = useSelectedProductKey();
  const productType = useOtaDeviceType();
  const list = useListState({ filterKeys: FILTER_KEYS });
  const [params] = useSearchParams();

  // livelink: Select Device Type (IHD = ihd_livelink, Livelink = livelink); heat_pump: Select Firmware Type.
  const urlType = params.get('deviceType');
  const deviceType: OtaDeviceType =
    product === 'livelink' && (urlType === 'ihd_livelink' || urlType === 'livelink') && isOtaDeviceType(urlType) ? urlType : productType;
  const otaType: OtaType = product === 'heat_pump' && params.get('ota_type') === 'multiple' ? 'multiple' : 'single';
  const firmwares = useFirmwares(deviceType, product === 'heat_pump' ? otaType : null, list.toQuery());
  const remove = useDeleteFirmware();

  const [dialog, setDialog] = useState<{ open: boolean; firmware: Firmware | null }>({ open: false, firmware: null });
  const [deleting, setDeleting] = useState<Firmware | null>(null);

  const message = (type: string, text: string | null, version: string) => (
    <ReadMore text={text} limit={40} title={t('firmwares.readMoreTitle', { type, version })} />
  );

  const columns: DataColumn<Firmware>[] = [
    { key: 'file_name', header: t('firmwares.fileName'), render: (row) => <Text wordBreak="break-all">{fileNames(row)}</Text> },
    {
      key: 'file',
      header: t('firmwares.file'),
      sortable: false,
      render: (row) => (
        <HStack gap="1">
          {downloads(row).map((file) => (
            <Link key={file.key} href={file.href} download={file.name} aria-label={t('firmwares.download', { name: file.name })} title={file.name} colorPalette="teal">
              <DownloadIcon />
            </Link>
          ))}
        </HStack>
      ),
    },
    { key: 'version', header: t('firmwares.version') },
    {
      key: 'auto_update_message',
      header: t('firmwares.forcedMessage'),
      sortable: false,
      render: (row) => message(t('firmwares.forcedMessage'), row.auto_update_message, row.version),
    },
    {
      key: 'manual_update_message',
      header: t('firmwares.optionalMessage'),
      sortable: false,
      render: (row) => message(t('firmwares.optionalMessage'), row.manual_update_message, row.version),
    },
    { key: 'created_at', header: t('firmwares.addedOn'), render: (row) => formatDate(row.created_at) || '-' },
    rowActionsColumn(t('common.action'), (row) => ({
      name: row.version,
      onEdit: () => setDialog({ open: true, firmware: row }),
      onDelete: () => setDeleting(row),
    })),
  ];

  const filters: FilterFieldDef[] = [
    { key: 'file_name', label: t('firmwares.fileName') },
    { key: 'version', label: t('firmwares.version') },
  ];
  // livelink's firmwares are the display's or the hub's; heat pump's one file or an OTA pack
  const typeSelect =
    product === 'livelink'
      ? { label: t('firmwares.selectDeviceType'), value: deviceType, param: 'deviceType', options: [{ value: 'ihd_livelink', label: t('firmwares.ihd') }, { value: 'livelink', label: t('firmwares.livelink') }] }
      : product === 'heat_pump'
        ? { label: t('firmwares.selectFirmwareType'), value: otaType, param: 'ota_type', options: [{ value: 'single', label: t('firmwares.single') }, { value: 'multiple', label: t('firmwares.otaPack') }] }
        : null;

  return (
    <Box p="4">
      <ListHeader
        title={t('firmwares.title')}
        list={list}
        filters={filters}
        leading={
          typeSelect && (
            <OptionSelect width="auto" aria-label={typeSelect.label} value={typeSelect.value} options={typeSelect.options} onChange={(value) => list.setParam(typeSelect.param, value)} />
          )
        }
      >
        <Button size="sm" onClick={() => setDialog({ open: true, firmware: null })}>
          {t('firmwares.add')}
        </Button>
      </ListHeader>
      <Stack gap="2">
        <PagedTable label={t('firmwares.title')} list={list} result={firmwares} page={firmwares.data} columns={columns} />
      </Stack>
      <FirmwareDialog
        open={dialog.open}
        firmware={dialog.firmware}
        deviceType={deviceType}
        otaType={dialog.firmware?.ota_type ?? otaType}
        onClose={() => setDialog((d) => ({ ...d, open: false }))}
      />
      <DeleteConfirmDialog
        row={deleting}
        title={t('firmwares.deleteTitle')}
        text={t('firmwares.deleteText')}
        onClose={() => setDeleting(null)}
        onDelete={async (firmware) => {
          await remove.mutateAsync({ id: firmware.id, deviceType });
          // Spec: after delete, page 1 sorted by created_at desc.
          list.resetToFirstPage();
        }}
      />
    </Box>
  );
}
