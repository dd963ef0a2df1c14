/**
 * The rows and `info` of fleet-api's answers by readable names, picked out of the types generated from
 * its OpenAPI document (./generated/answers.ts, `npm run answer-types`). Types only: nothing here
 * exists at run time. A screen reads `DeviceListRow`, not its own copy, so a changed answer fails the
 * type-check of every screen that reads the changed field.
 */
import type { paths } from './generated/answers';

type Method = 'get' | 'post' | 'put' | 'delete';

/** The JSON a call answers with 200: `{status, message, info}`. */
export type Answer<P extends keyof paths, M extends Method = 'get'> = paths[P][M] extends {
  responses: { 200: { content: { 'application/json': infer A } } };
}
  ? A
  : never;

/** The `info` of a call's answer. */
export type AnswerInfo<P extends keyof paths, M extends Method = 'get'> = Answer<P, M> extends { info: infer I } ? I : never;

/** A row of a list call's `info.data`. */
export type AnswerRow<P extends keyof paths, M extends Method = 'get'> = AnswerInfo<P, M> extends { data: Array<infer R> } ? R : never;

/** The JSON body a call takes. */
export type RequestBody<P extends keyof paths, M extends Method> = paths[P][M] extends {
  requestBody?: { content: { 'application/json': infer B } };
}
  ? B
  : never;

// Devices (docs/device-calls.md)
export type DeviceListRow = AnswerRow<'/api/device/all/devices'>;
export type DeviceInfo = AnswerInfo<'/api/device/get-info'>;
export type SmokeAlarmRow = AnswerRow<'/api/safelink/smokealarm/list'>;
/** The parts of a property's address a device, smoke alarm or heat-pump row carries. */
export type AddressParts = Pick<DeviceListRow, 'unit_number' | 'street_number' | 'street' | 'city' | 'state' | 'postal_code'>;

// Heat pumps, faults and NMS (docs/heat-pump-calls.md)
export type HeatPumpListRow = AnswerRow<'/api/heat-pump/list'>;
export type HeatPumpInfo = AnswerInfo<'/api/heat-pump/info/{id}'>;
export type FaultListRow = AnswerRow<'/api/heat-pump/faults'>;
export type RelatedFault = FaultListRow['related_history'][number];
/** A heat pump's fault history: its events, with the heat pump named. */
export type FaultHistory = AnswerInfo<'/api/heat-pump/faults/history/{id}'>;
export type FaultEvent = FaultHistory['data'][number];
export type HeatPumpActivityEvent = AnswerRow<'/api/admin/heat-pump/activity-logs'>;
export type HeatPumpModelRow = AnswerRow<'/api/heat-pump/model/list'>;
export type NmsCounts = AnswerInfo<'/api/nms/dashboard/counts'>;
export type NmsMonthOnlineOffline = AnswerInfo<'/api/nms/dashboard/month-online-offline-device'>[number];
export type NmsMonthFaulty = AnswerInfo<'/api/nms/dashboard/month-faulty-device'>[number];
export type NmsLiveDeviceRow = AnswerRow<'/api/nms/dashboard/ws/devices/all'>;
export type NmsCompany = AnswerInfo<'/api/nms/dashboard/msc/{id}/get'>;
export type NmsCompanyRow = AnswerRow<'/api/nms/multi-site-company/list'>;
export type NmsSiteRow = AnswerRow<'/api/nms/sites/list'>;
export type NmsSitePropertyRow = AnswerRow<'/api/nms/dashboard/site/{id}/properties'>;
export type NmsSiteManagerRow = AnswerRow<'/api/nms/site-managers/list'>;
export type NmsContactRow = AnswerRow<'/api/nms/contacts/list'>;
export type NmsFaultMonth = AnswerInfo<'/api/nms/dashboard/site/{id}/fault-trend'>[number];

// Sign-in and profiles (docs/auth-calls.md)
export type LoginUserInfo = AnswerInfo<'/api/authenticate/login-otp', 'post'>;
export type AdminProfile = AnswerInfo<'/api/profile'>;
export type AgencyProfile = AnswerInfo<'/api/agency/getprofile'>;
export type ElectricianProfile = AnswerInfo<'/api/electrician/getprofile'>;
export type CustomerProfile = AnswerInfo<'/api/nms/customer/profile'>;
export type MultiSiteProfile = AnswerInfo<'/api/mscc/nms/profile/get'>;
export type SiteManagerProfile = AnswerInfo<'/api/sm/nms/profile/get'>;

// Organisations: agencies, agents, partners, electricians, aggregators, retailers, sliders, tariffs (docs/organisation-calls.md)
export type AgencyRow = AnswerRow<'/api/agency/get/all'>;
export type AgencyInfo = AnswerInfo<'/api/agency/get/{id}'>;
/** A device row of the agency, agent and partner views. */
export type AgencyDeviceRow = AnswerRow<'/api/agency/get-devices'>;
export type IntegrationRow = AnswerRow<'/api/integration/get/all'>;
export type IntegrationInfo = AnswerInfo<'/api/integration/get/{id}'>;
export type AgentRow = AnswerRow<'/api/agent/get/all'>;
export type AgentRecord = AnswerInfo<'/api/agency/agent/get/{id}'>;
export type AgentLoginPayload = AnswerInfo<'/api/agent/login-payload'>;
export type PartnerRow = AnswerRow<'/api/partner/all'>;
export type ElectricianRow = AnswerRow<'/api/electrician/get/all'>;
export type ElectricianInfo = AnswerInfo<'/api/electrician/get/{id}'>;
export type FieldWorkerRow = AnswerRow<'/api/electrician-agent/get/all'>;
export type FieldWorkerInfo = AnswerInfo<'/api/electrician-agent/get/{id}'>;
/** A device an electrician's field worker installed. */
export type InstalledDeviceRow = AnswerRow<'/api/agency/electrician/devices'>;
export type AggregatorOption = AnswerInfo<'/api/aggregators/get-list'>[number];
export type AggregatorRow = AnswerRow<'/api/aggregators/get/all'>;
export type RetailerRow = AnswerRow<'/api/electricity-retailer/get/all'>;
export type SlideRow = AnswerRow<'/api/homepage/slider'>;
export type TariffRow = AnswerRow<'/api/tarrif/getCompanies'>;
export type TariffInfo = AnswerInfo<'/api/tarrif/get/{id}'>;

// Firmware over the air
export type FirmwareRow = AnswerRow<'/api/ota/get'>;
export type OtaRuleRow = AnswerRow<'/api/ota/rule/list'>;
export type OtaGroupRow = AnswerRow<'/api/ota/group/all'>;
export type OtaDeviceRow = AnswerRow<'/api/ota/devices'>;
/** One group with a page of its devices. */
export type OtaGroupInfo = AnswerInfo<'/api/ota/group/info'>;
export type OtaPushRow = AnswerRow<'/api/ota/history'>;
export type OtaPushDeviceRow = AnswerRow<'/api/ota/history/devices'>;

// Staged rollouts (docs/rollouts.md)
export type RolloutPreview = AnswerInfo<'/api/ota/rollout/preview', 'post'>;
export type RolloutPreviewBody = RequestBody<'/api/ota/rollout/preview', 'post'>;
export type RolloutAddBody = RequestBody<'/api/ota/rollout/add', 'post'>;
export type RolloutRow = AnswerRow<'/api/ota/rollout/list'>;
export type RolloutInfo = AnswerInfo<'/api/ota/rollout/info'>;
export type RolloutWave = RolloutInfo['waves'][number];
export type RolloutHaltReason = NonNullable<RolloutInfo['halt_reason']>;
export type RolloutDeviceRow = AnswerRow<'/api/ota/rollout/devices'>;
export type RolloutRetryInfo = AnswerInfo<'/api/ota/rollout/retry-failed', 'put'>;
/** The CSV export of a rollout's devices: the rollout and its device list's filter and sort. */
export type RolloutDevicesExportBody = RequestBody<'/api/ota/rollout/devices/export', 'post'>;

// Exports of every list
export type ExportJob = AnswerInfo<'/api/export/{id}'>;
