import { ConvType, type Conversation } from '@shared/chat'
import type { FriendListItem } from '@shared/friends'
import type { PickerEntry } from '@/components/group/pickerEntries'
import { remarkOf } from '@/components/chat/conversationName'
import { conversationName, isSystemUserID } from '@/components/conversation/conversationInfo'

/**
 * Where a forward can go, for the transfer picker: recent conversations first (groups the user is
 * still in, one-to-one chats), then friends without a conversation yet. The entry id is the target
 * conversationID. System accounts and deleted accounts are left out (spec 3, 6).
 */
export function forwardTargets(conversations: readonly Conversation[], friends: readonly FriendListItem[], avatarUrl: (url: string) => string): PickerEntry[] {
  const out: PickerEntry[] = []
  const seen = new Set<string>()
  const deleted = new Set(friends.filter((f) => f.actionStatus === 1).map((f) => f.wtId))
  const sorted = [...conversations].sort((a, b) => b.updatedAt - a.updatedAt)
  for (const c of sorted) {
    if (c.type === ConvType.Group && c.groupProfile?.isMember === false) continue
    const peer = c.userProfile?.userID ?? ''
    if (c.type === ConvType.C2C && (!peer || isSystemUserID(peer) || deleted.has(peer))) continue
    const avatar = (c.type === ConvType.Group ? c.groupProfile?.avatar : c.userProfile?.avatar) ?? ''
    seen.add(c.conversationID)
    out.push({ id: c.conversationID, nick: conversationName(c), remark: c.type === ConvType.C2C ? remarkOf(c) : '', avatar: avatar ? avatarUrl(avatar) : '' })
  }
  for (const f of friends) {
    const id = `C2C${f.wtId}`
    if (seen.has(id) || f.actionStatus === 1 || isSystemUserID(f.wtId)) continue
    seen.add(id)
    out.push({ id, nick: f.nickName, remark: f.remark, avatar: f.avatar ? avatarUrl(f.avatar) : '' })
  }
  return out
}
