// fleet-api's own sentences, written once (issue 20, item 11): each has a stable code, and an answer
// that carries a `message` also carries its `code` (and `params` when the sentence has placeholders),
// so the console shows the sentence in the page's language and the English `message` where it has no
// translation. Placeholders are i18next's (`{{count}}`); a sentence that differs by count has
// `_one`/`_other` forms (i18next's plural keys) and one code without the suffix.
//
// The English is the spec's and the tests': do not reword a sentence here without the spec.
// Only fleet-api and tests read these texts: the console takes the English from the answer's
// `message` and imports the types only, so no page bundles this catalogue.
import { TARIFF_MESSAGES } from './tariffs';

export const SERVER_MESSAGES = {
  // common
  'common.duplicate': 'A record with these details already exists',
  'common.forbidden': 'Forbidden',
  'common.notFound': 'Not found',
  'common.restarting': 'The server is restarting; try again in a moment',
  'common.somethingWrong': 'Something went wrong',
  'common.tooManyDevices': 'Too many devices: select all instead',
  'common.unauthorized': 'Unauthorized',

  // auth
  'auth.accountDisabled': 'Your account is disabled. Please contact support.',
  'auth.accountTypeInvalid': 'type must be msc or sm',
  'auth.confirmPasswordRequired': 'Confirm password is required',
  'auth.emailNotVerified': 'Please verify your email address',
  'auth.emailVerified': 'Your email has been verified',
  'auth.forbidden': 'You do not have permission to do this',
  'auth.invalidCredentials': 'Invalid email or password',
  'auth.loggedOut': 'You have been logged out',
  'auth.otpCooldown': 'Please wait {{seconds}} seconds before asking for a new code.',
  'auth.otpDigits': 'OTP must be 6 digits',
  'auth.otpInvalid': 'Invalid or expired OTP',
  'auth.otpRequired': 'OTP is required',
  'auth.otpResent': 'A new OTP has been sent to your email',
  'auth.otpSent': 'An OTP has been sent to your email',
  'auth.passwordReset': 'Your password has been reset successfully',
  'auth.passwordTooCommon': 'This password is too common. Please choose a less predictable one.',
  'auth.passwordsDiffer': 'Password doesnot match',
  'auth.refreshTokenRequired': 'refresh_token is required',
  'auth.resetLinkInvalid': 'This reset link is invalid or has expired',
  'auth.resetLinkSent': 'If an account exists for this email, a password reset link has been sent to it.',
  'auth.sessionExpired': 'Your session has expired. Please sign in again.',
  'auth.signedIn': 'Login successful',
  'auth.signedUp': 'Thank you for signing up. Please check your email to verify your account.',
  'auth.tokenRefreshed': 'Token refreshed',
  'auth.tokenRequired': 'token is required',
  'auth.tooManyFailures': 'Too many failed attempts. Please try again in 15 minutes.',
  'auth.tooManyRequests': 'Too many requests from this address. Please try again in 15 minutes.',
  'auth.verificationLinkInvalid': 'This verification link is invalid or has expired',
  'auth.verificationLinkSent': 'If this email needs verifying, a new link has been sent to it.',

  // accounts
  'accounts.emailTaken': 'Another account signs in with this email',

  // profile
  'profile.currentPasswordRequired': 'Enter your current password to set a new one',
  'profile.currentPasswordWrong': 'Current password is incorrect',
  'profile.updated': 'Profile updated successfully',

  // requests
  'requests.fieldInvalid': '{{field}} is invalid',
  'requests.fieldRefused': '{{field}} is not an accepted field',
  'requests.fieldRequired': '{{field}} is required',
  'requests.fieldWrongType': '{{field}} has the wrong type',
  'requests.invalid': 'Invalid request',
  'requests.jsonBodyRequired': 'A JSON body is required',
  'requests.jsonInvalid': 'The body is not valid JSON',
  'requests.mediaTypeRefused': 'Unsupported content type',
  'requests.tooLarge': 'The request is too large',

  // fields
  'fields.abnInvalid': 'Invalid ABN',
  'fields.abnNumberRequired': 'ABN Number is required',
  'fields.abnRequired': 'ABN is required',
  'fields.aggregatorRequired': 'Aggregator is required',
  'fields.contactNumberInvalid': 'Please enter a valid contact no.',
  'fields.contactNumberRequired': 'Contact Number is required',
  'fields.dateDmy': '{{field}} must be a date DD-MM-YYYY',
  'fields.dateInvalid': 'Enter a date YYYY-MM-DD',
  'fields.dateYmd': '{{field}} must be a date YYYY-MM-DD',
  'fields.deviceIdInvalid': 'Invalid device id',
  'fields.deviceTypeRequired': 'deviceType is required',
  'fields.emailInvalid': 'Email address is invalid',
  'fields.emailInvalidPlease': 'Please enter a valid email address',
  'fields.endBeforeStart': 'end_date must be on or after start_date',
  'fields.endIsBeforeStart': 'end_date is before start_date',
  'fields.idInvalid': 'Invalid id',
  'fields.lengthRange': '{{field}} must be {{min}} to {{max}} characters.',
  'fields.lessThan': '{{field}} should be less than {{max}} character',
  'fields.monthInvalid': 'month must be from 1 to 12',
  'fields.nameRequired': 'Name is required',
  'fields.oneOf': '{{field}} must be one of {{values}}',
  'fields.passwordRequired': 'Password is required',
  'fields.passwordWeak': 'Password must be at least 8 characters and contain an uppercase letter, a lowercase letter and a digit',
  'fields.phoneCharacters': '{{field}} can only contain digits, spaces, brackets, hyphens and a leading +',
  'fields.phoneEnds': '{{field}} must start with + or a digit and end with a digit',
  'fields.phoneLength': 'Phone Number must be 8 to 13 characters.',
  'fields.postalCodeInvalid': 'Valid postal code is required',
  'fields.postalCodeRequired': 'Valid Postal code is required',
  'fields.stateInvalid': 'Please select a valid state',
  'fields.statusInvalid': 'Status is Active or In-Active',
  'fields.timeInvalid': '{{field}} must be HH:mm',
  'fields.tooLong': '{{field}} must be at most {{max}} characters',
  'fields.websiteInvalid': 'Website is invalid. Enter a valid link',
  'fields.yearInvalid': 'year must be a year',
  'fields.zeroOrOne': 'must be 0 or 1',
  'fields.emailMalformed': 'Invalid email address',
  'fields.emailRequired': 'Email is required',
  'fields.emailEnteredInvalid': 'Entered Email address is invalid',

  // lists
  'lists.filterBadCharacter': 'filter {{key}} has an invalid character',
  'lists.filterEndBeforeStart': 'filter {{key}} end_value is before its value',
  'lists.filterEndNotDate': 'filter[{{index}}].end_value must be a date',
  'lists.filterItemNotObject': 'filter[{{index}}] must be an object',
  'lists.filterKeyRequired': 'filter[{{index}}].key is required',
  'lists.filterNotArray': 'filter must be a JSON array',
  'lists.filterNotBoolean': 'filter {{key}} must be true or false',
  'lists.filterNotNumber': 'filter {{key}} must be a number',
  'lists.filterOneValue': 'filter {{key}} takes one value',
  'lists.filterTooLong': 'filter has too many items',
  'lists.filterTypeInvalid': 'filter[{{index}}].type must be single or multi',
  'lists.filterUnknown': 'filter {{key}} is not a filter of this list',
  'lists.filterValueInvalid': 'filter[{{index}}].value is invalid',
  'lists.limitInvalid': 'limit must be between 1 and {{max}}',
  'lists.orderInvalid': 'orderBy must be asc or desc',
  'lists.pageInvalid': 'page must be a positive number',
  'lists.sortUnknown': 'sortBy {{key}} is not a sortable field',

  // uploads
  'uploads.fieldTooLong': '{{field}} is too long',
  'uploads.fieldTwice': '{{field}} is given twice',
  'uploads.malformed': 'The multipart body is malformed (missing boundary or unfinished form); nothing was kept',
  'uploads.oneFileOnly': 'Only one file is allowed for {{field}}',
  'uploads.tooManyParts': 'The form has too many fields or files',
  'uploads.unfinished': 'The upload stopped before the end of the form; nothing was kept',

  // links
  'links.downloadExpired': 'This download link has expired',
  'links.downloadInvalid': 'Invalid download link',
  'links.expiresInvalid': 'expires is invalid',
  'links.imageExpired': 'This image link has expired',
  'links.imageInvalid': 'Invalid image link',
  'links.signatureInvalid': 'signature is invalid',
  'links.slotUnknown': 'Unknown file slot',

  // titles
  'titles.activityLogs': 'Activity logs',
  'titles.addresses': 'Addresses',
  'titles.agencies': 'Agencies',
  'titles.agency': 'Agency',
  'titles.aggregators': 'Aggregators',
  'titles.airlinkTrials': 'Airlink trials',
  'titles.analysis': 'Analysis',
  'titles.companies': 'Companies',
  'titles.company': 'Company',
  'titles.consumptionOverview': 'Consumption overview',
  'titles.contacts': 'Contacts',
  'titles.counts': 'Counts',
  'titles.customer': 'Customer',
  'titles.customers': 'Customers',
  'titles.device': 'Device',
  'titles.deviceGraph': 'Device graph',
  'titles.deviceHistory': 'Device history',
  'titles.deviceOverview': 'Device overview',
  'titles.devices': 'Devices',
  'titles.distributors': 'Distributors',
  'titles.electrician': 'Electrician',
  'titles.electricians': 'Electricians',
  'titles.emailHistory': 'Email history',
  'titles.eventsRaised': 'Events raised',
  'titles.export': 'Export',
  'titles.faultHistory': 'Fault history',
  'titles.faultTrend': 'Fault trend',
  'titles.faultySystems': 'Faulty systems',
  'titles.feedbackHistory': 'Feedback history',
  'titles.fieldWorker': 'Field worker',
  'titles.fieldWorkers': 'Field workers',
  'titles.firmwareHistory': 'Firmware history',
  'titles.firmwareVersions': 'Firmware versions',
  'titles.firmwares': 'Firmwares',
  'titles.group': 'Group',
  'titles.groups': 'Groups',
  'titles.heatPump': 'Heat pump',
  'titles.heatPumps': 'Heat pumps',
  'titles.history': 'History',
  'titles.impulseRateHistory': 'Impulse rate history',
  'titles.installHistory': 'Install history',
  'titles.installationAgent': 'Installation agent',
  'titles.installationAgents': 'Installation agents',
  'titles.integration': 'Integration',
  'titles.integrations': 'Integrations',
  'titles.loginData': 'Login data',
  'titles.loginPayload': 'Login payload',
  'titles.members': 'Members',
  'titles.model': 'Model',
  'titles.models': 'Models',
  'titles.monthFaulty': 'Month faulty',
  'titles.monthOnlineOffline': 'Month online/offline',
  'titles.monthlyAverageConsumption': 'Monthly average consumption',
  'titles.monthlyConsumption': 'Monthly consumption',
  'titles.outbox': 'Outbox',
  'titles.partner': 'Partner',
  'titles.partners': 'Partners',
  'titles.profile': 'Profile',
  'titles.properties': 'Properties',
  'titles.property': 'Property',
  'titles.pushDevices': 'Push devices',
  'titles.retailers': 'Retailers',
  'titles.rules': 'Rules',
  'titles.site': 'Site',
  'titles.siteManagers': 'Site managers',
  'titles.sites': 'Sites',
  'titles.sliders': 'Sliders',
  'titles.smokeAlarm': 'Smoke alarm',
  'titles.smokeAlarms': 'Smoke alarms',
  'titles.suppressionList': 'Suppression list',
  'titles.surveyQuestions': 'Survey questions',
  'titles.syncHistory': 'Sync history',
  'titles.tariff': 'Tariff',
  'titles.tariffHistory': 'Tariff history',
  'titles.tariffStructures': 'Tariff structures',
  'titles.tariffs': 'Tariffs',
  'titles.timeline': 'Timeline',
  'titles.updateRateHistory': 'Update rate history',
  'titles.userCountAndVersion': 'User count and version',
  'titles.versions': 'Versions',

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

  // trials
  'trials.changeRequired': 'Give a new end date or how the trial ended',
  'trials.endBeforeStart': 'The end date must be on or after the start date',
  'trials.ended': 'This trial has ended',
  'trials.notFound': 'Trial not found',
  'trials.statusInvalid': 'status is purchased or returned',
  'trials.endedSaved': 'Trial ended',
  'trials.extended': 'Trial extended',
} as const;

/** A key of the catalogue (plural forms keep their `_one`/`_other` suffix): what a translation bundle has. */
export type ServerMessageKey = keyof typeof SERVER_MESSAGES;

type PluralForm = 'one' | 'other';
type Unsuffixed<K> = K extends `${infer Base}_${PluralForm}` ? Base : K;

/** What an answer's `code` says: a key, or the shared code of a sentence's plural forms. */
export type ServerMessageCode = Unsuffixed<ServerMessageKey>;

type TextOf<C extends ServerMessageCode> = C extends ServerMessageKey ? (typeof SERVER_MESSAGES)[C] : (typeof SERVER_MESSAGES)[`${C}_other` & ServerMessageKey];
type Placeholders<S> = S extends `${string}{{${infer P}}}${infer Rest}` ? P | Placeholders<Rest> : never;

/** The values of a templated sentence's placeholders, as an answer's `params` carries them. */
export type ServerMessageParams = Record<string, string | number>;
type ParamsOf<C extends ServerMessageCode> = [Placeholders<TextOf<C>>] extends [never] ? [] : [Record<Placeholders<TextOf<C>>, string | number>];

const PLACEHOLDER = /\{\{(\w+)\}\}/g;

/** The placeholder names of a sentence, in order. */
export function placeholdersOf(text: string): string[] {
  return [...text.matchAll(PLACEHOLDER)].map((m) => m[1] ?? '');
}

function keyFor(code: string, params: ServerMessageParams | undefined): string {
  if (Object.hasOwn(SERVER_MESSAGES, code)) return code;
  // English plural rules: one for 1, other for the rest
  return `${code}_${params?.count === 1 ? 'one' : 'other'}`;
}

function fill(text: string, params: ServerMessageParams | undefined): string {
  return text.replace(PLACEHOLDER, (_, name: string) => String(params?.[name] ?? ''));
}

/** The English sentence of a code: `serverMessageText('nms.assigned', { count: 3 })` is '3 heat pumps assigned'. */
export function serverMessageText<C extends ServerMessageCode>(code: C, ...params: ParamsOf<C>): string {
  const values = params[0] as ServerMessageParams | undefined;
  return fill((SERVER_MESSAGES as Record<string, string>)[keyFor(code, values)] ?? '', values);
}

/** What `serverMessageCode` finds: the code of an English sentence, and its placeholders' values. */
export interface CodedMessage {
  code: ServerMessageCode;
  params?: ServerMessageParams;
}

interface Matcher {
  code: ServerMessageCode;
  pattern: RegExp;
  names: string[];
  /** The sentence's own characters: the most specific template wins ('filter[{{index}}].key is required' over '{{field}} is required'). */
  fixedLength: number;
}

let fixedTexts: Map<string, ServerMessageCode> | null = null;
let matchers: Matcher[] = [];

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const codeOf = (key: string) => key.replace(/_(one|other)$/, '') as ServerMessageCode;

// built on first use, not at import: a bundle that imports only the types keeps nothing of this
function index(): Map<string, ServerMessageCode> {
  if (fixedTexts) return fixedTexts;
  fixedTexts = new Map();
  for (const [key, text] of Object.entries(SERVER_MESSAGES) as [string, string][]) {
    const names = placeholdersOf(text);
    if (names.length === 0) {
      fixedTexts.set(text, codeOf(key));
      continue;
    }
    const source = text.split(PLACEHOLDER).map((part, i) => (i % 2 === 1 ? '(.+?)' : escape(part))).join('');
    matchers.push({ code: codeOf(key), pattern: new RegExp(`^${source}$`, 's'), names, fixedLength: text.replace(PLACEHOLDER, '').length });
  }
  matchers = matchers.sort((a, b) => b.fixedLength - a.fixedLength);
  return fixedTexts;
}

/** A number's digits come back as a number (a count chooses its plural form by it). */
const valueOf = (s: string): string | number => (/^-?\d+(\.\d+)?$/.test(s) && String(Number(s)) === s ? Number(s) : s);

/**
 * The code of an English sentence of the catalogue and the values of its placeholders: the exact
 * sentence first, then the templates, the most specific first. Null for any other text (ajv's own
 * words, a message from elsewhere): it is shown as it is.
 */
export function serverMessageCode(text: string): CodedMessage | null {
  const code = index().get(text);
  if (code) return { code };
  for (const m of matchers) {
    const found = m.pattern.exec(text);
    if (!found) continue;
    const params: ServerMessageParams = {};
    m.names.forEach((name, i) => {
      params[name] = valueOf(found[i + 1] ?? '');
    });
    return { code: m.code, params };
  }
  return null;
}
