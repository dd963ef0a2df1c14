// What the shell reads at start-up to learn this remote's routes and menu entries. It imports types and
// the contract's route table helpers only: the build evaluates it in Node, without React or the screens.
import type { AUDIT_ROLE_PREFIXES } from '@fleet/contract';
import type { MenuEntry, MenuGroup, MenuLabels, RemoteDescription, RemoteRoute, UserType } from '@fleet/shared-api';
import { describeRoutes, routesPer, type RouteTable } from '@fleet/shared-api/remote-contract';

/** Spec 2.4 (Other management screens): the aggregators and the electricity retailers. */
export const ORGANISATION_PATHS = {
  aggregators: '/admin/aggregators',
  retailers: '/admin/electricity-retailers',
} as const;

/** Spec 2.4: Tariffs (the list, create, edit). */
export const TARIFF_PATHS = {
  list: '/admin/tariffs',
  add: '/admin/tariff',
  edit: '/admin/tariff/:id',
} as const;

/** Spec 2.4: one Sliders screen per product line of the customer apps. */
export const SLIDER_PRODUCTS = ['electricity-advisor', 'livelink', 'safelink', 'airlink'] as const;
export type SliderProduct = (typeof SLIDER_PRODUCTS)[number];
export const sliderPath = (product: SliderProduct): string => `/admin/${product}/slider`;

/** Spec 2.11: Manage Electricians groups aggregators, electricians and field workers. */
export const ELECTRICIANS_GROUP: MenuGroup = { name: 'Manage Electricians', labels: { en: 'Manage Electricians', hi: 'इलेक्ट्रीशियन प्रबंधित करें' } };

/** Spec 2.4, 2.5, 2.6: electricians (Admin; the agency reads its own) and field workers (Admin, agency, electrician). */
export const ELECTRICIAN_PATHS = {
  adminList: '/admin/electricians',
  adminAdd: '/admin/electrician',
  adminView: '/admin/electrician/view/:id',
  adminEdit: '/admin/electrician/:id',
  agencyList: '/agency/electricians',
  agencyView: '/agency/electricians/view/:id',
} as const;

export const FIELD_WORKER_PATHS = {
  adminList: '/admin/electricians-installers',
  adminView: '/admin/electrician-installer/view/:id',
  /** Our decision: the field worker's installed devices (the spec names the route only). */
  adminDevices: '/admin/electrician-installer/device/view/:id',
  agencyList: '/agency/electricians-agents',
  agencyView: '/agency/electricians-agents/view/:id',
  electricianList: '/electrician/installer-agents',
  electricianAdd: '/electrician/installer-agent',
  electricianView: '/electrician/installer-agent/view/:id',
  electricianEdit: '/electrician/installer-agent/:id',
} as const;

/** Spec 2.4 (Agencies, Installer agents): Admin's screens; partners' pair is ours (the spec names no route). */
export const AGENCY_PATHS = {
  list: '/admin/installer-agencies',
  add: '/admin/installer-agency',
  view: '/admin/installer-agency/view/:id',
  edit: '/admin/installer-agency/:id',
  integrations: '/admin/integrations',
  integration: '/admin/integration/view/:id',
  partners: '/admin/partners',
  partner: '/admin/partner/view/:id',
  agents: '/admin/installer-agents',
  agent: '/admin/installer-agent/view/:id',
  agentDevices: '/admin/installer-agent/view/device/:id',
} as const;

/** Spec 2.5: the agency's installation agents. */
export const AGENCY_AGENT_PATHS = {
  list: '/agency/installation-agents',
  add: '/agency/installation-agent',
  view: '/agency/installation-agents/view/:id',
  edit: '/agency/installation-agents/:id',
} as const;

/** Spec 2.11: Manage Agencies groups the agencies, integrations (and partners, our place for them). */
export const AGENCIES_GROUP: MenuGroup = { name: 'Manage Agencies', labels: { en: 'Manage Agencies', hi: 'एजेंसियाँ प्रबंधित करें' } };

/**
 * Issue 23: the Audit Log of Admin and of each organisation, under its role's prefix of spec 6 (an mscc's
 * calls go under `mscc`, its screens under /multisite; a site manager's under `sm` and /sitemanager).
 * Who reads each area's log: Admin, and the organisations' roles under their prefixes (the contract's
 * AUDIT_ROLE_PREFIXES, checked below).
 */
export const AUDIT_LOG_ROLES = { admin: 'Admin', agency: 'Agency', electrician: 'Electrician', mscc: 'mscc', sm: 'sm' } as const satisfies Record<string, UserType>;
// The type-check fails here when the contract's prefixes and these areas drift apart.
export const AUDIT_AREAS_MATCH_CONTRACT: Omit<typeof AUDIT_LOG_ROLES, 'admin'> extends typeof AUDIT_ROLE_PREFIXES
  ? typeof AUDIT_ROLE_PREFIXES extends Omit<typeof AUDIT_LOG_ROLES, 'admin'>
    ? true
    : false
  : false = true;
export type AuditLogArea = keyof typeof AUDIT_LOG_ROLES;
export const AUDIT_LOG_AREAS = Object.keys(AUDIT_LOG_ROLES) as AuditLogArea[];
export const AUDIT_LOG_PATHS: Record<AuditLogArea, string> = {
  admin: '/admin/audit-log',
  agency: '/agency/audit-log',
  electrician: '/electrician/audit-log',
  mscc: '/multisite/audit-log',
  sm: '/sitemanager/audit-log',
};
/** Admin's refused sign-ins and tokens, a tab beside its Audit Log. */
export const SECURITY_EVENTS_PATH = '/admin/audit-log/security-events';

const forRole = (role: UserType) => (path: string): RemoteRoute => ({ path, access: [role] });
const admin = forRole('Admin');
const agency = forRole('Agency');
const electrician = forRole('Electrician');

/** Each screen's routes (OrganisationsRoutes gives the screens by these names). */
export const ORGANISATION_ROUTES = {
  aggregators: admin(ORGANISATION_PATHS.aggregators),
  retailers: admin(ORGANISATION_PATHS.retailers),
  tariffs: admin(TARIFF_PATHS.list),
  tariffAdd: admin(TARIFF_PATHS.add),
  tariffEdit: admin(TARIFF_PATHS.edit),
  sliders: routesPer(SLIDER_PRODUCTS, (product) => admin(sliderPath(product))),
  electricians: admin(ELECTRICIAN_PATHS.adminList),
  electricianAdd: admin(ELECTRICIAN_PATHS.adminAdd),
  electrician: admin(ELECTRICIAN_PATHS.adminView),
  electricianEdit: admin(ELECTRICIAN_PATHS.adminEdit),
  agencyElectricians: agency(ELECTRICIAN_PATHS.agencyList),
  agencyElectrician: agency(ELECTRICIAN_PATHS.agencyView),
  fieldWorkers: admin(FIELD_WORKER_PATHS.adminList),
  fieldWorker: admin(FIELD_WORKER_PATHS.adminView),
  fieldWorkerDevices: admin(FIELD_WORKER_PATHS.adminDevices),
  agencyFieldWorkers: agency(FIELD_WORKER_PATHS.agencyList),
  agencyFieldWorker: agency(FIELD_WORKER_PATHS.agencyView),
  electricianFieldWorkers: electrician(FIELD_WORKER_PATHS.electricianList),
  electricianFieldWorkerAdd: electrician(FIELD_WORKER_PATHS.electricianAdd),
  electricianFieldWorker: electrician(FIELD_WORKER_PATHS.electricianView),
  electricianFieldWorkerEdit: electrician(FIELD_WORKER_PATHS.electricianEdit),
  agencies: admin(AGENCY_PATHS.list),
  agencyAdd: admin(AGENCY_PATHS.add),
  agencyView: admin(AGENCY_PATHS.view),
  agencyEdit: admin(AGENCY_PATHS.edit),
  integrations: admin(AGENCY_PATHS.integrations),
  integration: admin(AGENCY_PATHS.integration),
  partners: admin(AGENCY_PATHS.partners),
  partner: admin(AGENCY_PATHS.partner),
  installerAgents: admin(AGENCY_PATHS.agents),
  installerAgent: admin(AGENCY_PATHS.agent),
  installerAgentDevices: admin(AGENCY_PATHS.agentDevices),
  installationAgents: agency(AGENCY_AGENT_PATHS.list),
  installationAgentAdd: agency(AGENCY_AGENT_PATHS.add),
  installationAgent: agency(AGENCY_AGENT_PATHS.view),
  installationAgentEdit: agency(AGENCY_AGENT_PATHS.edit),
  auditLogs: routesPer(AUDIT_LOG_AREAS, (area) => forRole(AUDIT_LOG_ROLES[area])(AUDIT_LOG_PATHS[area])),
  securityEvents: admin(SECURITY_EVENTS_PATH),
} satisfies RouteTable;

/** Spec 2.11: the Sliders group, one entry per product line (the shell keeps the group Admin only). */
export const SLIDERS_GROUP: MenuGroup = { name: 'Sliders', labels: { en: 'Sliders', hi: 'स्लाइडर' } };
const SLIDER_MENU: Array<[SliderProduct, MenuLabels, string]> = [
  ['electricity-advisor', { en: 'Electricity Advisor', hi: 'इलेक्ट्रिसिटी एडवाइज़र' }, 'advisor'],
  ['livelink', { en: 'Livelink', hi: 'लाइवलिंक' }, 'livelink'],
  ['safelink', { en: 'Safelink', hi: 'सेफ़लिंक' }, 'safelink'],
  ['airlink', { en: 'Airlink', hi: 'एयरलिंक' }, 'airlink'],
];

// After Customers (200) and Manage Agencies (300), before Manage Firmwares (600).
const menu: MenuEntry[] = [
  { id: 'organisations.aggregators', labels: { en: 'Aggregators', hi: 'एग्रीगेटर' }, path: ORGANISATION_PATHS.aggregators, roles: ['Admin'], group: ELECTRICIANS_GROUP, order: 400 },
  { id: 'organisations.electricians', labels: { en: 'Electricians', hi: 'इलेक्ट्रीशियन' }, path: ELECTRICIAN_PATHS.adminList, roles: ['Admin'], group: ELECTRICIANS_GROUP, order: 401 },
  { id: 'organisations.fieldWorkers', labels: { en: 'Field Workers', hi: 'फ़ील्ड कर्मचारी' }, path: FIELD_WORKER_PATHS.adminList, roles: ['Admin'], group: ELECTRICIANS_GROUP, order: 402 },
  // Spec 2.11, Agency: after its devices; Electrician: after its devices.
  { id: 'organisations.agency.electricians', labels: { en: 'Electricians', hi: 'इलेक्ट्रीशियन' }, path: ELECTRICIAN_PATHS.agencyList, roles: ['Agency'], order: 101 },
  { id: 'organisations.agency.electricianAgents', labels: { en: 'Electrician Agents', hi: 'इलेक्ट्रीशियन एजेंट' }, path: FIELD_WORKER_PATHS.agencyList, roles: ['Agency'], order: 102 },
  { id: 'organisations.electrician.fieldWorkers', labels: { en: 'Field Workers', hi: 'फ़ील्ड कर्मचारी' }, path: FIELD_WORKER_PATHS.electricianList, roles: ['Electrician'], order: 110 },
  { id: 'organisations.retailers', labels: { en: 'Electricity Retailers', hi: 'बिजली रिटेलर' }, path: ORGANISATION_PATHS.retailers, roles: ['Admin'], order: 510 },
  // Tariffs before Electricity Retailers; Sliders after the Suppression List (700), as spec 2.11 lists them
  { id: 'organisations.tariffs', labels: { en: 'Tariffs', hi: 'टैरिफ' }, path: TARIFF_PATHS.list, roles: ['Admin'], order: 505 },
  ...SLIDER_MENU.map(
    ([product, labels, key], index): MenuEntry => ({ id: `organisations.sliders.${key}`, labels, path: sliderPath(product), roles: ['Admin'], group: SLIDERS_GROUP, order: 710 + index }),
  ),
  // Manage Agencies after Customers (200); Installer agents after Manage Electricians (400s)
  { id: 'organisations.agencies', labels: { en: 'Agencies', hi: 'एजेंसियाँ' }, path: AGENCY_PATHS.list, roles: ['Admin'], group: AGENCIES_GROUP, order: 300 },
  { id: 'organisations.integrations', labels: { en: 'Integrations', hi: 'इंटीग्रेशन' }, path: AGENCY_PATHS.integrations, roles: ['Admin'], group: AGENCIES_GROUP, order: 301 },
  { id: 'organisations.partners', labels: { en: 'Partners', hi: 'पार्टनर' }, path: AGENCY_PATHS.partners, roles: ['Admin'], group: AGENCIES_GROUP, order: 302 },
  { id: 'organisations.installer-agents', labels: { en: 'Installer Agents', hi: 'इंस्टॉलर एजेंट' }, path: AGENCY_PATHS.agents, roles: ['Admin'], order: 450 },
  // Agency: after Devices - VEU (130)
  { id: 'organisations.installation-agents', labels: { en: 'Installation Agents', hi: 'इंस्टॉलेशन एजेंट' }, path: AGENCY_AGENT_PATHS.list, roles: ['Agency'], order: 135 },
  // Issue 23: every role's Audit Log near the end of its menu, before Profile (1000).
  ...AUDIT_LOG_AREAS.map(
    (area): MenuEntry => ({ id: `organisations.auditLog.${area}`, labels: { en: 'Audit Log', hi: 'ऑडिट लॉग' }, path: AUDIT_LOG_PATHS[area], roles: [AUDIT_LOG_ROLES[area]], order: 900 }),
  ),
];

export const description: RemoteDescription = {
  name: 'mfe-organisations',
  // Both come from package.json at build time (federation-config's DefinePlugin).
  version: FLEET_REMOTE_VERSION,
  routes: describeRoutes(ORGANISATION_ROUTES),
  menu,
  requires: FLEET_REQUIRES,
};
