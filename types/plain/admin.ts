// The part of types/admin.ts without zod: constants, texts and plain functions, which the
// client imports without the schemas (types/admin.ts re-exports all of it).

/** Characters of a console list's filter (用户, 审计对象, 机器人). */
export const ADMIN_FILTER_MAX = 64
export const VIP_LEVEL_MIN = 1
export const VIP_LEVEL_MAX = 10
/** Codes one request may generate. */
export const REDEEM_CODES_MAX = 500
export const REDEEM_DAYS_MAX = 3650
/** The days a ban may last (the console's 封禁天数, a report's ban). */
export const BAN_DAYS_MIN = 1
export const BAN_DAYS_MAX = 36500
export const BanDaysText = {
  Missing: '请输入封禁天数',
  NotWhole: '封禁天数须为整数',
  TooFew: `封禁天数至少${BAN_DAYS_MIN}天`,
  TooMany: `封禁天数最多${BAN_DAYS_MAX}天`,
} as const

/**
 * The days typed into 封禁天数 under the rule BanBody checks on the server: a whole number from
 * BAN_DAYS_MIN to BAN_DAYS_MAX. Answers the number, or the text saying what is wrong.
 */
export function parseBanDays(input: string): { days: number } | { error: string } {
  const text = input.trim()
  if (text === '') return { error: BanDaysText.Missing }
  if (!/^-?\d+$/.test(text)) return { error: BanDaysText.NotWhole }
  const days = Number(text)
  if (days < BAN_DAYS_MIN) return { error: BanDaysText.TooFew }
  if (days > BAN_DAYS_MAX) return { error: BanDaysText.TooMany }
  return { days }
}
/** The name a deleted account shows in other people's histories and lists. */
export const DELETED_ACCOUNT_NAME = '已注销用户'

export const AdminText = {
  Forbidden: '当前操作没有权限',
  BannedSend: '封禁期间无法向其他用户发送消息',
  ForcedLogout: '你已被管理员强制下线',
  Deactivated: '该账号已被停用',
  Deleted: '该账号已注销',
  CodeInvalid: '兑换码无效',
  CodeUsed: '兑换码已被使用',
  Redeemed: '兑换成功',
  WrongPassword: '密码错误',
  UserNotFound: '用户不存在',
  ReportNotFound: '举报不存在',
  ReportHandled: '该举报已处理',
  /** An operator named in a report (himself, or as the reported group's owner) does not decide it. */
  ReportAgainstSelf: '该举报针对你本人，请由其他管理员处理',
  /** What the reporter hears from the helper when the report is filed (spec section 8). */
  ReportThanks: '感谢你的反馈，我们会尽快核实',
} as const

export const AccountState = { Active: 'active', Banned: 'banned', Deactivated: 'deactivated', Deleted: 'deleted' } as const
export type AccountState = (typeof AccountState)[keyof typeof AccountState]

export const ReportStatus = { Open: 'open', Dismissed: 'dismissed', Warned: 'warned', Banned: 'banned' } as const
export type ReportStatus = (typeof ReportStatus)[keyof typeof ReportStatus]

/** Dictionaries the console edits: the report types and the web media switch. */
export const EDITABLE_DICTS = ['user_complaint_type', 'group_complaint_type', 'web_media_switch'] as const
