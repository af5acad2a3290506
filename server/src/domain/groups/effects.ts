import type { SingleServerFrame } from '../../../../types/frames.js'

/**
 * What a group change must tell people once its transaction has committed. Use cases (app/groups/)
 * record effects while they write; app/publish/groups.ts delivers them afterwards, so
 * nobody hears of a change that rolled back.
 */
export interface TipEffect {
  channelId: string
  seq: number
  groupId: string
  /** Current members of at least this identity receive it (0 = everyone, 99 = nobody by role). */
  minIdentity: number
  /** Users who receive it besides those (leavers seeing their own leave tip, a newcomer's welcome). */
  extra: string[]
}

export interface GroupEffects {
  messages: TipEffect[]
  /** Type 5 {count, groupNumber} to the group's current members and the extra users. */
  changes: Array<{ groupId: string; groupNumber: string; extra: string[] }>
  /** Users whose view of a conversation changed (joined, left, dissolved, pinned). */
  conversations: Array<{ wtId: string; conversationID: string }>
  /** Users whose group notice counters changed (type 4). */
  counters: Set<string>
  /** Groups whose admins' counters changed (a new or handled application). */
  counterGroups: Set<string>
  /** Other frames, to a group's current members. */
  frames: Array<{ groupId: string; frame: SingleServerFrame }>
}

export function newEffects(): GroupEffects {
  return { messages: [], changes: [], conversations: [], counters: new Set(), counterGroups: new Set(), frames: [] }
}
