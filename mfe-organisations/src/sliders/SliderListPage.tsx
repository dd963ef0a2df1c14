import { productDeviceType } from '@fleet/shared-api';
import { formatDate } from '@fleet/shared-api/dates';
import { useListState } from '@fleet/shared-api/lists';
import { Image, Link, Text, useProductName } from '@fleet/shared-ui';
import type { DataColumn } from '@fleet/shared-ui/tables';
import { useState } from 'react';
import { useDeleteSlider, useSliders, type Slide } from '../api/sliders';
import type { SliderProduct } from '../description';
import { useOrganisationsTranslation } from '../i18n/translation';
import { ListPage } from '../lists/ListPage';
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
  ];
  return (
    <ListPage title={title} list={list} result={sliders}
      columns={columns}
      filters={[{ key: 'name', label: t('tariffs.sliders.name') }]}
      add={{ label: t('tariffs.sliders.add'), onClick: () => setEditing('new') }}
      actionsOf={(row) => ({ name: row.name, onEdit: () => setEditing(row) })}
      remove={{ title: t('tariffs.sliders.deleteTitle'), text: (row) => t('tariffs.sliders.deleteText', { name: row.name ?? '' }), onDelete: (row) => remove.mutateAsync({ id: row.id, deviceType }) }}
    >
      <SliderDialog product={product} editing={editing} onClose={() => setEditing(null)} />
    </ListPage>
  );
}
