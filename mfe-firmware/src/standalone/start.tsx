import { startStandalone } from '@fleet/shared-ui/standalone';
import { addFirmwareBundles, FIRMWARE_NAMESPACE } from '../i18n/bundles';
import { StandalonePage } from './StandalonePage';

void startStandalone({ namespace: FIRMWARE_NAMESPACE, addBundles: addFirmwareBundles, page: <StandalonePage /> });
