import { errorMessage } from '@fleet/shared-api';
import { Button, Text } from '@fleet/shared-ui';
import { useVerifyChain } from '../api/audit';
import { useOrganisationsTranslation } from '../i18n/translation';

/** Admin's "Verify chain" and its answer: intact, or the first entry that does not match. */
export function useVerifyChainAction() {
  const { t } = useOrganisationsTranslation();
  const verify = useVerifyChain();
  const button = (
    <Button size="sm" variant="outline" loading={verify.isPending} onClick={() => verify.mutate()}>
      {t('auditLog.verify')}
    </Button>
  );
  const found = verify.data;
  const answer = verify.isError ? (
    <Text role="alert" color="fg.error" mb="3">
      {t('auditLog.verifyFailed', { message: errorMessage(verify.error) })}
    </Text>
  ) : found ? (
    <Text role="status" mb="3" color={found.intact ? 'fg.success' : 'fg.error'}>
      {found.intact || !found.first_broken
        ? t('auditLog.intact', { checked: found.checked })
        : t('auditLog.broken', { id: found.first_broken.id, seq: found.first_broken.seq, reason: t(`auditLog.reasons.${found.first_broken.reason}`) })}
    </Text>
  ) : null;
  return { button, answer };
}
