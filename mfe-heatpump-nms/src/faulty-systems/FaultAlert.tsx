import { Alert, chakra } from '@fleet/shared-ui';
import { useHeatPumpTranslation } from '../i18n/translation';

/** The Fault Alert banner (spec 2): a new fault arrived; a click reads the list again. */
export function FaultAlert({ onReview }: { onReview: () => void }) {
  const { t } = useHeatPumpTranslation();
  return (
    <Alert.Root status="warning" mb="3" role="alert">
      <Alert.Indicator />
      <chakra.button type="button" onClick={onReview} textAlign="start" cursor="pointer" focusRing="outside" flex="1">
        <Alert.Title>{t('faults.alertTitle')}</Alert.Title>
        <Alert.Description>{t('faults.alertText')}</Alert.Description>
      </chakra.button>
    </Alert.Root>
  );
}
