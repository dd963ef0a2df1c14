// @fleet/shared-ui/standalone: a remote as a page of its own for QA (`npm start -w <remote>`): the
// shell's header reduced, toasts, the real sign-in, and the start-up that plays the shell's part.
// Only standalone builds import it; the console never loads it.
export { StandaloneHeader, type StandaloneHeaderProps, type StandaloneLink } from './standalone/StandaloneHeader';
export { StandalonePage, type StandalonePageProps } from './standalone/StandalonePage';
export { RemoteStandalonePage, type RemoteStandalonePageProps } from './standalone/RemoteStandalonePage';
export { StandaloneToasts } from './standalone/StandaloneToasts';
export { StandaloneHome, type StandaloneHomeProps } from './standalone/StandaloneSignIn';
export { startStandalone, type StandaloneStart } from './standalone/start';
