-- Default avatars become eight shared pictures (server/src/domain/defaultAvatars.ts): a stored
-- per-user URL moves to the shared one of the same colour, computed as defaultAvatarIndex does.
CREATE FUNCTION default_avatar_index(seed TEXT) RETURNS INTEGER LANGUAGE plpgsql IMMUTABLE AS $$
DECLARE
  h BIGINT := 0;
  i INTEGER;
BEGIN
  FOR i IN 1..length(seed) LOOP
    h := (h * 31 + ascii(substr(seed, i, 1))) % 4294967296;
  END LOOP;
  RETURN h % 8;
END $$;

UPDATE users
SET avatar = '/api/avatar/default/p' || default_avatar_index(substring(avatar FROM '^/api/avatar/default/(.*)\.svg$')) || '.svg'
WHERE avatar ~ '^/api/avatar/default/.+\.svg$' AND avatar !~ '^/api/avatar/default/p[0-7]\.svg$';

DROP FUNCTION default_avatar_index(TEXT);
