import { startStandalone } from '@fleet/shared-ui/standalone';
import { addOrganisationsBundles, ORGANISATIONS_NAMESPACE } from '../i18n/bundles';
import { StandalonePage } from './StandalonePage';

void startStandalone({ namespace: ORGANISATIONS_NAMESPACE, addBundles: addOrganisationsBundles, page: <StandalonePage /> });
