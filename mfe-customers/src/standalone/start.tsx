import { startStandalone } from '@fleet/shared-ui/standalone';
import { addCustomersBundles, CUSTOMERS_NAMESPACE } from '../i18n/bundles';
import { StandalonePage } from './StandalonePage';

void startStandalone({ namespace: CUSTOMERS_NAMESPACE, addBundles: addCustomersBundles, page: <StandalonePage /> });
