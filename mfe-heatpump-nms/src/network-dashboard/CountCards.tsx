import { SimpleGrid } from '@fleet/shared-ui';
import { StatCard } from '@fleet/shared-ui/charts';
import type { NmsCounts } from '../api/nms';
import { useHeatPumpTranslation } from '../i18n/translation';

/**
 * Spec 2.14: offline, online, total and faulty heat pumps (0 until the server answers). The total is
 * of the heat pumps in service (not In-active), which online and offline add up to: its card says so.
 */
export function CountCards({ counts }: { counts: NmsCounts }) {
  const { t } = useHeatPumpTranslation();
  const cards: Array<[string, number, string, string?]> = [
    [t('dashboard.offline'), counts.offline, 'red'],
    [t('dashboard.online'), counts.online, 'green'],
    [t('dashboard.totalInService'), counts.total, 'teal', t('dashboard.totalHint')],
    [t('dashboard.faulty'), counts.faulty, 'orange'],
  ];
  return (
    <SimpleGrid columns={{ base: 2, md: 4 }} gap="3" mb="6" as="section" aria-label={t('dashboard.counts')}>
      {cards.map(([label, value, palette, hint]) => (
        <StatCard key={label} label={label} value={value} palette={palette} hint={hint} />
      ))}
    </SimpleGrid>
  );
}
