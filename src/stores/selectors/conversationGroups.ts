import type { Conversation } from '@shared/chat'
import { DefaultGroup, HideStatus, CONVERSATION_GROUP_MAX, type ConversationGroup } from '@shared/conversationGroup'
import type { AppState } from '../appState'
import { isArchived, sortConversations } from './chat'
import { selectPendingSends, type PendingSend } from './pendingSends'

type Inputs = Pick<AppState, 'conversations' | 'conversationActivity' | 'conversationGroups' | 'messages'>

// Each selector gives the same output for the same inputs, so a subscriber wakes only on a real change.
function memo<T>(compute: (state: Inputs) => T): (state: Inputs) => T {
  let last: [Inputs['conversations'], Inputs['conversationActivity'], Inputs['conversationGroups'], Record<string, PendingSend>] | null = null
  let output: T
  return (state) => {
    const pending = selectPendingSends(state)
    if (!last || last[0] !== state.conversations || last[1] !== state.conversationActivity || last[2] !== state.conversationGroups || last[3] !== pending) {
      output = compute(state)
      last = [state.conversations, state.conversationActivity, state.conversationGroups, pending]
    }
    return output
  }
}

/** The user's own groups (not 'all'), in their order. */
export const userGroups = (groups: readonly ConversationGroup[]) => groups.filter((g) => g.defaultGroup === DefaultGroup.UserCreated)

const shown = memo((s) => userGroups(s.conversationGroups).filter((g) => g.hideStatus === HideStatus.Shown))

/** The groups shown as tabs after the fixed ones. */
export function selectShownGroups(state: AppState): ConversationGroup[] {
  return shown(state)
}

const byGroup = memo((s) => {
  const lists = new Map<number, Conversation[]>()
  for (const group of userGroups(s.conversationGroups)) {
    const list: Conversation[] = []
    for (const r of group.relationList) {
      const c = s.conversations[r.sessionId]
      if (c && !isArchived(c)) list.push(c)
    }
    lists.set(group.id, sortConversations(list, s.conversationActivity, undefined, selectPendingSends(s)))
  }
  return lists
})

const NONE: Conversation[] = []

/** A group's conversations as the list shows them: those held, archived ones left out, pinned then newest first. */
export function selectGroupConversations(state: AppState, id: number): Conversation[] {
  return byGroup(state).get(id) ?? NONE
}

const unreads = memo((s) => {
  const out: Record<number, number> = {}
  for (const [id, list] of byGroup(s)) out[id] = list.reduce((n, c) => n + (c.isMuted ? 0 : c.unreadCount), 0)
  return out
})

/** Live unread of every user group, muted conversations left out (the tab badges). */
export function selectGroupUnreads(state: AppState): Record<number, number> {
  return unreads(state)
}

/** Spec 4: the create option is offered only while shown + hidden − 1 ('all') is below 20. */
export function canCreateGroup(groups: readonly ConversationGroup[]): boolean {
  return groups.length - 1 < CONVERSATION_GROUP_MAX
}
