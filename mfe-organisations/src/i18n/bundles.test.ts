import { describeTextBundles } from '@fleet/shared-ui/testing';
import { en } from './en';
import { hi } from './hi';

describeTextBundles('organisations', { en, hi, english: [['retailers.nameRequired', 'Retailer Name is required']] });
