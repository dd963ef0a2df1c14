// Part of the catalogue of fleet-api's sentences (server-messages.ts): each area's own sentences, agencies to trials.
import { SECOND_FACTOR_SENTENCES } from './mfa';
import { PASSKEY_SENTENCES } from './passkeys';
import { ROLLOUT_SENTENCES } from './rollouts';
import { TARIFF_MESSAGES } from './tariffs';

export const AREA_SENTENCES = {
  // agencies
  'agencies.added': 'Agency added successfully',
  'agencies.deleted': 'Agency deleted successfully',
  'agencies.emailNotificationBoolean': 'email_notification is true or false',
  'agencies.emailTaken': 'An agency with this email already exists',
  'agencies.inUse': 'This agency has {{holdings}}; move them to another agency or set it In-Active instead',
  'agencies.notFound': 'Agency not found',
  'agencies.updated': 'Agency updated successfully',
  'agencies.flowsInvalid': 'Flows are some of {{values}}',
  'agencies.productLinesInvalid': 'Product lines are some of {{values}}',

  // agents
  'agents.added': 'Installation agent added successfully',
  'agents.deleted': 'Installation agent deleted successfully',
  'agents.emailTaken': 'An installation agent with this email already exists',
  'agents.inUse_one': 'This installation agent installed {{count}} device; set it In-Active instead',
  'agents.inUse_other': 'This installation agent installed {{count}} devices; set it In-Active instead',
  'agents.notFound': 'Installation agent not found',
  'agents.updated': 'Installation agent updated successfully',

  // aggregators
  'aggregators.added': 'Aggregator added successfully',
  'aggregators.deleted': 'Aggregator deleted successfully',
  'aggregators.inUse_one': 'This aggregator has {{count}} electrician; move them to another aggregator first',
  'aggregators.inUse_other': 'This aggregator has {{count}} electricians; move them to another aggregator first',
  'aggregators.nameTaken': 'An aggregator with this name already exists',
  'aggregators.notFound': 'Aggregator not found',
  'aggregators.updated': 'Aggregator updated successfully',

  // customers
  'customers.deleted': 'Customer deleted successfully',
  'customers.emailTaken': 'This email address is already used by another customer',
  'customers.notFound': 'Customer not found',
  'customers.updated': 'Customer updated successfully',

  // devices
  'devices.corrected': 'Device corrected successfully',
  'devices.flashPeriodTooLong': 'Choose a period of at most {{days}} days',
  'devices.futureDate': 'Future dates are not allowed',
  'devices.impulseRateInvalid': 'Please enter a valid impulse rate',
  'devices.impulseRateRequired': 'Impulse rate is required',
  'devices.impulseRateTypeRequired': 'Please select the impulse rate type',
  'devices.nmiInvalid': 'NMI is 10 or 11 letters and digits',
  'devices.noFlashCounter': 'This device does not count meter flashes',
  'devices.noFlashes': 'No flashes were recorded between {{start}} and {{end}}',
  'devices.notFound': 'Device not found',
  'devices.nothingToUpdate': 'Choose what to update',
  'devices.unitChargeInvalid': 'unit_charge must be a number from 0 to 100',
  'devices.unitChargeRequired': 'Unit charge is required to correct the tariff rate',
  'devices.updated': 'Device updated successfully',

  // electricians
  'electricians.added': 'Electrician added successfully',
  'electricians.deleted': 'Electrician deleted successfully',
  'electricians.emailTaken': 'An account with this email already exists',
  'electricians.notFound': 'Electrician not found',
  'electricians.updated': 'Electrician updated successfully',
  'electricians.inUse_one': 'This electrician has installed {{count}} device and cannot be deleted',
  'electricians.inUse_other': 'This electrician has installed {{count}} devices and cannot be deleted',

  // exports
  'exports.notFound': 'Export not found',
  'exports.running': 'An export of yours is still running; wait for it to finish',
  'exports.started': 'Export started',
  'exports.ownerRestarted': 'The server restarted during the export; start it again',
  'exports.ownerStopped': 'The server writing the export stopped; start it again',

  // faults
  'faults.agentRequired': 'Agent is required',
  'faults.agentTooLong': 'Agent must be at most 100 characters',
  'faults.alreadyResolved': 'This fault is already resolved',
  'faults.commentTooLong': 'Please enter less than 500 characters',
  'faults.heatPumpRequired': 'device_id, serial_number or mac_address is required',
  'faults.noneSelected': 'Select at least one fault',
  'faults.notFound': 'Fault not found',
  'faults.onlyUnresolved': 'Only unresolved faults can be resolved',
  'faults.periodTooLong': 'Choose at most {{days}} days',
  'faults.resolved': 'Fault resolved successfully',
  'faults.resolvedMany': '{{faults}} faults of {{devices}} heat pumps resolved',
  'faults.sourceInvalid': 'source must be nms',
  'faults.statusInvalid': 'fault_status must be 0 or 1',
  'faults.tooManySelected': 'Too many faults: resolve by filter instead',

  // feedback
  'feedback.ratingInvalid': 'Rating is 1 to 5',
  'feedback.ratingRequired': 'Rating is required',
  'feedback.sent': 'The feedback was sent to {{email}}',
  'feedback.syncTypeInvalid': 'sync_type is auto_sync or weekly_report',
  'feedback.syncTypeOrSurveyInvalid': 'sync_type is auto_sync, weekly_report or survey',
  'feedback.thanks': 'Thank you for your feedback',

  // fieldWorkers
  'fieldWorkers.added': 'Field worker added successfully',
  'fieldWorkers.deleted': 'Field worker deleted successfully',
  'fieldWorkers.emailTaken': 'A field worker with this email already exists',
  'fieldWorkers.notFound': 'Field worker not found',
  'fieldWorkers.updated': 'Field worker updated successfully',

  // firmware
  'firmware.added': 'Firmware added successfully',
  'firmware.deleted': 'Firmware deleted successfully',
  'firmware.deviceTypeInvalid': 'deviceType must be one of ihd, ihd_livelink, livelink, safelink, airlink, bulb, heat_pump',
  'firmware.fileNotFound': 'Firmware file not found',
  'firmware.fileTooLarge': 'File too large: the limit is {{bytes}} bytes',
  'firmware.formNotMultipart': 'The firmware form must be sent as multipart/form-data',
  'firmware.mcuVersionInvalid': 'Invalid MCU version',
  'firmware.mcuVersionRequired': 'MCU Version is required',
  'firmware.md5Invalid': '{{field}} must be an MD5 (32 hexadecimal characters)',
  'firmware.md5Mismatch': 'MD5 of {{slot}} does not match',
  'firmware.notFound': 'Firmware not found',
  'firmware.notPackFile': '{{slot}} is not a file of a firmware OTA pack',
  'firmware.notSingleFile': '{{slot}} is not a file of a single firmware',
  'firmware.otaTypeFixed': 'ota_type of a firmware cannot be changed',
  'firmware.otaTypeInvalid': 'ota_type must be single or multiple',
  'firmware.packForHeatPumps': 'OTA packs (ota_type multiple) are for heat_pump only',
  'firmware.updated': 'Firmware updated successfully',
  'firmware.versionRequired': 'Version is required',
  'firmware.versionTaken': 'This version already exists',
  'firmware.binOnly': 'Only .bin files are accepted',
  'firmware.versionNamedTaken': 'Version {{version}} already exists',

  // heatPumps
  'heatPumps.notFound': 'Heat pump not found',

  // live
  'live.originRefused': 'This origin may not open the live socket',

  // members
  'members.added': 'Member added successfully',
  'members.emailTaken': 'This email address is already a member of this property',
  'members.notFound': 'Member not found',
  'members.ownerRefused': 'The owner of the property cannot be added as a member',
  'members.removed': 'Member removed successfully',

  // models
  'models.added': 'Model added successfully',
  'models.capacityInvalid': 'Capacity must be a whole number of litres from 1 to 10000',
  'models.deleted': 'Model deleted successfully',
  'models.descriptionTooLong': 'Description must be at most 500 characters',
  'models.inUse': '{{count}} heat pumps use this model: it cannot be deleted',
  'models.nameRequired': 'Model Name is required',
  'models.nameTaken': 'A model with this name already exists',
  'models.notFound': 'Model not found',
  'models.updated': 'Model updated successfully',

  // nms
  'nms.agencyRequired': 'Please Select Agency',
  'nms.assigned': '{{count}} heat pumps assigned',
  'nms.companyRequired': 'Please Select Mulitisite',
  'nms.contactRequired': 'Please Select MSC Contact',
  'nms.deviceTypeInvalid': 'deviceType must be heat_pump',
  'nms.noCompanyForContact': 'No multi-site company has this contact email',
  'nms.noDeviceSelected': 'Select at least one device',
  'nms.searchTooShort': 'Type at least 2 characters',
  'nms.siteRequired': 'Please select a site',
  'nms.tooManyAgencies': 'Too many agencies',
  'nms.yearOutOfRange': 'year must be from {{first}} to {{last}}',

  // ota
  'ota.allInvalid': 'all must be true or false',
  'ota.noDeviceSelected': 'Please select devices',
  'ota.noUpdateAvailable': 'None of the selected devices has a firmware update available',
  'ota.pushSent_one': 'Firmware update sent to {{count}} device',
  'ota.pushSent_other': 'Firmware update sent to {{count}} devices',
  'ota.versionInvalid': 'Invalid firmware version',
  'ota.versionUnknown': 'Unknown firmware version {{version}}',
  'ota.pushNotFound': 'Push not found',

  // otaGroups
  'otaGroups.added': 'Group added successfully',
  'otaGroups.deleted': 'Group deleted successfully',
  'otaGroups.devicesAdded': 'Devices added successfully',
  'otaGroups.devicesRemoved': 'Devices removed successfully',
  'otaGroups.nameTooLong': 'Name must be at most 60 characters',
  'otaGroups.notFound': 'Group not found',
  'otaGroups.targetRequired': 'Please select Target Version before sending Firmware Update',
  'otaGroups.updated': 'Group updated successfully',
  'otaGroups.upgradableInvalid': 'upgradable must be true or false',

  // otaRules
  'otaRules.added': 'Rule added successfully',
  'otaRules.deleted': 'Rule deleted successfully',
  'otaRules.immediateInvalid': 'immediate_update must be true or false',
  'otaRules.nameTooLong': 'Name must be at most 40 characters',
  'otaRules.notFound': 'Rule not found',
  'otaRules.sameVersion': 'Upgrade To must differ from Current Version',
  'otaRules.updated': 'Rule updated successfully',
  'otaRules.versionTaken': 'A rule for this version already exists',
  'otaRules.versionNamedTaken': 'A rule for version {{version}} already exists',

  // partners
  'partners.added': 'Partner added successfully',
  'partners.agencyAdded': 'Agency added to the partner',
  'partners.agencyAlreadyAdded': 'This agency already works with this partner',
  'partners.agencyNotAdded': 'This agency does not work with this partner',
  'partners.agencyRemoved': 'Agency removed from the partner',
  'partners.deleted': 'Partner deleted successfully',
  'partners.nameTaken': 'A partner with this name already exists',
  'partners.notFound': 'Partner not found',
  'partners.updated': 'Partner updated successfully',

  // properties
  'properties.deleted': 'Property deleted successfully',
  'properties.detailsUpdated': 'Property details updated successfully',
  'properties.nameRequired': 'Property Name is required',
  'properties.nameTooLong': 'Property Name should be less than 200 character',
  'properties.notFound': 'Property not found',

  // propertyTariffs
  'propertyTariffs.discountInvalid': 'Discount must be a number from 0',
  'propertyTariffs.discountPercentTooHigh': 'Discount percentage must be at most 100',
  'propertyTariffs.discountTooHigh': 'Discount value must be less than unit charge',
  'propertyTariffs.discountTypeInvalid': 'discount_type is percentage or value',
  'propertyTariffs.distributorElsewhere': 'The electricity distributor does not serve this postal code',
  'propertyTariffs.distributorRequired': 'Please select the electricity distributor',
  'propertyTariffs.retailerRequired': 'Please select the electricity retailer',
  'propertyTariffs.structureElsewhere': 'The tariff structure is not one of the distributor\'s',
  'propertyTariffs.structureRequired': 'Please select the tariff structure',
  'propertyTariffs.supplyChargeInvalid': 'Supply charge must be a number from 0',
  'propertyTariffs.unitChargeRequired': 'Cost per unit is required',
  'propertyTariffs.unknownPlan': '{{key}} is not a plan of this tariff structure',

  // readings
  'readings.appVersionInvalid': 'App version is three numbers, like 2.4.1',
  'readings.appVersionRequired': 'App version is required',
  'readings.countInvalid': 'Send 1 to {{max}} readings',
  'readings.deviceIdRequired': 'device_id is required',
  'readings.kwhInvalid': 'kWh is a number from 0 to 999999',
  'readings.locationPreferenceInvalid': 'Location preference is one of {{values}}',
  'readings.monthBeforeInstall': 'A reading cannot be for a month before the device was installed',
  'readings.monthInFuture': 'A reading cannot be for a month after this one',
  'readings.monthInvalid': 'A reading month is YYYY-MM',
  'readings.platformInvalid': 'Platform is android or ios',
  'readings.platformRequired': 'Platform is required',
  'readings.recorded': 'Recorded',
  'readings.safelinkRefused': 'Safelink devices do not report energy',
  'readings.synced': 'Readings synced',

  // retailers
  'retailers.added': 'Retailer added successfully',
  'retailers.deleted': 'Retailer deleted successfully',
  'retailers.inUse_one': 'This retailer is the current retailer of {{count}} property',
  'retailers.inUse_other': 'This retailer is the current retailer of {{count}} properties',
  'retailers.nameRequired': 'Retailer Name is required',
  'retailers.nameTaken': 'A retailer with this name already exists',
  'retailers.nameTooLong': 'Retailer Name should be less than 200 character',
  'retailers.notFound': 'Retailer not found',
  'retailers.topListedInvalid': 'is_top_listed is 1 or 0',
  'retailers.updated': 'Retailer updated successfully',

  // siteManagers
  'siteManagers.companyRequired': 'Please Select Multisite',
  'siteManagers.emailTaken': 'A site manager with this email already exists',
  'siteManagers.oneCompany': 'The sites of a site manager are of one company',
  'siteManagers.siteRequired': 'Please Select Site',
  'siteManagers.tooManySites': 'Too many sites',

  // sites
  'sites.notFound': 'Site not found',

  // sliders
  'sliders.added': 'Slider added successfully',
  'sliders.deleted': 'Slider deleted successfully',
  'sliders.formNotMultipart': 'The slider form must be sent as multipart/form-data',
  'sliders.imageNotFound': 'Image not found',
  'sliders.imageNotPicture': 'The image is not a JPEG or PNG file',
  'sliders.imageRequired': 'Image is required',
  'sliders.imageTypeRefused': 'Only .jpeg, .jpg, .png images are accepted',
  'sliders.linkInvalid': 'Link is invalid.Enter valid link',
  'sliders.nameTooLong': 'Name should be less than 200 character',
  'sliders.notFound': 'Slider not found',
  'sliders.updated': 'Slider updated successfully',

  // smokeAlarms
  'smokeAlarms.notFound': 'Smoke alarm not found',

  // suppression
  'suppression.added': 'Email address added to the suppression list',
  'suppression.emailTaken': 'This email address is already on the suppression list',
  'suppression.notFound': 'Not on the suppression list',
  'suppression.reasonRequired': 'Please select a reason',
  'suppression.removed': 'Email address removed from the suppression list',

  // surveys
  'surveys.answersInvalid': 'answers is an object of question keys and their answers',
  'surveys.answersSaved': 'Survey answers saved successfully',
  'surveys.chooseOptionFor': '{{question}}: Please choose one of the options',
  'surveys.digitsOnlyFor': '{{question}}: Please enter digits only',
  'surveys.onePointFor': '{{question}}: Please enter a number with at most one decimal point',
  'surveys.unknownQuestion': '{{key}} is not a question of the survey',

  // system
  'system.databaseDown': 'Database unavailable',
  'system.ok': 'OK',

  // tariffs
  'tariffs.added': 'Tariff added successfully',
  'tariffs.companyTaken': 'A tariff for this company already exists',
  'tariffs.companyTooLong': 'Company should be less than 200 character',
  'tariffs.deleted': 'Tariff deleted successfully',
  'tariffs.flatRateInvalid': 'flatRate is true or false',
  'tariffs.inUse_one': 'This tariff is the current tariff of {{count}} property',
  'tariffs.inUse_other': 'This tariff is the current tariff of {{count}} properties',
  'tariffs.nameTooLong': 'Name should be less than 40 character',
  'tariffs.notFound': 'Tariff not found',
  'tariffs.postCodeFilterInvalid': 'filter post_code must be a post code',
  'tariffs.sameAsWeekdaysInvalid': 'same_as_weekdays is 0 or 1',
  'tariffs.tooManySeasons': 'At most 12 seasons',
  'tariffs.tooManySlots': 'At most 24 slots of one kind',
  'tariffs.tooManyTypes': 'At most 20 tariff types',
  'tariffs.typeElsewhere': 'The tariff type is not one of this tariff',
  'tariffs.typeInUse_one': 'The tariff type {{type}} is the current tariff of {{count}} property',
  'tariffs.typeInUse_other': 'The tariff type {{type}} is the current tariff of {{count}} properties',
  'tariffs.typeRequired': 'Add at least one tariff type',
  'tariffs.typeTooLong': 'Type should be less than 200 character',
  'tariffs.updated': 'Tariff updated successfully',
  'tariffs.rules.companyRequired': TARIFF_MESSAGES.companyRequired,
  'tariffs.rules.postCodeRequired': TARIFF_MESSAGES.postCodeRequired,
  'tariffs.rules.typeRequired': TARIFF_MESSAGES.typeRequired,
  'tariffs.rules.typeNotUnique': TARIFF_MESSAGES.typeNotUnique,
  'tariffs.rules.seasonYear': TARIFF_MESSAGES.seasonYear,
  'tariffs.rules.startDateRequired': TARIFF_MESSAGES.startDateRequired,
  'tariffs.rules.endDateRequired': TARIFF_MESSAGES.endDateRequired,
  'tariffs.rules.endBeforeStart': TARIFF_MESSAGES.endBeforeStart,
  'tariffs.rules.weekdayHours': TARIFF_MESSAGES.weekdayHours,
  'tariffs.rules.weekendHours': TARIFF_MESSAGES.weekendHours,
  'tariffs.rules.startTimeRequired': TARIFF_MESSAGES.startTimeRequired,
  'tariffs.rules.endTimeRequired': TARIFF_MESSAGES.endTimeRequired,
  'tariffs.rules.flatRateSeasons': TARIFF_MESSAGES.flatRateSeasons,

  // rollouts (issue 22)
  ...ROLLOUT_SENTENCES,

  // second factor and sessions (issue 24)
  ...SECOND_FACTOR_SENTENCES,
  ...PASSKEY_SENTENCES,

  // trials
  'trials.changeRequired': 'Give a new end date or how the trial ended',
  'trials.endBeforeStart': 'The end date must be on or after the start date',
  'trials.ended': 'This trial has ended',
  'trials.notFound': 'Trial not found',
  'trials.statusInvalid': 'status is purchased or returned',
  'trials.endedSaved': 'Trial ended',
  'trials.extended': 'Trial extended',
} as const;
