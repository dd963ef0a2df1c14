import { Link as RouterLink, useLocation } from '@fleet/shared-api';
import { HStack, Link } from '@fleet/shared-ui';
import { AUDIT_LOG_PATHS, SECURITY_EVENTS_PATH } from '../description';
import { useOrganisationsTranslation } from '../i18n/translation';

/** Admin's two views of the trail, each its own address: the entries and the security events. */
export function AuditLogTabs() {
  const { t } = useOrganisationsTranslation();
  const { pathname } = useLocation();
  const views: Array<[string, string]> = [
    [AUDIT_LOG_PATHS.admin, t('auditLog.title')],
    [SECURITY_EVENTS_PATH, t('auditLog.securityEvents')],
  ];
  return (
    <HStack as="nav" aria-label={t('auditLog.views')} gap="4" mb="3" borderBottomWidth="1px">
      {views.map(([path, label]) => {
        const current = pathname === path;
        return (
          <Link key={path} asChild colorPalette="teal" pb="1" borderBottomWidth="2px" borderColor={current ? 'colorPalette.solid' : 'transparent'} fontWeight={current ? 'semibold' : 'normal'}>
            <RouterLink to={path} aria-current={current ? 'page' : undefined}>
              {label}
            </RouterLink>
          </Link>
        );
      })}
    </HStack>
  );
}
