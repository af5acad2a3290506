import type { Queryable } from '../db/Db.js'

/** The @all marker of the chat SDK's atUserList. */
export const AT_ALL = '__kImSDK_MesssageAtALL__'

/** The part of a conversation's channel a user may read. */
export interface ConversationWindow {
  channel_id: string
  cleared_seq: number
  /** A former member's last visible sequence; null while a member (or for C2C). */
  end_seq: number | null
  /** The viewer's group identity (0 when not a member): decides admin-only messages. */
  identity: number
}

export type ConvPatch =
  | { kind: 'pin'; value: boolean }
  | { kind: 'mute'; value: boolean }
  | { kind: 'fold'; value: boolean }
  | { kind: 'draft'; value: string }
  | { kind: 'customData'; value: string }

/**
 * Applies the spec's coupled rules: archiving also mutes; un-muting also unarchives;
 * muting removes a conversation from the archive.
 */
export async function patchConversation(q: Queryable, me: string, conversationID: string, patch: ConvPatch): Promise<boolean> {
  const set: Record<ConvPatch['kind'], string> = {
    pin: 'pinned_at = CASE WHEN $3::boolean THEN COALESCE(pinned_at, now()) ELSE NULL END',
    mute: 'muted = $3::boolean, folded = FALSE',
    fold: 'folded = $3::boolean, muted = CASE WHEN $3::boolean THEN TRUE ELSE muted END',
    draft: 'draft = $3::text',
    customData: 'custom_data = $3::text',
  }
  const { rowCount } = await q.query(
    `UPDATE user_conversations SET ${set[patch.kind]}, updated_at = CASE WHEN '${patch.kind}' = 'draft' THEN updated_at ELSE now() END
     WHERE wt_id = $1 AND conversation_id = $2`,
    [me, conversationID, patch.value],
  )
  return rowCount === 1
}

/** Hides the conversation until its next message; with clearHistory, also hides everything so far. */
export async function deleteConversation(q: Queryable, me: string, conversationID: string, clearHistory: boolean): Promise<boolean> {
  const { rowCount } = await q.query(
    `UPDATE user_conversations uc SET hidden_seq = ch.last_seq, pinned_at = NULL, folded = FALSE, draft = '', former_hidden = uc.end_seq IS NOT NULL,
            cleared_seq = CASE WHEN $3::boolean THEN ch.last_seq ELSE uc.cleared_seq END,
            read_seq = ch.last_seq
     FROM channels ch WHERE ch.channel_id = uc.channel_id AND uc.wt_id = $1 AND uc.conversation_id = $2`,
    [me, conversationID, clearHistory],
  )
  return rowCount === 1
}

