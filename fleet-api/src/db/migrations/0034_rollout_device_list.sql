-- The rollout device list at 1,000,000 devices (issue 22, docs/rollouts.md "Measured"): a page reads only
-- its rows. The list orders by position (then device id, the tie-breaker) descending by default, with
-- NULLS LAST; an index in that exact order serves it forwards and, read backwards, the ascending order
-- (position ASC NULLS FIRST, device_id ASC). The planner does not use NOT NULL to match a NULLS order,
-- so the index spells it out.
CREATE INDEX rollout_devices_list_idx ON rollout_devices (rollout_id, position DESC NULLS LAST, device_id DESC);
-- Filtered by wave, or by one state: the same order inside the wave or the state.
CREATE INDEX rollout_devices_wave_list_idx ON rollout_devices (rollout_id, wave, position DESC NULLS LAST, device_id DESC);
-- Replaces 0022's (rollout_id, state, position): its prefix still serves "in another rollout" and the
-- orchestrator's reads by state, and one index fewer is less work for every state change.
CREATE INDEX rollout_devices_state_list_idx ON rollout_devices (rollout_id, state, position DESC NULLS LAST, device_id DESC);
DROP INDEX rollout_devices_state_idx;
