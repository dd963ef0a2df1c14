import { describeTextBundles } from '@fleet/shared-ui/testing';
import { en } from './en';
import { hi } from './hi';

describeTextBundles('heatpump', {
  en,
  hi,
  english: [
    ['list.title', 'Devices [Heat Pump]'],
    ['faults.title', 'Attention [Heat Pump]'],
    ['faults.alertText', 'A new heat pump fault is received. Please click here to review it.'],
    ['resolve.agentRequired', 'Agent is required'],
    ['resolve.commentsTooLong', 'Please enter less than 500 characters'],
    ['history.empty', 'No Fault Recorded Yet'],
    ['history.noRecords', 'NO Records Found'],
  ],
});
