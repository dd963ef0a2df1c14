-- Issue 24: authenticator codes (TOTP, RFC 6238) with single-use recovery codes, and sessions people
-- can see and end (docs/second-factor.md).

-- One row per user who started or finished the authenticator setup. Secrets are AES-256-GCM under a
-- key derived from the server secret (modules/mfa/totp.ts): no call ever answers them back, and a
-- copy of the database alone does not hold them. `last_used_step` is the time step of the last code
-- accepted: a code of that step or an earlier one is refused (no replay within its window).
CREATE TABLE user_totp (
  user_id            bigint PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  secret_enc         text,
  pending_secret_enc text,
  enabled_at         timestamptz,
  last_used_step     bigint,
  updated_at         timestamptz NOT NULL
);

-- Ten per enable, stored as HMACs (keyed like the e-mail codes), each usable once.
CREATE TABLE user_recovery_codes (
  id         bigserial PRIMARY KEY,
  user_id    bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  code_hash  text NOT NULL,
  created_at timestamptz NOT NULL,
  used_at    timestamptz
);
CREATE INDEX user_recovery_codes_user_idx ON user_recovery_codes (user_id);

-- What the session list shows: the browser's user agent and the client address as fleet-api trusts
-- it (trustProxy), from the sign-in and then from each refresh. Last used is the last refresh.
ALTER TABLE auth_sessions ADD COLUMN user_agent text;
ALTER TABLE auth_sessions ADD COLUMN client_address text;

-- The codes are sign-in state like the e-mail codes: not the trail's objects (the entry of an enable
-- or disable shows user_totp's fields, secrets as "changed").
INSERT INTO audit_uncaptured (tbl) VALUES ('user_recovery_codes') ON CONFLICT (tbl) DO NOTHING;
