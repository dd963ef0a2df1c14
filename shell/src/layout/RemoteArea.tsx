// One remote's area of the page: its mount element, a loading state while single-spa brings it up,
// and an error panel with Retry when it cannot be fetched, is refused, or breaks.
import { useLayoutEffect, useRef, useState } from 'react';
import { useTranslation, Box, ErrorPanel, LoadingArea } from '@fleet/shared-ui';
import { useComposition, useCompositionState } from '../composition/context';

function RemoteOutlet({ name }: { name: string }) {
  const composition = useComposition();
  const container = useRef<HTMLDivElement>(null);
  // re-rendered on status changes: Retry replaces a broken application's element
  useCompositionState((s) => s.remotes[name]?.appStatus);
  const element = composition.element(name);
  useLayoutEffect(() => {
    const host = container.current;
    if (!host) return;
    host.appendChild(element);
    return () => {
      if (element.parentElement === host) host.removeChild(element);
    };
  }, [element]);
  return <Box ref={container} data-testid={`remote-area-${name}`} />;
}

export function RemoteArea({ name }: { name: string }) {
  const { t } = useTranslation('shell');
  const composition = useComposition();
  const remote = useCompositionState((s) => s.remotes[name]);
  const [retrying, setRetrying] = useState(false);

  const retry = () => {
    setRetrying(true);
    void composition.retry(name).finally(() => setRetrying(false));
  };

  if (!remote) return null;
  if (retrying || remote.status === 'describing') return <LoadingArea label={t('remote.loading', { name })} />;
  if (remote.status === 'failed' || remote.status === 'refused' || remote.appError) {
    const title =
      remote.status === 'refused'
        ? t('remote.refusedTitle')
        : remote.status === 'failed'
          ? t('remote.failedTitle')
          : remote.appStatus === 'LOAD_ERROR'
            ? t('remote.failedTitle')
            : t('remote.crashedTitle');
    return (
      <ErrorPanel
        title={title}
        message={`${name}: ${remote.message ?? remote.appError ?? ''}`}
        onRetry={retry}
        retryLabel={t('remote.retry')}
      />
    );
  }
  const mounted = remote.appStatus === 'MOUNTED';
  return (
    <>
      {!mounted && <LoadingArea label={t('remote.loading', { name })} />}
      <RemoteOutlet name={name} />
    </>
  );
}
