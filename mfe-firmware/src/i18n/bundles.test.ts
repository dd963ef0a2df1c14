import { describeTextBundles } from '@fleet/shared-ui/testing';
import { en } from './en';
import { hi } from './hi';

describeTextBundles('firmware', {
  en,
  hi,
  english: [
    ['validation.versionInvalid', 'Invalid firmware version'],
    ['validation.targetRequired', 'Please select Target Version before sending Firmware Update'],
    ['firmwares.deleteTitle', 'DELETE FIRMWARE'],
    ['firmwares.deleteText', 'Are you sure you want to delete this Firmware?'],
    ['groups.deleteTitle', 'DELETE GROUP'],
    ['groupDetails.deleteTitle', 'DELETE DEVICE'],
    ['ui:selection.selectAll', 'Select All 120 Devices', { total: 120 }],
    ['firmwareDialog.packTitle', 'Firmware OTA Pack'],
  ],
  hindi: [
    ['rules.title', hi.rules.title],
    ['validation.versionInvalid', 'अमान्य फ़र्मवेयर संस्करण'],
  ],
});
