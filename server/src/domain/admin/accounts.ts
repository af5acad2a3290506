import { AccountState, type AdminUserRow } from '../../../../types/admin.js'

/** The users columns the console shows of an account (data/admin/accounts.ts reads them). */
export interface AccountRow {
  wt_id: string
  phone: string
  nick_name: string
  avatar: string
  bio: string
  action_status: number
  closed_by: string | null
  banned_until: Date | null
  banned: boolean
  ban_reason: string
  is_operator: boolean
  vip_type: number
  vip_level: number
  vip_expires_at: Date | null
  created_at: Date
}

export const iso = (d: Date | null) => (d ? new Date(d).toISOString() : null)

function stateOf(r: AccountRow): AccountState {
  if (r.action_status !== 0) return r.closed_by === 'self' ? AccountState.Deleted : AccountState.Deactivated
  return r.banned ? AccountState.Banned : AccountState.Active
}

export function toAdminUserRow(r: AccountRow): AdminUserRow {
  return {
    wtId: r.wt_id,
    phone: r.phone,
    nickName: r.nick_name,
    avatar: r.avatar,
    state: stateOf(r),
    bannedUntil: r.banned ? iso(r.banned_until) : null,
    banReason: r.banned ? r.ban_reason : '',
    operator: r.is_operator,
    membership: { vipType: r.vip_type, vipLevel: r.vip_level, expiresAt: iso(r.vip_expires_at) },
    createdAt: iso(r.created_at)!,
  }
}
