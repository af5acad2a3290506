import type { GroupMember } from '@shared/group'

/** Group nickname first, then nickname, then ID. */
export function memberName(m: Pick<GroupMember, 'groupNickname' | 'nickname' | 'wtId'>): string {
  return m.groupNickname || m.nickname || m.wtId
}

export const memberID = (m: Pick<GroupMember, 'wtId' | 'userId'>) => m.wtId || m.userId

/** Spec 5 "Member list": a substring of the user ID or the nickname (the group nickname too). */
export function matchMembers<T extends Pick<GroupMember, 'groupNickname' | 'nickname' | 'wtId'>>(members: readonly T[], query: string): T[] {
  const q = query.trim().toLowerCase()
  if (!q) return [...members]
  return members.filter((m) => m.wtId.includes(q) || m.nickname.toLowerCase().includes(q) || m.groupNickname.toLowerCase().includes(q))
}

/** How many names the removal question spells out before it says 等 N 人. */
const REMOVE_NAMES_SHOWN = 3

/** The question before members leave the group by an admin's hand (the card's and the panel's). */
export function removeQuestion(names: readonly string[]): string {
  const shown = names.slice(0, REMOVE_NAMES_SHOWN).map((n) => `「${n}」`).join('、')
  return names.length > REMOVE_NAMES_SHOWN ? `将${shown}等 ${names.length} 人移出群聊？` : `将${shown}移出群聊？`
}
