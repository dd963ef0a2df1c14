import { Card, SimpleGrid, Text } from '@fleet/shared-ui';
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
        <Card.Root key={label} size="sm" borderTopWidth="3px" borderTopColor={`${palette}.solid`}>
          <Card.Body>
            <Text fontSize="sm" color="fg.muted">
              {label}
            </Text>
            <Text fontSize="2xl" fontWeight="semibold" aria-label={`${label}: ${value}`}>
              {value.toLocaleString()}
            </Text>
          </Card.Body>
        </Card.Root>
      ))}
    </SimpleGrid>
  );
}
