import { describeTextBundles } from '@fleet/shared-ui/testing';
import { en } from './en';
import { hi } from './hi';

describeTextBundles('devices', {
  en,
  hi,
  english: [
    ['lines.bulb', 'Lighting'],
    ['list.title', 'Devices [Lighting]', { line: 'Lighting' }],
    ['list.noProperty', 'No Property Exist'],
    ['edit.impulseInvalid', 'Please enter a valid impulse rate'],
  ],
});
