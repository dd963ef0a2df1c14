import { describeRemoteApp, listReply } from '@fleet/shared-ui/testing';
import * as app from './app';

describeRemoteApp(app, 'mfe-devices', {
  mounts: { signIn: 'Electrician', api: { 'GET /api/electrician/devices/all': listReply([]) }, namespace: 'devices', path: '/electrician/devices', heading: 'Devices' },
  sentToLogin: { signIn: 'Agency', path: '/admin/bulb/devices' },
});
