import { formatDate } from '@fleet/shared-api/dates';
import { Alert, FactList, Heading, Stack } from '@fleet/shared-ui';
import type { ReactNode } from 'react';
import type { LoginPayload } from '../api/agents';
import { StatusWord } from '../forms/status';
import { useOrganisationsTranslation } from '../i18n/translation';

/**
 * An agent's facts and what its installer app receives when it signs in: the agency, the flows and
 * product lines offered, its installer id, and whether it can sign in now (and why not).
 */
export function AgentFacts({ payload, product, agency, devices }: { payload: LoginPayload; product: string; agency: ReactNode; devices: ReactNode }) {
  const { t } = useOrganisationsTranslation();
  const g = (key: string) => t(`agencies.agent.${key}`);
  const { agent } = payload;
  return (
    <Stack gap="5">
      <FactList
        facts={[
          [g('email'), agent.email],
          [g('phone'), agent.phone ?? '-'],
          [t('status.label'), <StatusWord key="status" status={agent.status} />],
          [g('agency'), agency],
          [t('agencies.agency.devicesOf', { product }), devices],
          [t('agencies.common.created'), formatDate(agent.created_at)],
        ]}
      />
      <section aria-labelledby="agent-installer-app">
        <Heading as="h2" size="sm" mb="2" id="agent-installer-app">
          {g('app')}
        </Heading>
        <Alert.Root status={payload.may_sign_in ? 'success' : 'warning'} mb="3">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>{payload.may_sign_in ? g('maySignIn') : g('cannotSignIn')}</Alert.Title>
            {payload.refusals.length > 0 && <Alert.Description>{payload.refusals.join('. ')}</Alert.Description>}
          </Alert.Content>
        </Alert.Root>
        <FactList
          facts={[
            [g('installerId'), agent.installer_uuid],
            [g('flows'), payload.flows.map((f) => t(`agencies.flows.${f}`)).join(', ') || t('agencies.common.none')],
            [g('deviceTypes'), payload.device_types.map((d) => t(`devices.lines.${d}`, { defaultValue: d })).join(', ') || t('agencies.common.none')],
          ]}
        />
      </section>
    </Stack>
  );
}
