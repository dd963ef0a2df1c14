import type { SecondFactorPolicy as Policy } from '@fleet/contract';
import { apiGet, apiPut, useFleetMutation, type ApiAnswer } from '@fleet/shared-api';
import { useQuery } from '@fleet/shared-api/query';
import { Box, Text } from '@fleet/shared-ui';
import { useSecondFactorTranslation } from '../../i18n/second-factor';
import { useReadAgainOnRenewal } from '../useReadAgainOnRenewal';
import { SectionRead, SecuritySection } from './section';

// Issue 24, "Required where wanted": Admin's own setting for Admin accounts (GET/PUT
// /api/admin/second-factor-policy), on Admin's profile only. Organisations are ticked on their forms.

const POLICY_KEY = ['auth', 'profile', 'second-factor-policy'] as const;
const POLICY_PATH = '/api/admin/second-factor-policy';
const readPolicy = async (): Promise<Policy> => (await apiGet<Policy>(POLICY_PATH)).info;
const savePolicy = (body: Policy): Promise<ApiAnswer<Policy>> => apiPut(POLICY_PATH, body);

/** A switch (a native checkbox with the switch role: labelled, reached and toggled by keyboard). */
export function SecondFactorPolicy() {
  const { t } = useSecondFactorTranslation();
  const policy = useReadAgainOnRenewal(useQuery({ queryKey: POLICY_KEY, queryFn: readPolicy }));
  const save = useFleetMutation(savePolicy, { invalidate: [POLICY_KEY] });
  return (
    <SecuritySection id="second-factor-policy-title" title={t('requirement.policyTitle')} intro={t('requirement.policyHelp')}>
      <SectionRead read={policy}>
        {(stored) => (
          <Box as="label" display="flex" alignItems="center" gap="3" cursor="pointer">
            <input
              type="checkbox"
              role="switch"
              // while saving, the value asked for
              checked={save.isPending ? (save.variables?.admin_required ?? stored.admin_required) : stored.admin_required}
              disabled={save.isPending}
              onChange={(event) => save.mutate({ admin_required: event.target.checked })}
            />
            <Text as="span">{t('requirement.policySwitch')}</Text>
          </Box>
        )}
      </SectionRead>
    </SecuritySection>
  );
}
