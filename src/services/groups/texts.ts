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
  modifyOk: '修改成功',
  modifyFailed: '修改失败，请重试',
  operationOk: '操作成功',
  operationFailed: '操作失败',
  transferOk: '转让成功',
  dissolveOk: '解散群聊成功',
  dissolveFailed: '解散群聊失败',
  quitOk: '退出群聊成功',
  quitFailed: '退出群聊失败',
  clearOk: '清空聊天记录成功',
  clearFailed: '清空聊天记录失败',
  saveOk: '保存成功',
  saveFailed: '保存失败',
  memberListFailed: '加载群成员列表失败，请稍后重试！',
  memberInfoFailed: '加载群成员信息失败',
  userNotFound: '该用户不存在',
  applySent: '申请已发送',
  joined: '已加入群聊',
  reportOk: '感谢您的反馈，我们会尽快核实处理',
  reportFailed: '举报失败，请重试',
} as const
