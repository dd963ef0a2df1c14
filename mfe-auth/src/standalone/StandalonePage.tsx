import { AuthRoot } from '../AuthRoot';
import { StandaloneHeader } from './StandaloneHeader';
import { StandaloneHome } from './StandaloneHome';
import { StandaloneToasts } from './StandaloneToasts';

/** This remote as a page of its own, for QA: the real login against the real API, only its screens. */
export function StandalonePage() {
  return (
    <AuthRoot
      main
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
