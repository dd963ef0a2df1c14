import { useTranslation } from '@fleet/shared-ui';
import type { ReactNode } from 'react';
import { PageTabs, useUrlTab } from './PageTabs';
import { addTimelineTexts, TIMELINE_NAMESPACE } from './timeline-texts';

const TABS = ['details', 'timeline'] as const;

/**
 * A device's or a property's two tabs, Details and Timeline (issue 23), the chosen one in the URL
 * (`tab=timeline`). The timeline is mounted (and read) only while its tab is shown.
 */
export function TimelineTabs({ of, details, timeline }: { of: 'device' | 'property'; details: ReactNode; timeline: () => ReactNode }) {
  const { i18n } = useTranslation();
  addTimelineTexts(i18n);
  const { t } = useTranslation(TIMELINE_NAMESPACE);
  const [current, choose] = useUrlTab(TABS);
  return (
    <PageTabs
      label={t(of === 'device' ? 'views' : 'propertyViews')}
      tabs={[
        { value: 'details', label: t('details') },
        { value: 'timeline', label: t('title') },
      ]}
      value={current}
      onChange={choose}
    >
      {current === 'timeline' ? timeline() : details}
    </PageTabs>
  );
}
