import { startStandalone } from '@fleet/shared-ui/standalone';
import { addDevicesBundles, DEVICES_NAMESPACE } from '../i18n/bundles';
import { StandalonePage } from './StandalonePage';

void startStandalone({ namespace: DEVICES_NAMESPACE, addBundles: addDevicesBundles, page: <StandalonePage /> });
