-- Sign-in state of fleet-api's auth module: sessions (refresh-token families), OTP challenges,
-- reset and verification tokens, failed attempts for rate limiting, mail cooldowns, the mail outbox
-- and server-held secrets. Every token is stored hashed (sha256 hex), never in clear.
-- Times that expire are written by the server from its clock (tests move it), not by now().

CREATE TABLE server_secrets (
  name       text PRIMARY KEY,
  value      text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- One row per sign-in: the refresh-token family. Access tokens name it (sid), so logout, reuse
-- detection and resets end the access tokens of that session as well.
CREATE TABLE auth_sessions (
  id              text PRIMARY KEY,
  user_id         bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  created_at      timestamptz NOT NULL,
  refreshed_at    timestamptz,
  revoked_at      timestamptz,
  revoked_reason  text
);
CREATE INDEX auth_sessions_user_idx ON auth_sessions (user_id);

CREATE TABLE refresh_tokens (
  token_hash text PRIMARY KEY,
  session_id text NOT NULL REFERENCES auth_sessions (id) ON DELETE CASCADE,
  user_id    bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  expires_at timestamptz NOT NULL,
  used_at    timestamptz,
  created_at timestamptz NOT NULL
);
CREATE INDEX refresh_tokens_session_idx ON refresh_tokens (session_id);

-- The second step of a sign-in: a 6-digit code (HMAC-hashed) tied to one password check.
CREATE TABLE otp_challenges (
  id          text PRIMARY KEY,
  user_id     bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  code_hash   text NOT NULL,
  expires_at  timestamptz NOT NULL,
  attempts    integer NOT NULL DEFAULT 0,
  sent_at     timestamptz NOT NULL,
  consumed_at timestamptz,
  dead_at     timestamptz,          -- replaced by a newer sign-in, or too many wrong codes
  created_at  timestamptz NOT NULL
);
CREATE INDEX otp_challenges_user_idx ON otp_challenges (user_id, created_at DESC);

CREATE TABLE password_reset_tokens (
  token_hash text PRIMARY KEY,
  user_id    bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  variant    text NOT NULL CHECK (variant IN ('default', 'msc', 'sm', 'electrician')),
  expires_at timestamptz NOT NULL,
  used_at    timestamptz,
  created_at timestamptz NOT NULL
);
CREATE INDEX password_reset_tokens_user_idx ON password_reset_tokens (user_id);

CREATE TABLE email_verification_tokens (
  token_hash text PRIMARY KEY,
  user_id    bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  expires_at timestamptz NOT NULL,
  used_at    timestamptz,
  created_at timestamptz NOT NULL
);
CREATE INDEX email_verification_tokens_user_idx ON email_verification_tokens (user_id);

-- Failed sign-in steps, by account (normalised email, known or not) and by client address.
CREATE TABLE auth_failures (
  id         bigserial PRIMARY KEY,
  email      text NOT NULL,
  address    text NOT NULL,
  kind       text NOT NULL CHECK (kind IN ('password', 'otp')),
  created_at timestamptz NOT NULL
);
CREATE INDEX auth_failures_email_idx ON auth_failures (email, created_at DESC);
CREATE INDEX auth_failures_address_idx ON auth_failures (address, created_at DESC);

-- Cooldowns of mails a caller can ask for again (OTP resend), per address whether or not it is known.
CREATE TABLE mail_cooldowns (
  email        text NOT NULL,
  purpose      text NOT NULL,
  last_sent_at timestamptz NOT NULL,
  PRIMARY KEY (email, purpose)
);

-- Every mail the server sends; a sender drains it over SMTP in production.
CREATE TABLE outbox (
  id              bigserial PRIMARY KEY,
  to_email        text NOT NULL,
  subject         text NOT NULL,
  text_body       text NOT NULL,
  created_at      timestamptz NOT NULL DEFAULT now(),
  sent_at         timestamptz,
  attempts        integer NOT NULL DEFAULT 0,
  next_attempt_at timestamptz,
  last_error      text
);
CREATE INDEX outbox_to_idx ON outbox (lower(to_email), id DESC);
CREATE INDEX outbox_unsent_idx ON outbox (id) WHERE sent_at IS NULL;
