// Rollout answers as fleet-api gives them (contract types), for the rollout screens' tests.
import type { RolloutInfo, RolloutPreview, RolloutRow, RolloutWave } from '@fleet/contract';

const counts = { devices: 0, queued: 0, in_flight: 0, installed: 0, failed: 0, timed_out: 0, cancelled: 0 };

export function rolloutRow(id: number, extra: Partial<RolloutRow> = {}): RolloutRow {
  return {
    id,
    name: `Canary ${id}`,
    device_type: 'livelink',
    firmware_version: '2.0.99',
    state: 'running',
    halt_reason: null,
    push_id: 40 + id,
    created_at: '2026-11-26T09:30:00.000Z',
    created_by_email: 'admin@fleet.test',
    finished_at: null,
    ...counts,
    devices: 100,
    queued: 80,
    in_flight: 5,
    installed: 12,
    failed: 3,
    ...extra,
  };
}

export function wave(n: number, extra: Partial<RolloutWave> = {}): RolloutWave {
  return { wave: n, percent: n === 1 ? 10 : 100, count: null, approval: false, state: 'pending', approved_at: null, started_at: null, ...counts, unwritten: 0, ...extra };
}

export function rolloutInfo(extra: Partial<RolloutInfo> = {}): RolloutInfo {
  const waves = extra.waves ?? [wave(1, { state: 'running', devices: 10, queued: 2, in_flight: 3, installed: 4, failed: 1 }), wave(2, { devices: 90, queued: 90 })];
  const total = { ...counts };
  for (const w of waves) for (const key of Object.keys(counts) as Array<keyof typeof counts>) total[key] += w[key];
  const { waves: _waves, total: _total, ...rest } = extra;
  return {
    ...rolloutRow(7),
    ...total,
    selection: { from_versions: ['1.0.0'], group_id: null, filter: null, exclude_offline_minutes: null },
    max_in_flight: 50,
    max_per_minute: 20,
    failure_threshold_percent: 10,
    min_finished: 20,
    timeout_minutes: 60,
    max_device_failures: 2,
    fault_guard: null,
    window: null,
    waves,
    total,
    ...rest,
  };
}

export function previewInfo(extra: Partial<RolloutPreview> = {}): RolloutPreview {
  return {
    devices: 120,
    excluded: { on_target: 30, in_other_rollout: 4, offline: 2 },
    by_version: [
      { version: '1.0.0', devices: 100 },
      { version: '1.1.0', devices: 20 },
    ],
    by_company: [],
    by_site: [],
    waves: [
      { wave: 1, devices: 2 },
      { wave: 2, devices: 10 },
      { wave: 3, devices: 48 },
      { wave: 4, devices: 60 },
    ],
    ...extra,
  };
}
