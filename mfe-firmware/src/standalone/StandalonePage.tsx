import { FirmwareRoot } from '../FirmwareRoot';
import { StandaloneHeader } from './StandaloneHeader';
import { StandaloneHome } from './StandaloneHome';
import { StandaloneToasts } from './StandaloneToasts';

/** This remote as a page of its own, for QA: the real sign-in against the real API, only its screens. */
export function StandalonePage() {
  return (
    <FirmwareRoot
      header={
        <>
          <StandaloneHeader />
          <StandaloneToasts />
        </>
      }
      fallback={<StandaloneHome />}
    />
  );
}
