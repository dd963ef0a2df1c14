import { expectSameTexts } from '@fleet/shared-ui/testing';
import i18next from 'i18next';
import { en } from './en';
import { hi } from './hi';

describe('heat-pump bundles', () => {
  it('holds the spec texts exactly', () => {
    const t = i18next.getFixedT('en', 'heatpump');
    expect(t('list.title')).toBe('Devices [Heat Pump]');
    expect(t('faults.title')).toBe('Attention [Heat Pump]');
    expect(t('faults.alertText')).toBe('A new heat pump fault is received. Please click here to review it.');
    expect(t('resolve.agentRequired')).toBe('Agent is required');
    expect(t('resolve.commentsTooLong')).toBe('Please enter less than 500 characters');
    expect(t('history.empty')).toBe('No Fault Recorded Yet');
    expect(t('history.noRecords')).toBe('NO Records Found');
  });

  it('Hindi has every key of English, with the same placeholders (a missing key fails here)', () => {
    expectSameTexts(en, hi);
  });
});
