/**
 * The network (NMS) dashboard calls of spec 7 (docs/heat-pump-calls.md): Admin's under `/api/nms`,
 * the others' under their NMS prefix (`/api/agency/nms`, `/api/mscc/nms`, `/api/sm/nms`). One set of
 * handlers; the caller's slice decides every figure.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type, type TSchema } from '@sinclair/typebox';
import { callerOf } from '../../policy/access';
import { only, type UserType } from '../../policy/roles';
import type { ModuleOptions } from '../../server/context';
import { CountCache } from '../../server/count-cache';
import { ListInfoSchema, listQueryProperties } from '../../server/listing';
import { EmailField, IdField, routeSchema, Strict } from '../../server/schemas';
import { ContactBody, ContactRow, ContactUpdateBody, listContacts, listManagers, ManagerBody, ManagerRow, ManagerUpdateBody, saveContact, saveManager, updateContact, updateManager } from './people';
import { assignDevices, companyByContact, NO_COMPANY_WITH_EMAIL } from './assign';
import { publishCommitted } from '../live/bus';
import { notFound } from '../../server/errors';
import { inviteUser } from '../auth/invitations';
import { addressSuggester } from './addresses';
import { agencyOptions, CompanyBody, CompanyUpdateBody, saveCompany, saveSite, SiteBody, updateCompany, updateSite } from './organisations';
import { requireVisible } from '../../policy/scope';
import { CompanyInfo, companyInfo, CompanyRow, companySites, listCompanies, listSites, FaultMonth, faultTrend, PropertyRow, SiteRow, siteInfo, siteProperties } from './places';
import { LiveDeviceRow, liveDevices, type Place, MonthFaulty, monthFaulty, MonthOnlineOffline, monthOnlineOffline, NmsCounts, nmsCounts } from './dashboard';
import { say } from '../../server/messages';

const schema = <T extends TSchema>(summary: string, info: T) => routeSchema('Network dashboard')(summary, info, 400, 404);

const DeviceType = Type.Optional(Type.Unsafe<'heat_pump'>({ type: 'string', enum: ['heat_pump'], errorMessage: say('nms.deviceTypeInvalid') }));
const YearQuery = Strict({ year: Type.Optional(Type.Integer({ minimum: 2000, maximum: 3000, errorMessage: say('fields.yearInvalid') })), deviceType: DeviceType });

/** The NMS prefix of each dashboard role (spec 6). */
const PREFIXES: Array<[string, UserType]> = [
  ['/api/nms', 'Admin'],
  ['/api/agency/nms', 'Agency'],
  ['/api/mscc/nms', 'mscc'],
  ['/api/sm/nms', 'sm'],
];

export const nmsRoutes: FastifyPluginAsyncTypebox<ModuleOptions> = async (app, { ctx }) => {
  const { db } = ctx;
  const now = () => ctx.config.now();
  const invitations = { publicUrl: ctx.config.publicUrl, now };
  const counts = new CountCache('devices');
  for (const [prefix, role] of PREFIXES) {
    const access = only(role);
    app.get(
      `${prefix}/dashboard/counts`,
      { config: { access }, schema: { ...schema("Today's heat pumps of the slice: offline, online, total, faulty", NmsCounts), querystring: Strict({ deviceType: DeviceType }) } },
      async (request) => ({ status: true, message: say('titles.counts'), info: await nmsCounts(db, callerOf(request)) }),
    );
    app.get(
      `${prefix}/dashboard/month-online-offline-device`,
      { config: { access }, schema: { ...schema('Online and offline heat pumps of each month of a year (recorded history)', Type.Array(MonthOnlineOffline)), querystring: YearQuery } },
      async (request) => ({ status: true, message: say('titles.monthOnlineOffline'), info: await monthOnlineOffline(db, callerOf(request), request.query.year, now()) }),
    );
    app.get(
      `${prefix}/dashboard/month-faulty-device`,
      { config: { access }, schema: { ...schema('Faulty heat pumps of each month of a year (recorded history)', Type.Array(MonthFaulty)), querystring: YearQuery } },
      async (request) => ({ status: true, message: say('titles.monthFaulty'), info: await monthFaulty(db, callerOf(request), request.query.year, now()) }),
    );
    app.get(
      `${prefix}/dashboard/ws/devices/all`,
      {
        config: { access },
        schema: { ...schema('The live device list: heat pumps of the slice with Wi-Fi, work state and fault code', ListInfoSchema(LiveDeviceRow)), querystring: Strict({ ...listQueryProperties, deviceType: DeviceType }) },
      },
      async (request) => {
        const { deviceType: _deviceType, ...query } = request.query;
        return { status: true, message: say('titles.devices'), info: await liveDevices(db, callerOf(request), query, counts) };
      },
    );
  }

  // A company's and a site's dashboards (spec 7: /api/nms/dashboard/msc/{id}/..., /site/{id}/...):
  // one path for the four NMS roles, the caller's slice deciding (another company or site is 404).
  const NMS_ROLES = only('Admin', 'Agency', 'mscc', 'sm');
  const Id = Strict({ id: IdField });
  // the console's list state sends sort and filter too: the order is fixed (newest first), they are taken and left
  const Paged = Strict({ ...listQueryProperties, deviceType: DeviceType });
  for (const kind of ['msc', 'site'] as const) {
    const place = (id: number): Place => (kind === 'msc' ? { company: id } : { site: id });
    const base = `/api/nms/dashboard/${kind}/:id`;
    const what = kind === 'msc' ? "a multi-site company's" : "a site's";
    app.get(
      `${base}/counts`,
      { config: { access: NMS_ROLES }, schema: { ...schema(`Today's heat pumps of ${what} (within the slice)`, NmsCounts), params: Id, querystring: Strict({ deviceType: DeviceType }) } },
      async (request) => {
        const caller = callerOf(request);
        await requireVisible(db, caller, kind === 'msc' ? 'companies' : 'sites', request.params.id);
        return { status: true, message: say('titles.counts'), info: await nmsCounts(db, caller, place(request.params.id)) };
      },
    );
    app.get(
      `${base}/ws/devices/all`,
      { config: { access: NMS_ROLES }, schema: { ...schema(`The live device list of ${what} heat pumps`, ListInfoSchema(LiveDeviceRow)), params: Id, querystring: Strict({ ...listQueryProperties, deviceType: DeviceType }) } },
      async (request) => {
        const caller = callerOf(request);
        await requireVisible(db, caller, kind === 'msc' ? 'companies' : 'sites', request.params.id);
        const { deviceType: _deviceType, ...query } = request.query;
        return { status: true, message: say('titles.devices'), info: await liveDevices(db, caller, query, counts, place(request.params.id)) };
      },
    );
    app.get(
      `${base}/fault-trend`,
      { config: { access: NMS_ROLES }, schema: { ...schema(`The last twelve months of ${what} faults: raised, resolved, mean time to resolve (beyond the spec)`, Type.Array(FaultMonth)), params: Id } },
      async (request) => ({ status: true, message: say('titles.faultTrend'), info: await faultTrend(db, callerOf(request), place(request.params.id), now()) }),
    );
  }
  app.get(
    '/api/nms/dashboard/msc/:id/get',
    { config: { access: NMS_ROLES }, schema: { ...schema('A multi-site company', CompanyInfo), params: Id } },
    async (request) => ({ status: true, message: say('titles.company'), info: await companyInfo(db, callerOf(request), request.params.id) }),
  );
  app.get(
    '/api/nms/dashboard/msc/:id/sites',
    { config: { access: NMS_ROLES }, schema: { ...schema("A company's sites (within the slice)", ListInfoSchema(SiteRow)), params: Id, querystring: Paged } },
    async (request) => ({ status: true, message: say('titles.sites'), info: await companySites(db, callerOf(request), request.params.id, request.query) }),
  );
  app.get(
    '/api/nms/dashboard/site/:id/get',
    { config: { access: NMS_ROLES }, schema: { ...schema('A site', SiteRow), params: Id } },
    async (request) => ({ status: true, message: say('titles.site'), info: await siteInfo(db, callerOf(request), request.params.id) }),
  );
  app.get(
    '/api/nms/dashboard/site/:id/properties',
    { config: { access: NMS_ROLES }, schema: { ...schema("A site's properties (within the slice)", ListInfoSchema(PropertyRow)), params: Id, querystring: Paged } },
    async (request) => ({ status: true, message: say('titles.properties'), info: await siteProperties(db, callerOf(request), request.params.id, request.query) }),
  );

  // The multi-site lists (spec: company and site lists with search, 25 a page; the paths are ours).
  app.get(
    '/api/nms/multi-site-company/list',
    { config: { access: only('Admin', 'Agency', 'mscc') }, schema: { ...schema('Multi-site companies of the slice', ListInfoSchema(CompanyRow)), querystring: Strict(listQueryProperties) } },
    async (request) => ({ status: true, message: say('titles.companies'), info: await listCompanies(db, callerOf(request), request.query) }),
  );
  app.get(
    '/api/nms/sites/list',
    { config: { access: NMS_ROLES }, schema: { ...schema('Sites of the slice', ListInfoSchema(SiteRow)), querystring: Strict(listQueryProperties) } },
    async (request) => ({ status: true, message: say('titles.sites'), info: await listSites(db, callerOf(request), request.query) }),
  );

  // Multi-site modals 2 and 4 (spec): new or updated companies and sites.
  const done = (message: string) => ({ status: true, message });
  const writeSchema = (summary: string) => routeSchema('Network dashboard')(summary, null, 400, 404, 409);
  app.post(
    '/api/nms/multi-site-company/save',
    { config: { access: only('Admin', 'Agency') }, schema: { ...writeSchema('A new multi-site company'), body: Strict(CompanyBody) } },
    async (request) => {
      // the company's account admin gets a sign-in (modules/auth/invitations), in the same transaction
      await db.transaction(async (tx) => {
        const companyId = await saveCompany(tx, callerOf(request), request.body, now());
        await inviteUser(tx, invitations, { userType: 'mscc', email: request.body.contact_person_email, companyId });
      });
      return done('Multi-site company added successfully');
    },
  );
  app.put(
    '/api/nms/multi-site-company/update',
    { config: { access: only('Admin', 'Agency') }, schema: { ...writeSchema('Update a multi-site company (its account admin email stays)'), body: Strict({ id: IdField, ...CompanyUpdateBody }) } },
    async (request) => {
      await updateCompany(db, callerOf(request), request.body.id, request.body, now());
      return done('Multi-site company updated successfully');
    },
  );
  app.post(
    '/api/nms/sites/save',
    { config: { access: only('Admin', 'Agency', 'mscc') }, schema: { ...writeSchema('A new site'), body: Strict(SiteBody) } },
    async (request) => {
      await saveSite(db, callerOf(request), request.body, now());
      return done('Site added successfully');
    },
  );
  app.put(
    '/api/nms/sites/update',
    { config: { access: only('Admin', 'Agency', 'mscc') }, schema: { ...writeSchema('Update a site'), body: Strict({ id: IdField, ...SiteBody }) } },
    async (request) => {
      await updateSite(db, callerOf(request), request.body.id, request.body);
      return done('Site updated successfully');
    },
  );
  app.get(
    '/api/nms/agencies/options',
    {
      config: { access: only('Admin') },
      schema: {
        ...schema('Agencies to link a company to (search by name, 25 a page)', Type.Object({ data: Type.Array(Type.Object({ id: Type.Integer(), agency_name: Type.String() })), total: Type.Integer(), current_page: Type.Integer(), last_page: Type.Integer() })),
        querystring: Strict({ agency_name: Type.Optional(Type.String({ maxLength: 60 })), page: listQueryProperties.page, limit: listQueryProperties.limit }),
      },
    },
    async (request) => ({ status: true, message: say('titles.agencies'), info: await agencyOptions(db, request.query) }),
  );

  // Site managers and multi-site contacts (spec modals 5 and 6).
  app.get(
    '/api/nms/site-managers/list',
    { config: { access: only('Admin', 'mscc', 'sm') }, schema: { ...schema('Site managers of the slice', ListInfoSchema(ManagerRow)), querystring: Strict(listQueryProperties) } },
    async (request) => ({ status: true, message: say('titles.siteManagers'), info: await listManagers(db, callerOf(request), request.query) }),
  );
  app.post(
    '/api/nms/site-managers/save',
    { config: { access: only('Admin', 'mscc') }, schema: { ...writeSchema('A new site manager of sites of one company'), body: Strict(ManagerBody) } },
    async (request) => {
      await db.transaction(async (tx) => {
        const siteManagerId = await saveManager(tx, callerOf(request), request.body, now());
        const { email, first_name: firstName, last_name: lastName } = request.body;
        await inviteUser(tx, invitations, { userType: 'sm', email, siteManagerId, firstName, lastName });
      });
      return done('Site manager added successfully');
    },
  );
  app.put(
    '/api/nms/site-managers/update',
    { config: { access: only('Admin', 'mscc') }, schema: { ...writeSchema('Update a site manager (the email stays)'), body: Strict({ id: IdField, ...ManagerUpdateBody }) } },
    async (request) => {
      await updateManager(db, callerOf(request), request.body.id, request.body);
      return done('Site manager updated successfully');
    },
  );
  app.get(
    '/api/nms/contacts/list',
    { config: { access: only('Admin', 'mscc') }, schema: { ...schema('Multi-site contacts of the slice', ListInfoSchema(ContactRow)), querystring: Strict(listQueryProperties) } },
    async (request) => ({ status: true, message: say('titles.contacts'), info: await listContacts(db, callerOf(request), request.query) }),
  );
  app.post(
    '/api/nms/contacts/save',
    { config: { access: only('Admin', 'mscc') }, schema: { ...writeSchema("A new contact of the caller's company (Admin chooses the company)"), body: Strict(ContactBody) } },
    async (request) => {
      await saveContact(db, callerOf(request), request.body, now());
      return done('Contact added successfully');
    },
  );
  app.put(
    '/api/nms/contacts/update',
    { config: { access: only('Admin', 'mscc') }, schema: { ...writeSchema('Update a contact (the email stays)'), body: Strict({ id: IdField, ...ContactUpdateBody }) } },
    async (request) => {
      await updateContact(db, callerOf(request), request.body.id, request.body);
      return done('Contact updated successfully');
    },
  );

  // Choose Multi-Site, then Choose Site or skip (spec modals 1 and 3): the selected heat pumps, or all matching.
  app.put(
    '/api/nms/devices/assign',
    {
      config: { access: only('Admin', 'Agency') },
      schema: {
        ...schema('Assign heat pumps of the slice to a company and one of its sites (or none)', Type.Object({ devices: Type.Integer() })),
        body: Strict({
          device_ids: Type.Optional(Type.Array(IdField, { maxItems: 100_000, errorMessage: { maxItems: say('common.tooManyDevices') } })),
          all: Type.Optional(Type.Boolean()),
          filter: Type.Optional(Type.String({ maxLength: 8000 })),
          company_id: Type.Optional(Type.Integer({ minimum: 1, maximum: 2147483647, errorMessage: say('nms.companyRequired') })),
          contact_person_email: Type.Optional(EmailField(say('fields.emailInvalidPlease'))),
          site_id: Type.Optional(Type.Integer({ minimum: 1, maximum: 2147483647, errorMessage: say('nms.siteRequired') })),
        }),
      },
    },
    async (request) => {
      const { devices, events } = await assignDevices(db, callerOf(request), request.body, now());
      // the slices each heat pump left and joined hear it (after the commit; a refusal sends nothing)
      await publishCommitted(ctx.live, events, request.log);
      return { status: true, message: say('nms.assigned', { count: devices }), info: { devices } };
    },
  );

  // The agency's hint (spec 6): a company it did not create is found by its exact contact email only.
  app.get(
    '/api/nms/multi-site-company/by-contact',
    {
      config: { access: only('Agency') },
      schema: {
        ...schema('The company whose contact email is exactly this one (for an assignment by an agency)', Type.Object({ id: Type.Integer(), company_name: Type.String() })),
        querystring: Strict({ email: EmailField(say('fields.emailInvalidPlease')) }),
      },
    },
    async (request) => {
      const company = await companyByContact(db, request.query.email);
      if (!company) throw notFound(NO_COMPANY_WITH_EMAIL);
      return { status: true, message: say('titles.company'), info: company };
    },
  );

  // The address autocomplete of the multi-site forms (one interface: the maps service or the fleet's addresses).
  const addresses = addressSuggester(db, ctx.config.maps);
  app.get(
    '/api/nms/addresses/suggest',
    {
      config: { access: only('Admin', 'Agency', 'mscc') },
      schema: {
        ...schema('Address suggestions for what is typed (at most 10)', Type.Array(Type.Object({ label: Type.String(), source: Type.String() }))),
        querystring: Strict({ q: Type.String({ minLength: 2, maxLength: 120, errorMessage: say('nms.searchTooShort') }) }),
      },
    },
    async (request) => ({ status: true, message: say('titles.addresses'), info: await addresses.suggest(callerOf(request), request.query.q, 10) }),
  );
};
