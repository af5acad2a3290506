-- The hourly upload budget sums an account's recent uploads.
CREATE INDEX IF NOT EXISTS uploads_owner_created ON uploads (owner, created_at);
