import { useBackTo } from '@fleet/shared-api';
import { useListState, usePropertyTimeline } from '@fleet/shared-api/lists';
import { Box, PageHeader } from '@fleet/shared-ui';
import { Timeline } from '@fleet/shared-ui/tables';
import { customerPaths, type CustomerArea } from '../description';
import { useCustomersTranslation } from '../i18n/translation';
import { useRouteId } from '../record/DetailPage';

/**
 * A property's timeline (issue 23): members added and removed, tariffs, devices in and out and its edits,
 * with who made them; the list of the device timeline, paged and filtered by kind in its own list state.
 */
export function PropertyTimeline({ propertyId }: { propertyId: number }) {
  const list = useListState({ inPage: true });
  const timeline = usePropertyTimeline(propertyId, list.toQuery());
  return <Timeline of="property" list={list} result={timeline} />;
}

/**
 * The spec's property timeline route (/{area}/customer/property/property-timeline/{id}): the same list as
 * the property view's Timeline tab, on a page of its own, Back leading to the property.
 */
export function PropertyTimelinePage({ area }: { area: CustomerArea }) {
  const { t } = useCustomersTranslation();
  const id = useRouteId();
  const back = useBackTo(customerPaths(area).property.replace(':id', String(id)));
  return (
    <Box p="4">
      <PageHeader title={t('timeline.title')} onBack={back} />
      <PropertyTimeline propertyId={id} />
    </Box>
  );
}
