import { describeRemoteApp, listReply } from '@fleet/shared-ui/testing';
import * as app from './app';

describeRemoteApp(app, 'mfe-heatpump-nms', {
  mounts: { signIn: 'User', api: { 'GET /api/heat-pump/list': listReply([]) }, namespace: 'heatpump', path: '/user/dashboard', heading: 'Devices [Heat Pump]' },
  sentToLogin: { signIn: 'Agency', path: '/admin/heat_pump/faulty-systems' },
});
