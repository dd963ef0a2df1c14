import { SimpleGrid } from '@fleet/shared-ui';
import { CHART_COLOURS, ChartCard, SeriesChart } from '@fleet/shared-ui/charts';
import { useUserCountAndVersion, type DashboardRole } from '../api/dashboards';
import { useDevicesTranslation } from '../i18n/translation';
import { FigureSection, UserStatusCards } from './Figure';
import { count, productOf } from './format';

/** Spec: user counts and versions: the users of the slice by status, and the firmware its active devices run. */
export function UsersAndVersions({ role, line }: { role: DashboardRole; line: string }) {
  const { t, i18n } = useDevicesTranslation();
  const query = useUserCountAndVersion(role, line);
  return (
    <FigureSection title={t('dashboard.usersTitle')} query={query}>
      {({ users, versions }) => (
        <SimpleGrid columns={{ base: 1, lg: 2 }} gap="4" mb="6">
          <UserStatusCards users={users} label={t('dashboard.usersOf')} total={t('dashboard.users')} />
          <ChartCard title={t('dashboard.versions')}>
            <SeriesChart
              kind="bar"
              title={t('dashboard.versions')}
              labelHeader={t('dashboard.version')}
              // every line: the version with its product, the lines' versions look alike
              labels={versions.map((v) => (line === 'all' ? `${t(`lines.${productOf(v.product_line)}`)} ${v.version}` : v.version))}
              series={[{ label: t('dashboard.devices'), values: versions.map((v) => v.devices), color: CHART_COLOURS.teal }]}
              format={(v) => count(i18n.language, v)}
            />
          </ChartCard>
        </SimpleGrid>
      )}
    </FigureSection>
  );
}
