import { GroupText } from '@shared/group'

/**
 * Toasts of the group screens (spec sections 2 and 8). The spec names most of them in English
 * ('invite succeeded'); these are the product's Chinese wordings, listed in docs/ui-groups.md.
 */
export const GroupToast = {
  inviteOk: '邀请成功',
  inviteFailed: '邀请失败',
  invitePending: '已发送邀请，等待管理员审核',
  removeOk: '移除成功',
  removeFailed: '移除失败',
  modifyOk: GroupText.Modified,
  modifyFailed: GroupText.ModifyFailed,
  operationOk: '操作成功',
  operationFailed: '操作失败',
  transferOk: GroupText.TransferDone,
  dissolveOk: '解散群聊成功',
  dissolveFailed: '解散群聊失败',
  quitOk: '退出群聊成功',
  quitFailed: '退出群聊失败',
  clearOk: '清空聊天记录成功',
  clearFailed: '清空聊天记录失败',
  saveOk: '保存成功',
  saveFailed: '保存失败',
  memberListFailed: GroupText.MemberListFailed,
  memberInfoFailed: '加载群成员信息失败',
  userNotFound: GroupText.UserNotFound,
  applySent: GroupText.ApplySent,
  joined: GroupText.Joined,
} as const
