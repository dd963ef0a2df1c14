import { describeRemoteApp, listReply } from '@fleet/shared-ui/testing';
import * as app from './app';

describeRemoteApp(app, 'mfe-customers', {
  mounts: { signIn: 'sm', api: { 'GET /api/sm/customer/get/all': listReply([]) }, namespace: 'customers', path: '/sitemanager/customers', heading: 'Customers' },
  sentToLogin: { signIn: 'Agency', path: '/admin/customers', title: "sends a role to /login from another area's customers" },
});
