-- The audit list as a CSV export job (issue 23, modules/audit/export.ts): one more export kind.
ALTER TABLE export_jobs DROP CONSTRAINT export_jobs_kind_check;
ALTER TABLE export_jobs ADD CONSTRAINT export_jobs_kind_check
  CHECK (kind IN ('devices', 'customers', 'feedback', 'survey_feedback', 'auto_sync_feedback', 'agencies', 'agents', 'rollout_devices', 'audit'));
