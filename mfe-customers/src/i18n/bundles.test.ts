import { describeTextBundles } from '@fleet/shared-ui/testing';
import { en } from './en';
import { hi } from './hi';

describeTextBundles('customers', {
  en,
  hi,
  english: [
    ['list.autoSyncTip', 'Click here to view Auto Sync History'],
    ['validation.phoneLength', 'Phone Number must be 8 to 13 characters.'],
    ['validation.discountOverCharge', 'Discount value must be less than unit charge'],
    ['validation.postalCodeInvalid', 'Valid postal code is required'],
  ],
});
