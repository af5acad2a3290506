import { ComplaintText } from '@shared/complaint'
import { ActionStatus, BlackStatus, FriendsStatus, type FriendInfo } from '@shared/friends'

export type ProfileAction = 'remark' | 'space' | 'recommend' | 'black' | 'report' | 'delete'

export interface ProfileMenuItem {
  action: ProfileAction
  label: string
  danger?: boolean
}

/** Deleted accounts and the viewer themself get no menu or actions (spec 6). */
export function hasActions(info: Pick<FriendInfo, 'actionStatus' | 'isSelf'>): boolean {
  return !info.isSelf && info.actionStatus !== ActionStatus.Deleted
}

export const isFriendProfile = (info: Pick<FriendInfo, 'friendsStatus'>) => info.friendsStatus === FriendsStatus.Friend

/** The profile's settings menu, in WeChat's order; friend-only entries only for friends. */
export function profileMenuItems(info: Pick<FriendInfo, 'actionStatus' | 'isSelf' | 'friendsStatus' | 'ownerBlackStatus'>): ProfileMenuItem[] {
  if (!hasActions(info)) return []
  const friend = isFriendProfile(info)
  const items: ProfileMenuItem[] = []
  if (friend) items.push({ action: 'remark', label: '设置备注和标签' }, { action: 'space', label: '朋友圈权限' })
  items.push({ action: 'recommend', label: '推荐给朋友' })
  items.push({ action: 'black', label: info.ownerBlackStatus === BlackStatus.Yes ? '移出黑名单' : '加入黑名单' })
  items.push({ action: 'report', label: ComplaintText.Action })
  if (friend) items.push({ action: 'delete', label: '删除好友', danger: true })
  return items
}

/** How they became contacts, in words (spec 3 "Profile" applySource). */
export function applySourceText(source: number): string {
  switch (source) {
    case 1:
      return '通过搜索ID添加'
    case 2:
      return '通过搜索手机号添加'
    case 3:
      return '通过扫一扫添加'
    case 4:
      return '通过名片分享添加'
    case 5:
      return '通过群聊添加'
    default:
      return ''
  }
}
