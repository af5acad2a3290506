-- Group calls: the group attribute inner_attr_kit_info of each group with a live call. user_list
-- holds who is in the call; pending the invitees still ringing. A row whose call has ended or gone
-- quiet is not served (see domain/groupCalls.ts) and is replaced by the next call of the group.

CREATE TABLE group_calls (
  group_id        TEXT PRIMARY KEY,
  invite_id       TEXT NOT NULL,
  room_id         TEXT NOT NULL,
  room_id_type    INTEGER NOT NULL DEFAULT 2,
  call_media_type INTEGER NOT NULL,
  user_list       TEXT[] NOT NULL,
  pending         TEXT[] NOT NULL DEFAULT '{}',
  updated_at      TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE INDEX group_calls_invite ON group_calls (invite_id);
