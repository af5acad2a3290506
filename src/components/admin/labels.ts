import type { AccountState, ReportStatus } from '@shared/admin'
import { timeText } from './useAdminData'

export const STATE_TEXT: Record<AccountState, string> = { active: '正常', banned: '封禁中', deactivated: '已停用', deleted: '已注销' }
export const REPORT_STATUS_TEXT: Record<ReportStatus, string> = { open: '待处理', dismissed: '已驳回', warned: '已警告', banned: '已封禁' }

/** The audit log's action names in words. */
export const ACTION_TEXT: Record<string, string> = {
  ban: '封禁',
  deactivate: '停用',
  forceLogout: '强制下线',
  restore: '恢复',
  promote: '设为管理员',
  deleteAccount: '用户注销账号',
  'membership.grant': '设置会员',
  'codes.create': '生成兑换码',
  'codes.export': '导出兑换码',
  'reports.export': '导出举报',
  'message.origin': '查询消息来源',
  'report.dismiss': '驳回举报',
  'report.warn': '举报：警告',
  'report.ban': '举报：封禁',
  'moderation.add': '添加审核词',
  'moderation.remove': '删除审核词',
  'helper.save': '保存小助手问答',
  'helper.delete': '删除小助手问答',
  'dict.save': '保存字典项',
  'dict.delete': '删除字典项',
  'robot.add': '添加群机器人',
  'robot.regenerate': '重置机器人地址',
  'robot.pause': '暂停群机器人',
  'robot.resume': '恢复群机器人',
  'robot.remove': '移除群机器人',
  'robot.switch': '群机器人总开关',
}

export const membershipText = (m: { vipType: number; vipLevel: number; expiresAt: string | null }) =>
  m.vipType === 0 ? '非会员' : `VIP${m.vipLevel}${m.expiresAt ? ` · 至 ${timeText(m.expiresAt)}` : ' · 长期'}`
