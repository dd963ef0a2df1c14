import { Card, Heading, SimpleGrid, Text, useUiTranslation } from '@fleet/shared-ui';
import { CHART_COLOURS, SeriesChart, StatCard } from '@fleet/shared-ui/charts';
import { useUserCountAndVersion, type DashboardRole } from '../api/dashboards';
import { useDevicesTranslation } from '../i18n/translation';
import { Figure } from './Figure';
import { count, productOf } from './format';

/** Spec: user counts and versions: the users of the slice by status, and the firmware its active devices run. */
export function UsersAndVersions({ role, line }: { role: DashboardRole; line: string }) {
  const { t, i18n } = useDevicesTranslation();
  const ui = useUiTranslation().t;
  const query = useUserCountAndVersion(role, line);
  return (
    <section aria-labelledby="dashboard-users">
      <Heading as="h2" size="sm" id="dashboard-users" mb="2">
        {t('dashboard.usersTitle')}
      </Heading>
      <Figure query={query}>
        {({ users, versions }) => (
          <SimpleGrid columns={{ base: 1, lg: 2 }} gap="4" mb="6">
            <SimpleGrid columns={{ base: 2, md: 3 }} gap="3" alignContent="start" aria-label={t('dashboard.usersOf')} as="section">
              <StatCard label={t('dashboard.users')} value={users.total} />
              <StatCard label={ui('status.completed')} value={users.completed} palette="green" />
              <StatCard label={ui('status.pending')} value={users.pending} palette="orange" />
              <StatCard label={ui('status.incomplete')} value={users.incomplete} palette="purple" />
              <StatCard label={ui('status.deleted')} value={users.deleted} palette="red" />
            </SimpleGrid>
            <Card.Root size="sm">
              <Card.Body>
                <Text fontWeight="semibold" mb="2">
                  {t('dashboard.versions')}
                </Text>
                <SeriesChart
                  kind="bar"
                  title={t('dashboard.versions')}
                  labelHeader={t('dashboard.version')}
                  // every line: the version with its product, the lines' versions look alike
                  labels={versions.map((v) => (line === 'all' ? `${t(`lines.${productOf(v.product_line)}`)} ${v.version}` : v.version))}
                  series={[{ label: t('dashboard.devices'), values: versions.map((v) => v.devices), color: CHART_COLOURS.teal }]}
                  format={(v) => count(i18n.language, v)}
                />
              </Card.Body>
            </Card.Root>
          </SimpleGrid>
        )}
      </Figure>
    </section>
  );
}
