import type { SecondFactorPolicy as Policy } from '@fleet/contract';
import { apiGet, apiPut, errorMessage, useFleetMutation, type ApiAnswer } from '@fleet/shared-api';
import { useQuery } from '@fleet/shared-api/query';
import { Box, Heading, Spinner, Stack, Text } from '@fleet/shared-ui';
import { useSecondFactorTranslation } from '../../i18n/second-factor';
import { useReadAgainOnRenewal } from '../useReadAgainOnRenewal';

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
    <Stack as="section" aria-labelledby="second-factor-policy-title" gap="3">
      <Heading as="h2" size="md" id="second-factor-policy-title">
        {t('requirement.policyTitle')}
      </Heading>
      {policy.isPending ? (
        <Spinner size="sm" aria-label={t('common.loading')} />
      ) : policy.isError ? (
        <Text color="fg.error">{errorMessage(policy.error)}</Text>
      ) : (
        <Stack gap="1">
          <Box as="label" display="flex" alignItems="center" gap="3" cursor="pointer">
            <input
              type="checkbox"
              role="switch"
              checked={save.isPending ? (save.variables?.admin_required ?? policy.data.admin_required) : policy.data.admin_required}
              disabled={save.isPending}
              aria-describedby="second-factor-policy-help"
              onChange={(event) => save.mutate({ admin_required: event.target.checked })}
            />
            <Text as="span">{t('requirement.policySwitch')}</Text>
          </Box>
          <Text id="second-factor-policy-help" color="fg.muted">
            {t('requirement.policyHelp')}
          </Text>
        </Stack>
      )}
    </Stack>
  );
}
