import { COMPOSITION_ELEMENT_ID, descriptionUrl, entryUrl, fetchDescription, fetchRegistry, InlineComposition, parseRegistry } from './registry';
import { applyOverrideParams, applyOverrides, OVERRIDES_KEY, readOverrides, withoutOverrideParams, writeOverrides } from './overrides';

describe('the registry', () => {
  it('keeps well-formed entries and drops the rest', () => {
    expect(
      parseRegistry({
        'mfe-auth': { manifest: '/remotes/mfe-auth/1.0.0/mf-manifest.json', version: '1.0.0' },
        'mfe-devices': { manifest: '' },
        'Bad Name': { manifest: '/x.json' },
        'mfe-firmware': 'nope',
      }),
    ).toEqual({ 'mfe-auth': { manifest: '/remotes/mfe-auth/1.0.0/mf-manifest.json', version: '1.0.0' } });
    expect(parseRegistry([1, 2])).toEqual({});
    expect(parseRegistry(null)).toEqual({});
  });

  it('is read without the browser cache and a failure says so', async () => {
    const fetchFn = jest.fn().mockResolvedValue({ ok: true, status: 200, json: async () => ({ 'mfe-auth': { manifest: '/m.json', version: '1' } }) });
    await expect(fetchRegistry(fetchFn)).resolves.toEqual({ 'mfe-auth': { manifest: '/m.json', version: '1' } });
    expect(fetchFn).toHaveBeenCalledWith('/remotes.json', expect.objectContaining({ cache: 'no-store' }));
    const down = jest.fn().mockResolvedValue({ ok: false, status: 502, json: async () => ({}) });
    await expect(fetchRegistry(down)).rejects.toThrow('HTTP 502');
  });
});

describe('remote entries', () => {
  it('are loaded from remoteEntry.js beside the manifest, relative or absolute', () => {
    expect(entryUrl('/remotes/mfe-auth/1.0.0/mf-manifest.json', 'http://console.test/login')).toBe('http://console.test/remotes/mfe-auth/1.0.0/remoteEntry.js');
    expect(entryUrl('http://localhost:8081/mf-manifest.json', 'http://console.test/login')).toBe('http://localhost:8081/remoteEntry.js');
  });
});

describe('remote descriptions', () => {
  it('are read beside the manifest, relative or absolute, without running remote code', async () => {
    expect(descriptionUrl('/remotes/mfe-auth/1.0.0/mf-manifest.json', 'http://console.test/login')).toBe('http://console.test/remotes/mfe-auth/1.0.0/description.json');
    // a QA override on another origin
    expect(descriptionUrl('http://localhost:8081/mf-manifest.json', 'http://console.test/login')).toBe('http://localhost:8081/description.json');
    const fetchFn = jest.fn().mockResolvedValue({ ok: true, status: 200, json: async () => ({ name: 'mfe-auth' }) });
    await expect(fetchDescription('/remotes/mfe-auth/1.0.0/mf-manifest.json', 'http://console.test/', fetchFn)).resolves.toEqual({ name: 'mfe-auth' });
    expect(fetchFn).toHaveBeenCalledWith('http://console.test/remotes/mfe-auth/1.0.0/description.json', expect.objectContaining({ cache: 'no-cache' }));
  });

  it('fail with the URL and the status when the remote is not there', async () => {
    const gone = jest.fn().mockResolvedValue({ ok: false, status: 404, json: async () => ({}) });
    await expect(fetchDescription('http://cdn.test/a/mf-manifest.json', 'http://console.test/', gone)).rejects.toThrow('http://cdn.test/a/description.json answered HTTP 404');
  });
});

describe('QA overrides', () => {
  const registry = { 'mfe-auth': { manifest: '/remotes/mfe-auth/1.0.0/mf-manifest.json', version: '1.0.0' } };

  it('reads ?remote-override=name=url and points that remote at it', () => {
    const { overrides, changed } = applyOverrideParams('?remote-override=mfe-auth=http://localhost:8081/mf-manifest.json&x=1', {});
    expect(changed).toBe(true);
    expect(overrides).toEqual({ 'mfe-auth': 'http://localhost:8081/mf-manifest.json' });
    expect(applyOverrides(registry, overrides)['mfe-auth']).toEqual({ manifest: 'http://localhost:8081/mf-manifest.json', version: '1.0.0' });
  });

  it('forgets one override with an empty url and all of them with clear', () => {
    const stored = { 'mfe-auth': 'http://a/m.json', 'mfe-devices': 'http://b/m.json' };
    expect(applyOverrideParams('?remote-override=mfe-auth=', stored).overrides).toEqual({ 'mfe-devices': 'http://b/m.json' });
    expect(applyOverrideParams('?remote-override=clear', stored).overrides).toEqual({});
    expect(applyOverrideParams('?page=2', stored)).toEqual({ overrides: stored, changed: false });
  });

  it('refuses urls that are not http(s)', () => {
    expect(applyOverrideParams('?remote-override=mfe-auth=javascript:alert(1)', {}).overrides).toEqual({});
  });

  it('is remembered in local storage under fleet:remote-overrides', () => {
    writeOverrides(localStorage, { 'mfe-auth': 'http://localhost:8081/mf-manifest.json' });
    expect(JSON.parse(localStorage.getItem(OVERRIDES_KEY) ?? '{}')).toEqual({ 'mfe-auth': 'http://localhost:8081/mf-manifest.json' });
    expect(readOverrides(localStorage)).toEqual({ 'mfe-auth': 'http://localhost:8081/mf-manifest.json' });
    writeOverrides(localStorage, {});
    expect(localStorage.getItem(OVERRIDES_KEY)).toBeNull();
    localStorage.setItem(OVERRIDES_KEY, '{broken');
    expect(readOverrides(localStorage)).toEqual({});
  });

  it('tidies the address bar', () => {
    expect(withoutOverrideParams('?remote-override=clear&page=2')).toBe('?page=2');
    expect(withoutOverrideParams('?remote-override=clear')).toBe('');
  });
});

describe('the composition the console server put into the page', () => {
  const base = 'http://console.test/admin/dashboard';
  const manifest = '/remotes/mfe-auth/1.0.0/mf-manifest.json';
  const description = { name: 'mfe-auth' };
  const fetched = { 'mfe-devices': { manifest: '/fetched.json', version: '2' } };

  it('gives the inline registry and a description once, then fetches (a Retry or a redeployment must see the server)', async () => {
    const inline = new InlineComposition({ registry: { 'mfe-auth': { manifest, version: '1.0.0' }, 'Bad Name': {} }, descriptions: { 'mfe-auth': { manifest, description } } });
    const fetchRegistryFn = jest.fn(async () => fetched);
    await expect(inline.registryOnce(fetchRegistryFn)).resolves.toEqual({ 'mfe-auth': { manifest, version: '1.0.0' } });
    await expect(inline.registryOnce(fetchRegistryFn)).resolves.toBe(fetched);
    expect(fetchRegistryFn).toHaveBeenCalledTimes(1);

    const fetchDescriptionFn = jest.fn(async () => ({ name: 'fetched' }));
    await expect(inline.descriptionOnce('mfe-auth', `http://console.test${manifest}`, base, fetchDescriptionFn)).resolves.toBe(description);
    await expect(inline.descriptionOnce('mfe-auth', `http://console.test${manifest}`, base, fetchDescriptionFn)).resolves.toEqual({ name: 'fetched' });
    expect(fetchDescriptionFn).toHaveBeenCalledTimes(1);
  });

  it('fetches the description of a remote pointed elsewhere (a QA override) and of one the page lacks', async () => {
    const inline = new InlineComposition({ registry: {}, descriptions: { 'mfe-auth': { manifest, description } } });
    const fetchDescriptionFn = jest.fn(async () => ({ name: 'override' }));
    await expect(inline.descriptionOnce('mfe-auth', 'http://localhost:8081/mf-manifest.json', base, fetchDescriptionFn)).resolves.toEqual({ name: 'override' });
    await expect(inline.descriptionOnce('mfe-devices', 'http://console.test/remotes/mfe-devices/1/mf-manifest.json', base, fetchDescriptionFn)).resolves.toEqual({ name: 'override' });
    expect(fetchDescriptionFn).toHaveBeenCalledTimes(2);
  });

  it('fetches everything when the page has no block, or one that is not JSON', async () => {
    for (const text of [undefined, '{not json', 'null']) {
      const doc = { getElementById: (id: string) => (id === COMPOSITION_ELEMENT_ID && text !== undefined ? ({ textContent: text } as HTMLElement) : null) };
      const inline = InlineComposition.fromPage(doc);
      await expect(inline.registryOnce(async () => fetched)).resolves.toBe(fetched);
    }
  });

  it('reads the block of a real page', async () => {
    document.body.innerHTML = `<script type="application/json" id="${COMPOSITION_ELEMENT_ID}">{"registry":{"mfe-auth":{"manifest":"${manifest}","version":"1.0.0"}},"descriptions":{}}</script>`;
    await expect(InlineComposition.fromPage().registryOnce(async () => fetched)).resolves.toEqual({ 'mfe-auth': { manifest, version: '1.0.0' } });
    document.body.innerHTML = '';
  });
});
