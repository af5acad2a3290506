import { ConvType, type Conversation } from '@shared/chat'
import type { FriendListItem } from '@shared/friends'
import type { PickerEntry, PickerSection } from '@/components/group/pickerEntries'
import { remarkOf } from '@/components/chat/conversationName'
import { conversationName, isSystemUserID } from '@/components/conversation/conversationInfo'

/** How many of the newest conversations 最近聊天 lists; the rest appear under 群聊 or 联系人. */
export const RECENT_FORWARD_MAX = 10

/**
 * Where a forward can go, for the transfer picker, in three sections: 最近聊天 (the newest
 * conversations, groups the user is still in and one-to-one chats), 群聊 (the user's other groups)
 * and 联系人 (friends and other people the user has chatted with). Each target appears once; its
 * id is the target conversationID. System accounts and deleted accounts are left out (spec 3, 6).
 */
export function forwardTargets(conversations: readonly Conversation[], friends: readonly FriendListItem[], avatarUrl: (url: string) => string): PickerSection[] {
  const deleted = new Set(friends.filter((f) => f.actionStatus === 1).map((f) => f.wtId))
  const url = (avatar: string | undefined) => (avatar ? avatarUrl(avatar) : '')
  const fromConversation = (c: Conversation): PickerEntry | null => {
    if (c.type === ConvType.Group) {
      const g = c.groupProfile
      if (!g || !g.isMember) return null
      return { id: c.conversationID, nick: conversationName(c), remark: '', avatar: url(g.avatar), isGroup: true, memberAvatars: g.memberAvatars?.map((a) => url(a)) }
    }
    const peer = c.userProfile?.userID ?? ''
    if (!peer || isSystemUserID(peer) || deleted.has(peer)) return null
    return { id: c.conversationID, nick: conversationName(c), remark: remarkOf(c), avatar: url(c.userProfile?.avatar) }
  }
  const usable = [...conversations]
    .sort((a, b) => b.updatedAt - a.updatedAt)
    .map(fromConversation)
    .filter((e): e is PickerEntry => e !== null)
  const recent = usable.slice(0, RECENT_FORWARD_MAX)
  const older = usable.slice(RECENT_FORWARD_MAX)
  const seen = new Set(usable.map((e) => e.id))
  const people = older.filter((e) => !e.isGroup)
  for (const f of friends) {
    const id = `C2C${f.wtId}`
    if (seen.has(id) || f.actionStatus === 1 || isSystemUserID(f.wtId)) continue
    seen.add(id)
    people.push({ id, nick: f.nickName, remark: f.remark, avatar: url(f.avatar) })
  }
  return [
    { key: 'recent', title: '最近聊天', entries: recent },
    { key: 'groups', title: '群聊', entries: older.filter((e) => e.isGroup), byInitial: true },
    { key: 'people', title: '联系人', entries: people, byInitial: true },
  ]
}
