// A remote's `./app`: the single-spa lifecycles the shell mounts into `props.domElement`
// (docs/architecture.md, the remote contract). A remote's app.tsx is one call of this.
import type { RemoteMountProps } from '@fleet/shared-api';
import i18next, { type i18n as I18n } from 'i18next';
import React, { type ErrorInfo, type ReactElement } from 'react';
import ReactDOMClient from 'react-dom/client';
import singleSpaReact from 'single-spa-react';
import { addUiBundles } from '@fleet/shared-ui';
import { RemoteCrash } from './RemoteCrash';

type CrashRenderer = (error: Error, info: ErrorInfo, props: unknown) => ReactElement;

export interface RemoteLifecycleOptions {
  /** The remote's whole tree (its RemoteRoot with its routes). */
  Root: () => ReactElement;
  /** Adds the remote's i18n namespace to the page's instance (the shell initialised it). */
  addBundles: (instance: I18n) => void;
}

export function createRemoteLifecycles({ Root, addBundles }: RemoteLifecycleOptions) {
  const lifecycles = singleSpaReact<RemoteMountProps>({
    React,
    ReactDOMClient,
    // the mount props are the shell's business (domElement, errorBoundary); the tree needs none of them
    rootComponent: () => <Root />,
    // A render crash stays inside this remote's area; the shell's menus and other remotes keep working.
    // The shell passes its own boundary as a mount prop (its panel has Retry); alone, ours shows.
    errorBoundary: (error, info, props) => {
      const fromHost = (props as { errorBoundary?: unknown }).errorBoundary;
      if (typeof fromHost === 'function') return (fromHost as CrashRenderer)(error, info, props);
      return <RemoteCrash error={error} />;
    },
  });
  type Lifecycle = typeof lifecycles.mount;

  const bootstrap: Lifecycle = (props) => {
    // i18next is the page's singleton, initialised by the shell; the remote only adds namespaces
    // (shared-ui's own too, so the remote does not depend on which shell loads it).
    addUiBundles(i18next);
    addBundles(i18next);
    return lifecycles.bootstrap(props);
  };
  const mount: Lifecycle = (props) => lifecycles.mount(props);
  const unmount: Lifecycle = (props) => lifecycles.unmount(props);
  return { bootstrap, mount, unmount };
}
