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
