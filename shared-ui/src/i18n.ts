// The React bindings of i18next for every package. react-i18next is not a share key of its own: shared
// whole it cost 11 KB gzipped on every page against 3.5 KB for the parts below, so it reaches the shell
// and the remotes through this singleton (one copy in the page), as Chakra does. i18next itself stays a
// shared singleton: the page has one instance, which each remote root passes to I18nextProvider.
export { I18nextProvider, initReactI18next, useTranslation } from 'react-i18next';
export type { ErrorArgs } from 'react-i18next';
