import { startStandalone } from '@fleet/shared-ui/standalone';
import { addAuthBundles, AUTH_NAMESPACE } from '../i18n/bundles';
import { StandalonePage } from './StandalonePage';

void startStandalone({ namespace: AUTH_NAMESPACE, addBundles: addAuthBundles, page: <StandalonePage /> });
