// `./app`: the single-spa lifecycles the shell mounts into `props.domElement` (docs/architecture.md).
import type { RemoteMountProps } from '@fleet/shared-api';
import i18next from 'i18next';
import React, { type ErrorInfo, type ReactElement } from 'react';
import ReactDOMClient from 'react-dom/client';
import singleSpaReact from 'single-spa-react';
import { AuthRoot } from './AuthRoot';
import { addAuthBundles } from './i18n/bundles';
import { RemoteCrash } from './RemoteCrash';

type CrashRenderer = (error: Error, info: ErrorInfo, props: unknown) => ReactElement;

function AuthApp() {
  return <AuthRoot />;
}

const lifecycles = singleSpaReact<RemoteMountProps>({
  React,
  ReactDOMClient,
  rootComponent: AuthApp,
  // A render crash stays inside this remote's area; the shell's menus and other remotes keep working.
  // The shell passes its own boundary as a mount prop (its panel has Retry); alone, ours shows.
  errorBoundary: (error, info, props) => {
    const fromHost = (props as { errorBoundary?: unknown }).errorBoundary;
    if (typeof fromHost === 'function') return (fromHost as CrashRenderer)(error, info, props);
    return <RemoteCrash error={error} />;
  },
});

type Lifecycle = typeof lifecycles.mount;

export const bootstrap: Lifecycle = (props) => {
  // i18next is the page's singleton, initialised by the shell; this remote only adds its namespace.
  addAuthBundles(i18next);
  return lifecycles.bootstrap(props);
};

export const mount: Lifecycle = (props) => lifecycles.mount(props);

export const unmount: Lifecycle = (props) => lifecycles.unmount(props);
