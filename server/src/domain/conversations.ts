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
