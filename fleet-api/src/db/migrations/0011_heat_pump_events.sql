-- A heat pump's activity (issue 10: activity logs): each work-state step, Wi-Fi change, fault and
-- resolution, newest first per heat pump. Written by the simulator (or the devices' gateway) and by
-- Resolve Fault in the same transaction as the change; kept 92 days (housekeeping).
CREATE TABLE heat_pump_events (
  id         bigserial PRIMARY KEY,
  device_id  bigint NOT NULL REFERENCES devices (id) ON DELETE CASCADE,
  at         timestamptz NOT NULL,
  event      text NOT NULL CHECK (event IN ('work_state', 'online', 'offline', 'fault', 'resolved')),
  work_state smallint CHECK (work_state IN (0, 1, 2)),
  fault_code text,
  detail     text
);
CREATE INDEX heat_pump_events_device_idx ON heat_pump_events (device_id, at DESC, id DESC);
CREATE INDEX heat_pump_events_at_idx ON heat_pump_events (at);
