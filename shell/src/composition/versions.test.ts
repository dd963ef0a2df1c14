import { refusalMessage, unmetRequirements } from './versions';

const provided = { react: '19.2.1', 'react-dom': '19.2.1', '@fleet/shared-ui': '1.0.0' };

describe('version ranges', () => {
  it('accepts a remote whose ranges the shell satisfies', () => {
    expect(unmetRequirements({ react: '^19.0.0', '@fleet/shared-ui': '^1.0.0' }, provided)).toEqual([]);
  });

  it('refuses, with a message naming each unmet package', () => {
    const unmet = unmetRequirements({ react: '^20.0.0', '@fleet/shared-ui': '^1.0.0', zustand: '^5.0.0' }, provided);
    expect(unmet).toEqual([
      { pkg: 'react', range: '^20.0.0', provided: '19.2.1' },
      { pkg: 'zustand', range: '^5.0.0', provided: null },
    ]);
    expect(refusalMessage('mfe-auth', unmet)).toBe(
      'mfe-auth was not loaded: it needs react ^20.0.0 (the console has 19.2.1), zustand ^5.0.0 (the console does not provide it).',
    );
  });
});
