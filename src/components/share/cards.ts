import { ApplySource } from '@shared/friends'
import { GROUP_LINK_QUERY } from '@shared/group'
import type { ShareCard } from '@/platform/shareCard'
import { pageUrl } from '@/router/navigation'

/** The query value of a profile opened from a shared card: adding from it is applySource 4. */
export const CARD_SOURCE = 'card'

/**
 * A group's card: it opens the group's join card in the conversation list, as its QR code does,
 * so the same join rules apply.
 */
export function groupShareCard(group: { groupNumber: string; groupName: string }): ShareCard {
  return { title: `邀请你加入群聊「${group.groupName}」`, path: pageUrl('messages', { [GROUP_LINK_QUERY]: group.groupNumber }) }
}

/** A person's card: it opens their profile, with 添加到通讯录 for someone not yet a friend. */
export function contactShareCard(person: { wtId: string; nickName: string }): ShareCard {
  return { title: `推荐联系人：${person.nickName}`, path: pageUrl('contacts', { view: 'friend', wtId: person.wtId, from: CARD_SOURCE }) }
}

/** The person whose shared card opened the contacts page (its query), or null. */
export function sharedPersonOf(query: { view?: string; wtId?: string; from?: string }): string | null {
  return query.view === 'friend' && query.from === CARD_SOURCE && query.wtId ? query.wtId : null
}

/** How the viewer found the person on the contacts page: from a shared card, or by their ID. */
export function applySourceFor(wtId: string, sharedPerson: string | null): ApplySource {
  return wtId === sharedPerson ? ApplySource.ShareCard : ApplySource.SearchId
}
