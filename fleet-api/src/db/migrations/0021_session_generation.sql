-- A session's generation: each token refresh adds one, and the access token carries the generation it
-- was issued for (claim `gen`), so the access token a refresh replaces is refused at once rather than
-- when it expires (SECURITY.md 17). Tokens issued before this migration carry none and count as 0.
ALTER TABLE auth_sessions ADD COLUMN generation integer NOT NULL DEFAULT 0;
