-- What a customer's app records (issue 12): each auto sync of its readings and each weekly report,
-- with how it went, and the feedback the customer gives on a sync, a report or the survey. The
-- console reads them as the Auto Sync and Weekly Report histories, the feedback history by sync
-- type, and the feedback exports. Kept with the customer; a deleted customer's rows stay with it.
CREATE TABLE customer_sync_events (
  id          bigserial PRIMARY KEY,
  customer_id bigint NOT NULL REFERENCES customers (id) ON DELETE CASCADE,
  sync_type   text NOT NULL CHECK (sync_type IN ('auto_sync', 'weekly_report')),
  -- enabled/disabled: the customer switched it; success/failed: one sync or report
  status      text NOT NULL CHECK (status IN ('enabled', 'disabled', 'success', 'failed')),
  detail      text CHECK (detail IS NULL OR length(detail) <= 500),
  created_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX customer_sync_events_customer_idx ON customer_sync_events (customer_id, sync_type, created_at DESC, id DESC);

CREATE TABLE customer_feedback (
  id          bigserial PRIMARY KEY,
  customer_id bigint NOT NULL REFERENCES customers (id) ON DELETE CASCADE,
  sync_type   text NOT NULL CHECK (sync_type IN ('auto_sync', 'weekly_report', 'survey')),
  rating      smallint NOT NULL CHECK (rating BETWEEN 1 AND 5),
  comment     text CHECK (comment IS NULL OR length(comment) <= 1000),
  created_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX customer_feedback_customer_idx ON customer_feedback (customer_id, sync_type, created_at DESC, id DESC);
CREATE INDEX customer_feedback_type_idx ON customer_feedback (sync_type, id);

-- An address is on the suppression list once.
DROP INDEX suppression_list_email_idx;
CREATE UNIQUE INDEX suppression_list_email_key ON suppression_list (lower(email));

-- Airlink trials (spec 2.4: /admin/customer/trial/{id}): a customer tries an airlink device for a
-- period, then keeps it (purchased) or sends it back (returned). The spec names the screen only.
CREATE TABLE airlink_trials (
  id          bigserial PRIMARY KEY,
  customer_id bigint NOT NULL REFERENCES customers (id) ON DELETE CASCADE,
  device_id   bigint REFERENCES devices (id) ON DELETE SET NULL,
  started_on  date NOT NULL,
  ends_on     date NOT NULL CHECK (ends_on >= started_on),
  status      text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'purchased', 'returned')),
  ended_on    date,
  created_at  timestamptz NOT NULL DEFAULT now(),
  updated_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX airlink_trials_customer_idx ON airlink_trials (customer_id, started_on DESC);
CREATE INDEX airlink_trials_device_idx ON airlink_trials (device_id);

-- The retailers list counts, and delete checks, the properties whose current tariff names a retailer.
CREATE INDEX customer_tariff_details_retailer_idx ON customer_tariff_details (electricity_retailer_id);
