import { z } from 'zod'
import { PageQuery } from './envelope'
import { DeviceSession } from './auth'
import { Membership, MembershipEvent } from './member'
import { ADMIN_FILTER_MAX, VIP_LEVEL_MIN, VIP_LEVEL_MAX, REDEEM_DAYS_MAX, REDEEM_CODES_MAX, EDITABLE_DICTS, BAN_DAYS_MIN, BAN_DAYS_MAX, BanDaysText } from './plain/admin'

/**
 * The operator console (docs/admin.md): accounts and their lifecycle, membership, redeem codes,
 * the reports queue, moderation lists, the helper's FAQ, dictionaries and the audit log.
 */

export * from './plain/admin'

export * from './member'

const Vip = z.number().int().min(VIP_LEVEL_MIN, `会员等级为${VIP_LEVEL_MIN}-${VIP_LEVEL_MAX}`).max(VIP_LEVEL_MAX, `会员等级为${VIP_LEVEL_MIN}-${VIP_LEVEL_MAX}`)
const TargetWtId = z.string().trim().min(1, '请选择用户').max(64)
const Reason = z.string().trim().max(200, '原因最多200个字').default('')
const IsoTime = z.string().datetime({ offset: true })
/** The same rule as parseBanDays, which the console checks before it asks. */
const BanDays = z.number({ error: BanDaysText.NotWhole }).int(BanDaysText.NotWhole).min(BAN_DAYS_MIN, BanDaysText.TooFew).max(BAN_DAYS_MAX, BanDaysText.TooMany)

export const AdminUserRow = z.object({
  wtId: z.string(),
  phone: z.string(),
  nickName: z.string(),
  avatar: z.string(),
  state: z.enum(['active', 'banned', 'deactivated', 'deleted']),
  bannedUntil: z.string().nullable(),
  banReason: z.string(),
  operator: z.boolean(),
  membership: Membership,
  createdAt: z.string(),
})
export type AdminUserRow = z.infer<typeof AdminUserRow>

export const AdminUsersQuery = PageQuery.extend({ keyword: z.string().trim().max(ADMIN_FILTER_MAX).default('') })

export const AdminUserDetail = z.object({
  user: AdminUserRow,
  bio: z.string(),
  devices: z.array(DeviceSession),
  groups: z.array(z.object({ groupId: z.string(), groupNumber: z.string(), groupName: z.string(), identity: z.number().int() })),
  friendCount: z.number().int(),
  history: z.array(z.lazy(() => MembershipEvent)),
})
export type AdminUserDetail = z.infer<typeof AdminUserDetail>

export const WtIdBody = z.object({ wtId: TargetWtId })
export const BanBody = z.object({ wtId: TargetWtId, days: BanDays, reason: Reason })
export const ReasonBody = z.object({ wtId: TargetWtId, reason: Reason })

export const GrantBody = z.object({
  wtId: TargetWtId,
  /** 0 ends the membership; otherwise the member type (1: member). */
  vipType: z.number().int().min(0).max(9),
  vipLevel: z.number().int().min(0).max(VIP_LEVEL_MAX),
  /** ISO time the membership ends; null: no end. */
  expiresAt: IsoTime.nullable(),
}).refine((b) => b.vipType === 0 || (b.vipLevel >= VIP_LEVEL_MIN && b.vipLevel <= VIP_LEVEL_MAX), { message: `会员等级为${VIP_LEVEL_MIN}-${VIP_LEVEL_MAX}`, path: ['vipLevel'] })
export type GrantBody = z.infer<typeof GrantBody>

export const MembershipHistoryQuery = PageQuery.extend({ wtId: z.string().trim().max(64).default('') })

export const CodesCreateBody = z.object({
  vipLevel: Vip,
  days: z.number().int().min(1, '天数至少1天').max(REDEEM_DAYS_MAX),
  count: z.number().int().min(1, '数量至少1个').max(REDEEM_CODES_MAX, `一次最多生成${REDEEM_CODES_MAX}个`),
})
export type CodesCreateBody = z.infer<typeof CodesCreateBody>

export const RedeemCode = z.object({
  code: z.string(),
  batch: z.string(),
  vipLevel: z.number().int(),
  days: z.number().int(),
  createdAt: z.string(),
  redeemedBy: z.string().nullable(),
  redeemedAt: z.string().nullable(),
})
export type RedeemCode = z.infer<typeof RedeemCode>
export const CodesQuery = PageQuery.extend({ batch: z.string().trim().max(64).default('') })
export const CodesExportQuery = z.object({ batch: z.string().trim().max(64).default('') })

export const AdminReport = z.object({
  id: z.number().int(),
  /** 0 user, 1 group. */
  targetType: z.number().int(),
  targetId: z.string(),
  targetName: z.string(),
  /** The owner of a reported group; the user of a reported user. */
  targetWtId: z.string().nullable(),
  reporterWtId: z.string(),
  reporterName: z.string(),
  complaintType: z.string(),
  typeLabel: z.string(),
  detail: z.string(),
  images: z.array(z.string()),
  status: z.enum(['open', 'dismissed', 'warned', 'banned']),
  result: z.string(),
  createdAt: z.string(),
  handledAt: z.string().nullable(),
})
export type AdminReport = z.infer<typeof AdminReport>
export const ReportsQuery = PageQuery.extend({ status: z.enum(['open', 'dismissed', 'warned', 'banned', 'all']).default('open') })

export const ReportHandleBody = z.object({
  id: z.number().int(),
  action: z.enum(['dismiss', 'warn', 'ban']),
  /** The warning the helper sends (warn), or the ban reason (ban). */
  message: z.string().trim().max(200).default(''),
  banDays: BanDays.default(7),
})
export type ReportHandleBody = z.infer<typeof ReportHandleBody>

export const ModerationKind = z.enum(['blocked', 'sensitive', 'image'])
export type ModerationKind = z.infer<typeof ModerationKind>
export const ModerationLists = z.object({ blocked: z.array(z.string()), sensitive: z.array(z.string()), image: z.array(z.string()) })
export type ModerationLists = z.infer<typeof ModerationLists>
export const ModerationEntryBody = z
  .object({ kind: ModerationKind, value: z.string().trim().min(1, '请输入内容').max(64, '最多64个字') })
  .refine((b) => b.kind !== 'image' || /^[0-9a-f]{64}$/.test(b.value), { message: '图片摘要应为64位十六进制 SHA-256', path: ['value'] })

export const HelperEntry = z.object({
  id: z.number().int(),
  question: z.string(),
  replyMsg: z.string(),
  jumpUrl: z.string(),
  sort: z.number().int(),
  enabled: z.boolean(),
  keywords: z.array(z.string()),
})
export type HelperEntry = z.infer<typeof HelperEntry>
export const HelperSaveBody = z.object({
  /** Absent: a new entry. */
  id: z.number().int().optional(),
  question: z.string().trim().min(1, '请输入问题').max(100),
  replyMsg: z.string().trim().min(1, '请输入回答').max(2000),
  jumpUrl: z.string().trim().max(500).default(''),
  sort: z.number().int().min(0).max(10000).default(0),
  enabled: z.boolean().default(true),
  keywords: z.array(z.string().trim().min(1).max(20)).max(50).default([]),
})
export type HelperSaveBody = z.infer<typeof HelperSaveBody>
export const IdBody = z.object({ id: z.number().int() })
export const AdminDictEntry = z.object({ dictType: z.enum(EDITABLE_DICTS), dictValue: z.string(), dictLabel: z.string(), dictSort: z.number().int() })
export type AdminDictEntry = z.infer<typeof AdminDictEntry>
export const DictSaveBody = z.object({
  dictType: z.enum(EDITABLE_DICTS),
  dictValue: z.string().trim().min(1, '请输入值').max(32),
  dictLabel: z.string().trim().min(1, '请输入名称').max(64),
  dictSort: z.number().int().min(0).max(10000).default(0),
})
export const DictDeleteBody = z.object({ dictType: z.enum(EDITABLE_DICTS), dictValue: z.string().trim().min(1).max(32) })

export const AuditEntry = z.object({
  id: z.number().int(),
  at: z.string(),
  operator: z.string(),
  operatorName: z.string(),
  action: z.string(),
  target: z.string(),
  before: z.unknown(),
  after: z.unknown(),
})
export type AuditEntry = z.infer<typeof AuditEntry>
export const AuditQuery = PageQuery.extend({ target: z.string().trim().max(ADMIN_FILTER_MAX).default(''), operator: z.string().trim().max(ADMIN_FILTER_MAX).default('') })

export const DayValue = z.object({ day: z.string(), value: z.number() })
export type DayValue = z.infer<typeof DayValue>
export const Overview = z.object({
  totalUsers: z.number().int(),
  members: z.number().int(),
  openReports: z.number().int(),
  /** Sockets open on the server process that answered. */
  onlineConnections: z.number().int(),
  registered: z.array(DayValue),
  dailyActive: z.array(DayValue),
  messages: z.array(DayValue),
  callMinutes: z.array(DayValue),
})
export type Overview = z.infer<typeof Overview>
export const OverviewQuery = z.object({ days: z.coerce.number().int().min(7).max(90).default(30) })

export const AdminMe = z.object({ wtId: z.string(), nickName: z.string() })
