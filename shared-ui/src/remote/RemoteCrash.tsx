import i18next from 'i18next';
import { UI_NAMESPACE } from '@fleet/shared-ui';

/**
 * Shown in place of a remote when its tree throws and the host passed no boundary of its own.
 * Rendered outside every provider (the crash may come from one of them), so it uses plain elements
 * and the page's i18next directly.
 */
export function RemoteCrash({ error }: { error: Error }) {
  const t = i18next.getFixedT(null, UI_NAMESPACE);
  return (
    <div role="alert" style={{ margin: '2rem', padding: '1rem', border: '1px solid #e53e3e', borderRadius: 6 }}>
      <p style={{ fontWeight: 600, margin: 0 }}>{t('remote.crashed')}</p>
      <p style={{ margin: '0.5rem 0', color: '#718096' }}>{error.message}</p>
      <button type="button" onClick={() => window.location.reload()}>
        {t('remote.reload')}
      </button>
    </div>
  );
}
