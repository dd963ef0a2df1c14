import { Box, SimpleGrid, useUiTranslation } from '@fleet/shared-ui';
import { CHART_COLOURS, ChartCard, SeriesChart, StatCard } from '@fleet/shared-ui/charts';
import { useDeviceOverview, type DashboardRole } from '../api/dashboards';
import { useDevicesTranslation } from '../i18n/translation';
import { FigureSection } from './Figure';
import { count, productOf } from './format';

/** Spec: the device overview: the slice's devices by status and Wi-Fi, and with every product, per product. */
export function DeviceOverviewSection({ role, line }: { role: DashboardRole; line: string }) {
  const { t, i18n } = useDevicesTranslation();
  const ui = useUiTranslation().t;
  const query = useDeviceOverview(role, line);
  return (
    <FigureSection title={t('dashboard.overviewTitle')} query={query}>
      {(o) => (
        <>
          <SimpleGrid columns={{ base: 2, md: 3, xl: 6 }} gap="3" mb="4">
            {/* what each figure counts: the total every device, online and offline the active ones */}
            <StatCard label={t('dashboard.total')} value={o.total} hint={t('dashboard.totalHint')} />
            <StatCard label={ui('status.active')} value={o.active} palette="green" />
            <StatCard label={ui('status.inactive')} value={o.inactive} palette="red" />
            <StatCard label={ui('status.replaced')} value={o.replaced} palette="yellow" />
            <StatCard label={ui('status.online')} value={o.online} palette="blue" hint={t('dashboard.ofActive', { active: count(i18n.language, o.active) })} />
            <StatCard label={ui('status.offline')} value={o.offline} palette="gray" hint={t('dashboard.ofActive', { active: count(i18n.language, o.active) })} />
          </SimpleGrid>
          {line === 'all' && (
            <Box mb="6">
              <ChartCard title={t('dashboard.byProduct')}>
                <SeriesChart
                  kind="bar"
                  stacked
                  title={t('dashboard.byProduct')}
                  labelHeader={t('dashboard.product')}
                  labels={o.lines.map((l) => t(`lines.${productOf(l.product_line)}`))}
                  series={[
                    { label: ui('status.active'), values: o.lines.map((l) => l.active), color: CHART_COLOURS.green },
                    { label: ui('status.inactive'), values: o.lines.map((l) => l.inactive), color: CHART_COLOURS.red },
                    { label: ui('status.replaced'), values: o.lines.map((l) => l.replaced), color: CHART_COLOURS.gold },
                  ]}
                  format={(v) => count(i18n.language, v)}
                />
              </ChartCard>
            </Box>
          )}
        </>
      )}
    </FigureSection>
  );
}
