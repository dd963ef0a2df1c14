// `./app`: the single-spa lifecycles the shell mounts into `props.domElement` (docs/architecture.md).
import type { RemoteMountProps } from '@fleet/shared-api';
import i18next from 'i18next';
import React from 'react';
import ReactDOMClient from 'react-dom/client';
import singleSpaReact from 'single-spa-react';
import { FirmwareRoot } from './FirmwareRoot';
import { addFirmwareBundles } from './i18n/bundles';
import { RemoteCrash } from './RemoteCrash';

function FirmwareApp() {
  return <FirmwareRoot />;
}

const lifecycles = singleSpaReact<RemoteMountProps>({
  React,
  ReactDOMClient,
  rootComponent: FirmwareApp,
  // A render crash stays inside this remote's area; the shell's menus and other remotes keep working.
  errorBoundary: (error) => <RemoteCrash error={error} />,
});

type Lifecycle = typeof lifecycles.mount;

export const bootstrap: Lifecycle = (props) => {
  // i18next is the page's singleton, initialised by the shell; this remote only adds its namespace.
  addFirmwareBundles(i18next);
  return lifecycles.bootstrap(props);
};

export const mount: Lifecycle = (props) => lifecycles.mount(props);

export const unmount: Lifecycle = (props) => lifecycles.unmount(props);
