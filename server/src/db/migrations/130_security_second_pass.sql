-- Pictures others' browsers load may only be uploads of this server (server/src/domain/ownImages.ts).
-- Group avatars and favorites' posters stored before that rule lose a foreign address: a group
-- falls back to its members' mosaic.
UPDATE groups SET group_avatar = ''
WHERE group_avatar <> '' AND group_avatar !~ '^/api/oss/file/[A-Za-z0-9_-]{16,64}$';

UPDATE user_collections SET video_image_address = ''
WHERE video_image_address <> '' AND video_image_address !~ '^/api/oss/file/[A-Za-z0-9_-]{16,64}$';

-- ADMIN_PHONES: the first start that lists a phone records the account holding it then (wt_id),
-- or that none did (NULL). Only that account gets the role from the list; a phone registered
-- later, or again after its account was deleted, does not (docs/security.md).
CREATE TABLE admin_phone_grants (
  phone      TEXT PRIMARY KEY,
  wt_id      TEXT,
  listed_at  TIMESTAMPTZ NOT NULL DEFAULT now()
);

-- Password attempts in flight are counted apart from failures (server/src/domain/throttle.ts): a
-- burst of correct passwords waits for the attempts ahead of it instead of being refused as if
-- they had failed. pending_at ages out the count of a process that died mid-attempt.
ALTER TABLE login_throttle ADD COLUMN pending INT NOT NULL DEFAULT 0;
ALTER TABLE login_throttle ADD COLUMN pending_at TIMESTAMPTZ;
