import type { RolloutPreview } from '@fleet/contract';
import { Box, Card, Heading, SimpleGrid, Stack, Text } from '@fleet/shared-ui';
import type { ReactNode } from 'react';
import { useFirmwareTranslation } from '../common/translation';

/** Devices counted per row (a version, a company, a wave...) under a heading; nothing when there is no row. */
export function Counts({ title, rows }: { title: string; rows: Array<{ key: string; label: ReactNode; devices: number }> }) {
  if (rows.length === 0) return null;
  return (
    <Box>
      <Heading as="h3" size="xs" mb="1">
        {title}
      </Heading>
      <Box as="dl" display="grid" gridTemplateColumns="1fr auto" columnGap="4" fontSize="sm">
        {rows.map((row) => (
          <Box key={row.key} display="contents">
            <Box as="dt">{row.label}</Box>
            <Box as="dd" textAlign="end">
              {row.devices}
            </Box>
          </Box>
        ))}
      </Box>
    </Box>
  );
}

/** What a Preview answered: how many devices the rollout reaches, by version, company, site and wave, and who is left out. */
export function RolloutPreviewPanel({ preview }: { preview: RolloutPreview }) {
  const { t } = useFirmwareTranslation();
  const { excluded } = preview;
  return (
    <Card.Root role="region" aria-label={t('rolloutForm.preview')}>
      <Card.Body>
        <Stack gap="3">
          <Text fontWeight="semibold" fontSize="lg">
            {t('rolloutForm.reaches', { count: preview.devices })}
          </Text>
          <SimpleGrid columns={{ base: 1, md: 2, lg: 4 }} gap="4">
            <Counts
              title={t('rolloutForm.byVersion')}
              rows={preview.by_version.map((v) => ({ key: v.version ?? '', label: v.version ?? t('rolloutForm.noVersion'), devices: v.devices }))}
            />
            <Counts title={t('rolloutForm.byCompany')} rows={preview.by_company.map((c) => ({ key: String(c.company_id), label: c.company_name, devices: c.devices }))} />
            <Counts title={t('rolloutForm.bySite')} rows={preview.by_site.map((s) => ({ key: String(s.site_id), label: s.site_name, devices: s.devices }))} />
            <Counts title={t('rolloutForm.inWaves')} rows={preview.waves.map((w) => ({ key: String(w.wave), label: t('rolloutDetail.wave', { wave: w.wave }), devices: w.devices }))} />
            <Counts
              title={t('rolloutForm.excluded')}
              rows={[
                { key: 'on_target', label: t('rolloutForm.onTarget'), devices: excluded.on_target },
                { key: 'in_other_rollout', label: t('rolloutForm.inOtherRollout'), devices: excluded.in_other_rollout },
                { key: 'offline', label: t('rolloutForm.offline'), devices: excluded.offline },
              ]}
            />
          </SimpleGrid>
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}
