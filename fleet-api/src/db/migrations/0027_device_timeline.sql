-- One timeline per device (issue 23, modules/devices/timeline.ts): each source of a device's entries is
-- read newest first and cut at the page's reach, and counted for the total. These are the sources that
-- had no index in that order (faults raised, OTA jobs pushed and device history have theirs).

-- faults resolved, by when
CREATE INDEX faults_device_resolved_idx ON faults (device_id, resolved_at DESC, id DESC) WHERE resolved_at IS NOT NULL;
-- a heat pump's online/offline changes and its work-state steps, apart (each is a kind of its own)
CREATE INDEX heat_pump_events_device_connection_idx ON heat_pump_events (device_id, at DESC, id DESC) WHERE event IN ('online', 'offline');
CREATE INDEX heat_pump_events_device_work_state_idx ON heat_pump_events (device_id, at DESC, id DESC) WHERE event = 'work_state';
-- an OTA job's outcome, by when it was reached
CREATE INDEX ota_jobs_device_outcome_idx ON ota_jobs (device_id, updated_at DESC, id DESC) WHERE state IN ('installed', 'failed');
-- the rollouts a device is in (the key starts with the rollout)
CREATE INDEX rollout_devices_device_idx ON rollout_devices (device_id);
