import { productDeviceType, useListState } from '@fleet/shared-api';
import { formatDate } from '@fleet/shared-api/dates';
import { Box, Button, Image, Link, Text, useProductName } from '@fleet/shared-ui';
import { useDeleteConfirm, ListHeader, PagedTable, rowActionsColumn, type DataColumn, type FilterFieldDef } from '@fleet/shared-ui/tables';
import { useState } from 'react';
import { useDeleteSlider, useSliders, type Slide } from '../api/sliders';
import type { SliderProduct } from '../description';
import { useOrganisationsTranslation } from '../i18n/translation';
import { SliderDialog } from './SliderDialog';

/** Sliders of one product line (spec 2.4: /admin/{electricity-advisor|livelink|safelink|airlink}/slider). */
export function SliderListPage({ product }: { product: SliderProduct }) {
  const { t } = useOrganisationsTranslation();
  const productName = useProductName();
  const deviceType = productDeviceType(product);
  const list = useListState({ filterKeys: ['name'] });
  const sliders = useSliders(deviceType, list.toQuery());
  const remove = useDeleteSlider();
  const [editing, setEditing] = useState<Slide | 'new' | null>(null);
  const deletion = useDeleteConfirm<Slide>({
    title: t('tariffs.sliders.deleteTitle'),
    text: (row) => t('tariffs.sliders.deleteText', { name: row.name ?? '' }),
    onDelete: (row) => remove.mutateAsync({ id: row.id, deviceType }),
  });
  const title = t('tariffs.sliders.title', { product: productName(product) });
  const columns: DataColumn<Slide>[] = [
    {
      key: 'image',
      header: t('tariffs.sliders.image'),
      sortable: false,
      render: (row) =>
        row.image_url ? (
          <Image src={row.image_url} alt={t('tariffs.sliders.imageOf', { name: row.name })} h="12" w="32" objectFit="cover" rounded="sm" />
        ) : (
          <Text color="fg.muted">{t('tariffs.sliders.noImage')}</Text>
        ),
    },
    { key: 'name', header: t('tariffs.sliders.name') },
    {
      key: 'link',
      header: t('tariffs.sliders.link'),
      sortable: false,
      render: (row) =>
        /^https?:\/\//i.test(row.link) ? (
          <Link href={row.link} target="_blank" rel="noopener noreferrer" colorPalette="teal" wordBreak="break-all">
            {row.link}
          </Link>
        ) : (
          row.link
        ),
    },
    { key: 'updated_at', header: t('tariffs.sliders.updated'), render: (row) => formatDate(row.updated_at) },
    rowActionsColumn(t('common.action'), (row) => ({ name: row.name, onEdit: () => setEditing(row), onDelete: () => deletion.ask(row) })),
  ];
  const filters: FilterFieldDef[] = [{ key: 'name', label: t('tariffs.sliders.name') }];
  return (
    <Box p="4">
      <ListHeader title={title} list={list} filters={filters}>
        <Button size="sm" onClick={() => setEditing('new')}>
          {t('tariffs.sliders.add')}
        </Button>
      </ListHeader>
      <PagedTable label={title} list={list} result={sliders} page={sliders.data} columns={columns} />
      <SliderDialog product={product} editing={editing} onClose={() => setEditing(null)} />
      {deletion.dialog}
    </Box>
  );
}
