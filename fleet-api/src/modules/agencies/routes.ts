/**
 * The agencies module (issue 13; docs/organisation-calls.md): Admin's agencies and integrations,
 * installation agents (the agency's own and Admin's view), partners, and the two list exports.
 */
import type { FastifyPluginAsync } from 'fastify';
import type { ModuleOptions } from '../../server/context';
import { CountCache } from '../../server/count-cache';
import { agencyRoutes } from './agency-routes';
import { agentRoutes } from './agent-routes';
import { partnerRoutes } from './partner-routes';

export const agenciesModuleRoutes: FastifyPluginAsync<ModuleOptions> = async (app, { ctx }) => {
  // one cache of device counts for the module's lists, renewed by any write that moves them
  const counts = new CountCache('devices');
  await app.register(agencyRoutes, { ctx, counts });
  await app.register(agentRoutes, { ctx, counts });
  await app.register(partnerRoutes, { ctx, counts });
};
