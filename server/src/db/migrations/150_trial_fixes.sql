-- A group call leaves one line in the chat, the summary the server writes when the call is over
-- (data.group_end: 群通话已结束，时长 …). The members' accepts and own hang-ups show no card any more
-- (before, three people saw two 已接听 and two 通话时长), so they no longer count as unread either;
-- the rule is still the client's `countsAsUnread` (types/callSteps.ts). Messages stored before keep
-- the count they were stored with.

CREATE OR REPLACE FUNCTION im_counts_unread(p_type text, p_payload jsonb) RETURNS boolean
LANGUAGE plpgsql IMMUTABLE AS $$
DECLARE
  v_text text := p_payload->>'data';
  v_signal jsonb;
  v_data jsonb;
  v_action text;
BEGIN
  IF p_type <> 'TIMCustomElem' OR v_text IS NULL OR position('businessID' IN v_text) = 0 THEN
    RETURN true;
  END IF;
  BEGIN
    v_signal := v_text::jsonb;
  EXCEPTION WHEN others THEN
    RETURN true;
  END;
  IF jsonb_typeof(v_signal) <> 'object' OR NOT (v_signal->'businessID' IN ('1'::jsonb, '"av_call"'::jsonb))
     OR jsonb_typeof(v_signal->'actionType') <> 'number' THEN
    RETURN true;
  END IF;
  v_data := v_signal->'data';
  IF jsonb_typeof(v_data) = 'string' THEN
    BEGIN
      v_data := (v_data #>> '{}')::jsonb;
    EXCEPTION WHEN others THEN
      v_data := NULL;
    END;
  END IF;
  IF jsonb_typeof(v_data) IS DISTINCT FROM 'object' THEN
    v_data := '{}'::jsonb;
  END IF;
  v_action := v_signal->>'actionType';
  -- The invite: actionType 1 unless it is the hang-up (data.cmd 'hangup' or a call_end); in a
  -- group only the summary of the whole call (data.group_end) is a hang-up anyone reads.
  IF v_action = '1' THEN
    IF COALESCE(v_signal->>'groupID', '') <> '' THEN
      RETURN v_data ? 'group_end';
    END IF;
    RETURN v_data #>> '{data,cmd}' IS NOT DISTINCT FROM 'hangup' OR v_data ? 'call_end';
  END IF;
  -- An accept, in a one-to-one call or a group's.
  IF v_action = '3' THEN
    RETURN false;
  END IF;
  RETURN true;
END
$$;

-- The official helper (微谈小助手) had no avatar and showed the grey placeholder everywhere: it gets
-- its green chat bubble (types/plain/favorites.ts HELPER_AVATAR), unless an operator set another.
UPDATE users SET avatar = 'data:image/svg+xml,%3Csvg%20xmlns=%27http://www.w3.org/2000/svg%27%20viewBox=%270%200%2040%2040%27%3E%3Crect%20width=%2740%27%20height=%2740%27%20rx=%276%27%20fill=%27%2307c160%27/%3E%3Cpath%20d=%27M11%2011h18a4%204%200%200%201%204%204v9a4%204%200%200%201-4%204H19l-6%205v-5h-2a4%204%200%200%201-4-4v-9a4%204%200%200%201%204-4z%27%20fill=%27%23fff%27/%3E%3Ccircle%20cx=%2714%27%20cy=%2719.5%27%20r=%272%27%20fill=%27%2307c160%27/%3E%3Ccircle%20cx=%2720%27%20cy=%2719.5%27%20r=%272%27%20fill=%27%2307c160%27/%3E%3Ccircle%20cx=%2726%27%20cy=%2719.5%27%20r=%272%27%20fill=%27%2307c160%27/%3E%3C/svg%3E' WHERE wt_id = 'wisperHelper' AND avatar = '';

-- Two helper answers spoke of 「左侧」 and 「侧边栏」, which a phone (a bottom tab bar) does not have:
-- they name the navigation instead. An answer an operator has rewritten is left alone.
UPDATE helper_replies SET reply_msg = '会员等级为 VIP1 到 VIP10。开通后通话时长不受每日上限限制，你的头像旁会显示会员等级标识。在导航栏的「会员中心」可以查看和开通会员。'
  WHERE id = 4 AND reply_msg = '会员等级为 VIP1 到 VIP10。开通后通话时长不受每日上限限制，侧边栏头像旁会显示会员等级标识。在左侧「会员中心」可以查看和开通会员。';
UPDATE helper_replies SET reply_msg = '在聊天中右键或长按一条文字、图片、视频、文件或位置消息，选择「收藏」即可保存；在导航栏的「收藏」页可以搜索、置顶和删除。输入框上方的「收藏」按钮可以把收藏发给好友，「常用语」按钮可以一键插入常用回复。'
  WHERE id = 6 AND reply_msg = '在聊天中右键或长按一条文字、图片、视频、文件或位置消息，选择「收藏」即可保存；在左侧「收藏」页可以搜索、置顶和删除。输入框上方的「收藏」按钮可以把收藏发给好友，「常用语」按钮可以一键插入常用回复。';

-- The default word lists seeded two English test words ('blockedword', 'sensitiveword') that an
-- operator of a Chinese product only wonders at; the defaults no longer have them.
DELETE FROM moderation_entries WHERE (kind, value) IN (('blocked', 'blockedword'), ('sensitive', 'sensitiveword'));
