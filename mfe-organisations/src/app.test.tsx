import { describeRemoteApp, listReply } from '@fleet/shared-ui/testing';
import * as app from './app';

describeRemoteApp(app, 'mfe-organisations', {
  mounts: { signIn: 'Admin', api: { 'GET /api/aggregators/get/all': listReply([]) }, namespace: 'organisations', path: '/admin/aggregators', heading: 'Aggregators' },
  sentToLogin: { signIn: 'Agency', path: '/admin/electricity-retailers', title: 'sends another role to /login' },
});
