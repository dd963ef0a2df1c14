// The shell's own texts (namespace `shell`). Remotes add their namespaces with i18next.addResourceBundle.
export const en = {
  header: {
    product: 'Product',
    toDarkMode: 'Switch to dark mode',
    toLightMode: 'Switch to light mode',
    language: 'Language',
    logout: 'Logout',
    signedInAs: 'Signed in as {{name}}',
    menu: 'Menu',
  },
  languages: { en: 'English', hi: 'हिन्दी' },
  menu: { title: 'Main menu', open: 'Open the menu', close: 'Close the menu' },
  notFound: {
    title: 'Page not found',
    text: 'There is no page at {{path}}.',
    home: 'Go to home page',
    profile: 'Go to your profile',
    login: 'Go to login',
  },
  remote: {
    loading: 'Loading {{name}}',
    failedTitle: 'This part of the console could not be loaded',
    refusedTitle: 'This part of the console is not compatible with this console',
    crashedTitle: 'This part of the console stopped working',
    retry: 'Retry',
    unavailable: 'Some parts of the console could not be loaded',
  },
  registry: {
    loading: 'Loading the console',
    failedTitle: 'The console could not read its list of parts',
  },
  session: {
    title: 'Session expired',
    text: 'Please renew your session to continue',
    exit: 'Exit',
    renew: 'Renew',
  },
  // the error catalogue's own messages (spec 8), shown by the toasts in the page's language
  catalogue: { network: 'Oops! Please check your internet connection.' },
  api: { down: 'The server is not answering; retrying' },
  override: {
    active: 'Remote override active: {{names}}',
    clear: 'Clear overrides',
  },
};

export type ShellTexts = typeof en;
