import { compareVersions, newestFirst } from './versions';

describe('compareVersions', () => {
  it('orders by number, part by part, like the server', () => {
    const sorted = ['1.0.27', '1.0.9', '2.1.0', '2.1', '1.0.9b', '10.0', '*', '1.0.10'].sort(compareVersions);
    expect(sorted).toEqual(['1.0.9', '1.0.9b', '1.0.10', '1.0.27', '2.1', '2.1.0', '10.0', '*']);
  });

  it('newestFirst is the select order', () => {
    expect(newestFirst(['1.0.9', '1.0.27', '1.0.10'])).toEqual(['1.0.27', '1.0.10', '1.0.9']);
  });
});
