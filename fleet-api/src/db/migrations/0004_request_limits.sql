-- Sign-up and password-reset requests per client address (issue 8): each request is a row, counted
-- over a sliding window like auth_failures, so the limit holds across restarts and instances.
CREATE TABLE address_requests (
  id          bigserial PRIMARY KEY,
  address     text NOT NULL,
  kind        text NOT NULL CHECK (kind IN ('signup', 'reset')),
  created_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX address_requests_address_idx ON address_requests (address, kind, created_at DESC);
