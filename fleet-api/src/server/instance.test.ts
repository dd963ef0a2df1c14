import { hostname } from 'node:os';
import { instanceIdFrom } from './instance';

describe('instanceIdFrom', () => {
  it('takes INSTANCE_ID as given (a restarted container finds its own jobs under it)', () => {
    expect(instanceIdFrom({ INSTANCE_ID: ' fleet-api-2 ' })).toBe('fleet-api-2');
  });

  it('makes a name no later process repeats when INSTANCE_ID is unset or empty', () => {
    const made = [instanceIdFrom({}), instanceIdFrom({ INSTANCE_ID: '' })];
    for (const name of made) expect(name).toMatch(new RegExp(`^${hostname().replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}:${process.pid}:[0-9a-f]{8}$`));
    expect(made[0]).not.toBe(made[1]);
  });

  it('refuses a name with spaces or control characters, or over 100 characters, with a sentence', () => {
    for (const bad of ['fleet api', 'a\u0000b', 'x'.repeat(101)]) {
      expect(() => instanceIdFrom({ INSTANCE_ID: bad })).toThrow('INSTANCE_ID must be 1 to 100 visible characters, without spaces');
    }
  });
});
