import { useSearchParams } from '@fleet/shared-api';
import { Box, Button, HStack, useTranslation } from '@fleet/shared-ui';
import type { ReactNode } from 'react';
import { addTimelineTexts, TIMELINE_NAMESPACE } from './timeline-texts';

const TABS = ['details', 'timeline'] as const;
type Tab = (typeof TABS)[number];

/**
 * A device page's two tabs, Details and Timeline (issue 23), the chosen one kept in the URL (`tab=timeline`)
 * so a reload or a shared link opens it again. A tab list of buttons, as Attention's: Chakra's Tabs would
 * bring its state machine into a shared chunk for one control. The timeline is mounted (and read) only
 * while its tab is shown.
 */
export function DeviceTimelineTabs({ details, timeline }: { details: ReactNode; timeline: () => ReactNode }) {
  const { i18n } = useTranslation();
  addTimelineTexts(i18n);
  const { t } = useTranslation(TIMELINE_NAMESPACE);
  const [params, setParams] = useSearchParams();
  const current: Tab = params.get('tab') === 'timeline' ? 'timeline' : 'details';
  const choose = (tab: Tab) => {
    setParams(
      (now) => {
        const next = new URLSearchParams(now);
        if (tab === 'timeline') next.set('tab', tab);
        else next.delete('tab');
        return next;
      },
      { replace: true },
    );
    document.getElementById(`device-tab-${tab}`)?.focus();
  };
  return (
    <Box>
      <HStack role="tablist" aria-label={t('views')} gap="0" mb="3" borderBottomWidth="1px">
        {TABS.map((tab) => {
          const selected = tab === current;
          return (
            <Button
              key={tab}
              role="tab"
              id={`device-tab-${tab}`}
              aria-selected={selected}
              aria-controls={selected ? `device-tabpanel-${tab}` : undefined}
              tabIndex={selected ? 0 : -1}
              variant="ghost"
              size="sm"
              rounded="none"
              borderBottomWidth="2px"
              borderColor={selected ? 'colorPalette.solid' : 'transparent'}
              colorPalette="teal"
              fontWeight={selected ? 'semibold' : 'normal'}
              onClick={() => !selected && choose(tab)}
              onKeyDown={(event) => {
                if (event.key === 'ArrowRight' || event.key === 'ArrowLeft') choose(tab === 'details' ? 'timeline' : 'details');
              }}
            >
              {t(tab === 'details' ? 'details' : 'title')}
            </Button>
          );
        })}
      </HStack>
      {/* only the shown panel exists: the other tab controls nothing until chosen (a reference to no element fails axe) */}
      <Box role="tabpanel" id={`device-tabpanel-${current}`} aria-labelledby={`device-tab-${current}`}>
        {current === 'timeline' ? timeline() : details}
      </Box>
    </Box>
  );
}
