-- The credential alerts already sent become expiry alerts of kind 'credential', so none is sent again.
INSERT INTO "core"."expiry_alerts" ("kind", "subject_id", "expires_on", "milestone", "sent_at")
SELECT 'credential', "credential_id", "expires_on", "milestone", "sent_at" FROM "core"."credential_alerts"
ON CONFLICT DO NOTHING;
