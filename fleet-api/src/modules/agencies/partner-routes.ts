/**
 * Partners (docs/organisation-calls.md, Partners; Admin): the spec's four reads, and ours to keep the
 * partners and the agencies each works with (the spec shows no partner screen or field).
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { callerOf } from '../../policy/access';
import { only } from '../../policy/roles';
import { ListInfoSchema, listQueryProperties } from '../../server/listing';
import { IdField, routeSchema, Strict, trimmed } from '../../server/schemas';
import { DeviceRow, listDevices } from '../devices/queries';
import { AgencyRow, listAgencies } from './agencies';
import type { AgencyRouteOptions } from './agency-routes';
import { AgentRow, listAgents } from './agents';
import { PartnerFields, ProductField } from './fields';
import { agenciesOfPartner, agentsOfPartner, deletePartner, linkAgency, listPartners, partnerDetail, PartnerRow, requirePartner, savePartner, unlinkAgency } from './partners';
import { say } from '../../server/messages';

const ADMIN = only('Admin');

const Paged = { ...listQueryProperties, deviceType: Type.Optional(ProductField) };
const ByPartner = Strict({ ...Paged, partner_id: IdField });
const Link = Strict({ partner_id: IdField, agency_id: IdField });

export const partnerRoutes: FastifyPluginAsyncTypebox<AgencyRouteOptions> = async (app, { ctx, counts }) => {
  const { db } = ctx;
  const schema = routeSchema('Partners');
  const IdParams = Strict({ id: IdField });

  app.get('/api/partner/all', { config: { access: ADMIN }, schema: { ...schema('Partners, with their agencies and devices of the product', ListInfoSchema(PartnerRow), 400), querystring: Strict(Paged) } }, async (request) => ({
    status: true,
    message: say('titles.partners'),
    info: await listPartners(db, request.query.deviceType ?? 'all', request.query, counts),
  }));
  app.get('/api/partner/get/:id', { config: { access: ADMIN }, schema: { ...schema('One partner', PartnerRow, 400, 404), params: IdParams, querystring: Strict({ deviceType: Type.Optional(ProductField) }) } }, async (request) => ({
    status: true,
    message: say('titles.partner'),
    info: await partnerDetail(db, request.params.id, request.query.deviceType ?? 'all', counts),
  }));
  app.get('/api/partner/devices', { config: { access: ADMIN }, schema: { ...schema("The devices of a partner's agencies", ListInfoSchema(DeviceRow), 400, 404), querystring: ByPartner } }, async (request) => {
    await requirePartner(db, request.query.partner_id);
    return { status: true, message: say('titles.devices'), info: await listDevices(db, callerOf(request), request.query.deviceType ?? 'all', request.query, counts, { partner: request.query.partner_id }) };
  });
  app.get('/api/partner/agencies', { config: { access: ADMIN }, schema: { ...schema('The agencies a partner works with', ListInfoSchema(AgencyRow), 400, 404), querystring: ByPartner } }, async (request) => {
    await requirePartner(db, request.query.partner_id);
    return { status: true, message: say('titles.agencies'), info: await listAgencies(db, callerOf(request), request.query.deviceType ?? 'all', request.query, counts, agenciesOfPartner(request.query.partner_id)) };
  });
  app.get('/api/partner/agents', { config: { access: ADMIN }, schema: { ...schema("The installation agents of a partner's agencies", ListInfoSchema(AgentRow), 400, 404), querystring: ByPartner } }, async (request) => {
    await requirePartner(db, request.query.partner_id);
    return { status: true, message: say('titles.installationAgents'), info: await listAgents(db, callerOf(request), request.query.deviceType ?? 'all', request.query, counts, agentsOfPartner(request.query.partner_id)) };
  });

  app.post('/api/partner/add', { config: { access: ADMIN }, schema: { ...schema('Add a partner', Type.Object({ id: Type.Integer() }), 400, 409), body: Strict(PartnerFields) } }, async (request) => ({
    status: true,
    message: say('partners.added'),
    info: { id: await savePartner(db, null, trimmed(request.body)) },
  }));
  app.put('/api/partner/edit/:id', { config: { access: ADMIN }, schema: { ...schema('Edit a partner', null, 400, 404, 409), params: IdParams, body: Strict(PartnerFields) } }, async (request) => {
    await savePartner(db, request.params.id, trimmed(request.body));
    return { status: true, message: say('partners.updated') };
  });
  app.delete('/api/partner/delete/:id', { config: { access: ADMIN }, schema: { ...schema('Delete a partner (its agencies stay)', null, 400, 404), params: IdParams } }, async (request) => {
    await deletePartner(db, request.params.id);
    return { status: true, message: say('partners.deleted') };
  });
  app.post('/api/partner/agency', { config: { access: ADMIN }, schema: { ...schema('A partner starts working with an agency', null, 400, 404, 409), body: Link } }, async (request) => {
    await linkAgency(db, request.body.partner_id, request.body.agency_id);
    return { status: true, message: say('partners.agencyAdded') };
  });
  app.delete('/api/partner/agency', { config: { access: ADMIN }, schema: { ...schema('A partner stops working with an agency', null, 400, 404), querystring: Link } }, async (request) => {
    await unlinkAgency(db, request.query.partner_id, request.query.agency_id);
    return { status: true, message: say('partners.agencyRemoved') };
  });
};
