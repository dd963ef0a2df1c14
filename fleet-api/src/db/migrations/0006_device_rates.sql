-- Impulse-rate and update-rate history of a device (issue 9): every edit of the rate, and every
-- correction of a period, keeps a row, newest first per device.
CREATE TABLE device_rate_changes (
  id                bigserial PRIMARY KEY,
  device_id         bigint NOT NULL REFERENCES devices (id) ON DELETE CASCADE,
  kind              text NOT NULL CHECK (kind IN ('impulse', 'update')),
  impulse_rate      integer,
  impulse_rate_type text,
  start_date        date,
  end_date          date,
  changed_by        bigint REFERENCES users (id) ON DELETE SET NULL,
  created_at        timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX device_rate_changes_device_idx ON device_rate_changes (device_id, kind, created_at DESC, id DESC);
