-- Issue 24: passkeys (WebAuthn), registered on the profile and used at sign-in in place of the
-- password and the code (docs/second-factor.md, "Passkeys"; modules/mfa/passkeys.ts).

-- A user's passkeys. `credential_id` is the authenticator's id of the credential (base64url), what a
-- sign-in names; `public_key` its COSE public key; `counter` the signature counter last seen (a counter
-- that goes backwards means a cloned authenticator). `device_type` and `backed_up` as the library reads
-- them from the authenticator data (singleDevice / multiDevice, and whether it is backed up now).
-- The public key is not a secret: the row is captured by the audit trail like any object's.
CREATE TABLE user_passkeys (
  id             uuid PRIMARY KEY,
  user_id        bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  credential_id  text NOT NULL UNIQUE,
  public_key     bytea NOT NULL,
  counter        bigint NOT NULL DEFAULT 0,
  transports     text[] NOT NULL DEFAULT '{}',
  name           text NOT NULL CHECK (char_length(name) BETWEEN 1 AND 60),
  device_type    text NOT NULL CHECK (device_type IN ('singleDevice', 'multiDevice')),
  backed_up      boolean NOT NULL,
  created_at     timestamptz NOT NULL,
  last_used_at   timestamptz
);
CREATE INDEX user_passkeys_user_idx ON user_passkeys (user_id, created_at DESC);

-- The challenges of options answered and not yet verified: in the database, so any instance can verify
-- (issue 25). A verify deletes its row (`DELETE ... RETURNING`): of two verifies of one challenge only
-- one finds it. A registration's is bound to its user; a sign-in's to nobody (the passkey names the
-- user). Expired rows go with the auth housekeeping (modules/auth/housekeeping.ts).
CREATE TABLE webauthn_challenges (
  challenge   text PRIMARY KEY,
  purpose     text NOT NULL CHECK (purpose IN ('register', 'authenticate')),
  user_id     bigint REFERENCES users (id) ON DELETE CASCADE,
  expires_at  timestamptz NOT NULL,
  CHECK ((purpose = 'register') = (user_id IS NOT NULL))
);
CREATE INDEX webauthn_challenges_expires_idx ON webauthn_challenges (expires_at);
CREATE INDEX webauthn_challenges_user_idx ON webauthn_challenges (user_id) WHERE user_id IS NOT NULL;

-- A refused passkey sign-in counts against the address like a wrong password or code (SECURITY.md 8).
ALTER TABLE auth_failures DROP CONSTRAINT auth_failures_kind_check;
ALTER TABLE auth_failures ADD CONSTRAINT auth_failures_kind_check CHECK (kind IN ('password', 'otp', 'passkey'));

-- Sign-in state like the e-mail codes, not the trail's objects.
INSERT INTO audit_uncaptured (tbl) VALUES ('webauthn_challenges') ON CONFLICT (tbl) DO NOTHING;
