import type { AuditAction, AuditActor, AuditChange, AuditEntity, SecurityEventKind } from '@fleet/contract';
import { useOrganisationsTranslation } from '../i18n/translation';

/** fleet-api records a secret (password hash, code, token, second-factor secret) as old null, new "changed". */
export const isSecretChange = (change: AuditChange): boolean => change.old === null && change.new === 'changed';

/** The product's words for an entry's parts, in the page's language (keys checked against the contract in en.ts). */
export function useAuditWords() {
  const { t } = useOrganisationsTranslation();
  const value = (raw: unknown): string => {
    if (raw === null || raw === undefined || raw === '') return t('auditLog.empty');
    if (typeof raw === 'string') return raw;
    if (typeof raw === 'number' || typeof raw === 'boolean') return String(raw);
    return JSON.stringify(raw);
  };
  return {
    action: (action: AuditAction) => t(`auditLog.actions.${action}`),
    entity: (entity: AuditEntity) => t(`auditLog.entities.${entity}`),
    securityKind: (kind: SecurityEventKind) => t(`auditLog.securityKinds.${kind}`),
    /** Nobody signed in (a sign-up) or the database itself (retention): the system. */
    actor: (actor: AuditActor) => actor.email ?? t('auditLog.system'),
    organisation: (actor: AuditActor) => (actor.organisation ? `${t(`auditLog.organisations.${actor.organisation.kind}`)}: ${actor.organisation.name ?? `#${actor.organisation.id}`}` : null),
    value,
    before: (change: AuditChange) => (isSecretChange(change) ? '' : value(change.old)),
    after: (change: AuditChange) => (isSecretChange(change) ? t('auditLog.changed') : value(change.new)),
    /** One change on a line of the list: "status: Active → In-Active", a secret's "password_hash: changed". */
    summary: (change: AuditChange) => (isSecretChange(change) ? `${change.field}: ${t('auditLog.changed')}` : `${change.field}: ${value(change.old)} → ${value(change.new)}`),
  };
}
