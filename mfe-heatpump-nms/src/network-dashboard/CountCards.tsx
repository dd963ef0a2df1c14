import { SimpleGrid } from '@fleet/shared-ui';
import { StatCard } from '@fleet/shared-ui/charts';
import type { NmsCounts } from '../api/nms';
import { useHeatPumpTranslation } from '../i18n/translation';

/** Spec 2.14: offline, online, total and faulty heat pumps (0 until the server answers). */
export function CountCards({ counts }: { counts: NmsCounts }) {
  const { t } = useHeatPumpTranslation();
  const cards: Array<[string, number, string]> = [
    [t('dashboard.offline'), counts.offline, 'red'],
    [t('dashboard.online'), counts.online, 'green'],
    [t('dashboard.total'), counts.total, 'teal'],
    [t('dashboard.faulty'), counts.faulty, 'orange'],
  ];
  return (
    <SimpleGrid columns={{ base: 2, md: 4 }} gap="3" mb="6" as="section" aria-label={t('dashboard.counts')}>
      {cards.map(([label, value, palette]) => (
        <StatCard key={label} label={label} value={value} palette={palette} />
      ))}
    </SimpleGrid>
  );
}
