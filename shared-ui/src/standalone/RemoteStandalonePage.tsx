import type { RemoteDescription, UserType } from '@fleet/shared-api';
import { useTranslation } from '@fleet/shared-ui';
import type { ComponentType, ReactNode } from 'react';
import { StandaloneHeader, type StandaloneHeaderProps } from './StandaloneHeader';
import { StandalonePage } from './StandalonePage';
import { StandaloneHome } from './StandaloneSignIn';

export interface RemoteStandalonePageProps {
  /** The remote's description: its name names the links ("mfe-firmware screens"), its menu gives them. */
  description: Pick<RemoteDescription, 'name' | 'menu'>;
  /** The remote's i18n namespace, whose `standalone.title` heads the page. */
  namespace: string;
  /** The remote's routes, given the screen for the paths it does not own. */
  routes: ComponentType<{ fallback: ReactNode }>;
  /** The roles the remote has screens for: the kit's StandaloneHome sends them to `home`, signs in anyone else. */
  roles?: readonly UserType[];
  /** Where a signed-in user of `roles` goes. */
  home?: (role: UserType) => string;
  /** The remote's own screen for the paths it does not own, instead of the kit's StandaloneHome. */
  fallback?: ReactNode;
  /** Show the shell's product selector (areas whose lists follow the product). */
  productSelector?: boolean;
  /** Further header links for who is signed in (null: nobody). */
  links?: StandaloneHeaderProps['links'];
}

function Header({ description, namespace, productSelector, links }: Pick<RemoteStandalonePageProps, 'description' | 'namespace' | 'productSelector' | 'links'>) {
  const { t } = useTranslation(namespace);
  return (
    <StandaloneHeader
      title={t('standalone.title')}
      navLabel={`${description.name} screens`}
      productSelector={productSelector}
      menu={description.menu}
      links={links}
    />
  );
}

/**
 * A remote as a page of its own, for QA (`npm start -w <remote>`): the header with its title, menu
 * and links, toasts, and its routes, where a path it does not own shows `fallback` (by default the
 * real sign-in against the real API, then the role's first screen here).
 */
export function RemoteStandalonePage({ routes: Routes, roles = [], home = () => '/', fallback, ...header }: RemoteStandalonePageProps) {
  return (
    <StandalonePage header={<Header {...header} />}>
      <Routes fallback={fallback ?? <StandaloneHome roles={roles} home={home} />} />
    </StandalonePage>
  );
}
