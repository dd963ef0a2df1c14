-- Faulty systems (issue 10).
--
-- 1. The Attention list is one row per heat pump: its newest fault of the tab's status. The scan
--    reads faults of one status in (device, newest first) order: DISTINCT ON walks this index.
CREATE INDEX faults_status_device_idx ON faults (fault_status, device_id, history_datetime DESC, id DESC);

-- 2. Who resolved a fault is kept by name as well, so the history still says who after the user
--    account is gone; a bulk resolution (many faults as one job) shares one resolution id.
ALTER TABLE faults ADD COLUMN resolved_by_name text;
ALTER TABLE faults ADD COLUMN resolution_id bigint;
CREATE SEQUENCE fault_resolutions_seq;
