import { parseLiveMessage } from './messages';

test('reads the socket messages of spec 7 and ours, and nothing else', () => {
  expect(parseLiveMessage([12, 2])).toEqual({ kind: 'work_state', deviceId: 12, workState: 2 });
  expect(parseLiveMessage({ dashboard: { faulty_count: 7 } })).toEqual({ kind: 'dashboard', faultyCount: 7 });
  expect(parseLiveMessage({ device: { id: 3, mac_address: 'AB', is_online: 0 } })).toEqual({ kind: 'online', deviceId: 3, macAddress: 'AB', isOnline: 0 });
  expect(parseLiveMessage({ fault: { id: 9, device_id: 3, fault_code: 'E96' } })).toEqual({ kind: 'fault', faultId: 9, deviceId: 3, faultCode: 'E96' });
  for (const junk of [null, 'x', [1], [1, 'a'], [1, 2, 3], { dashboard: {} }, { device: { id: '3', is_online: 1 } }, { other: 1 }]) {
    expect(parseLiveMessage(junk)).toBeNull();
  }
});

// The frames of docs/heat-pump-calls.md (issue 20, item 13), as fleet-api's write-events test sends them.
test("reads the console's write messages: resolved, moved, ota and rollout", () => {
  expect(parseLiveMessage({ resolved: { device_id: 12, fault_ids: [301, 297], fault_code: null, resolution_id: 41 } })).toEqual({
    kind: 'resolved',
    deviceId: 12,
    faultIds: [301, 297],
    faultCode: null,
    resolutionId: 41,
  });
  expect(parseLiveMessage({ resolved: { device_id: 12, fault_ids: [301], fault_code: 'E05', resolution_id: 42 } })).toMatchObject({ faultCode: 'E05' });
  for (const slice of ['joined', 'left', 'stayed'] as const) {
    expect(parseLiveMessage({ moved: { device_id: 12, slice } })).toEqual({ kind: 'moved', deviceId: 12, slice });
  }
  expect(parseLiveMessage({ ota: { device_id: 12, push_id: 7, job_id: 90, state: 'installed', firmware_version: '7.1.0' } })).toEqual({
    kind: 'ota',
    deviceId: 12,
    pushId: 7,
    jobId: 90,
    state: 'installed',
    firmwareVersion: '7.1.0',
  });
  expect(parseLiveMessage({ ota: { device_id: 12, push_id: 7, job_id: 90, state: 'queued', firmware_version: null } })).toMatchObject({ state: 'queued', firmwareVersion: null });
  expect(parseLiveMessage({ rollout: { push_id: 7, product_line: 'airlink', queued: 0, downloading: 3, installed: 1, failed: 0 } })).toEqual({
    kind: 'rollout',
    pushId: 7,
    productLine: 'airlink',
    queued: 0,
    downloading: 3,
    installed: 1,
    failed: 0,
  });
});

test('a write message that is not whole, or of a state it does not know, is ignored (a newer server is not guessed at)', () => {
  for (const junk of [
    { resolved: { device_id: 12, fault_ids: [301], resolution_id: 41 } },
    { resolved: { device_id: 12, fault_ids: ['301'], fault_code: null, resolution_id: 41 } },
    { resolved: { device_id: 12, fault_ids: 301, fault_code: null, resolution_id: 41 } },
    { moved: { device_id: 12, slice: 'sideways' } },
    { moved: { device_id: '12', slice: 'joined' } },
    { ota: { device_id: 12, push_id: 7, job_id: 90, state: 'paused', firmware_version: null } },
    { ota: { device_id: 12, push_id: 7, state: 'queued', firmware_version: null } },
    { rollout: { push_id: 7, product_line: 'airlink', queued: 0, downloading: 3, installed: 1 } },
    { rollout: { push_id: 7, queued: 0, downloading: 3, installed: 1, failed: 0 } },
  ]) {
    expect(parseLiveMessage(junk)).toBeNull();
  }
});

test('a message already read is answered as it is (a remote built before screens received read messages parses again)', () => {
  const message = parseLiveMessage({ moved: { device_id: 12, slice: 'left' } });
  expect(message).toEqual({ kind: 'moved', deviceId: 12, slice: 'left' });
  expect(parseLiveMessage(message)).toBe(message);
  expect(parseLiveMessage({ kind: 'nonsense', deviceId: 1 })).toBeNull();
});
