import i18next from 'i18next';

/**
 * Shown in place of this remote when its tree throws. Rendered outside every provider (the crash
 * may come from one of them), so it uses plain elements and the page's i18next directly.
 */
export function RemoteCrash({ error }: { error: Error }) {
  const t = i18next.getFixedT(null, 'firmware');
  return (
    <div role="alert" style={{ margin: '2rem', padding: '1rem', border: '1px solid #e53e3e', borderRadius: 6 }}>
      <p style={{ fontWeight: 600, margin: 0 }}>{t('error.crashed')}</p>
      <p style={{ margin: '0.5rem 0', color: '#718096' }}>{error.message}</p>
      <button type="button" onClick={() => window.location.reload()}>
        {t('error.reload')}
      </button>
    </div>
  );
}
