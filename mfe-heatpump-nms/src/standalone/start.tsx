import { startStandalone } from '@fleet/shared-ui/standalone';
import { addHeatPumpBundles, HEAT_PUMP_NAMESPACE } from '../i18n/bundles';
import { StandalonePage } from './StandalonePage';

void startStandalone({ namespace: HEAT_PUMP_NAMESPACE, addBundles: addHeatPumpBundles, page: <StandalonePage /> });
