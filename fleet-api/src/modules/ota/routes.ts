/**
 * The OTA module: rules, groups with the OTA device list, pushes and their history. All Admin only
 * (docs/ota-calls.md).
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { ModuleOptions } from '../../server/context';
import { otaGroupRoutes } from './groups';
import { otaPushRoutes } from './push';
import { otaRuleRoutes } from './rules';
import { rolloutRoutes } from '../rollouts/routes';
import { rolloutExportRoutes } from '../rollouts/export';

export const otaRoutes: FastifyPluginAsyncTypebox<ModuleOptions> = async (app, opts) => {
  await app.register(otaRuleRoutes, opts);
  await app.register(otaGroupRoutes, opts);
  await app.register(otaPushRoutes, opts);
  await app.register(rolloutRoutes, opts);
  await app.register(rolloutExportRoutes, opts);
};
