import type { LoginResult, UserInfo } from '../../../types/auth.js'
import { holdsOperatorRole } from './admin/role.js'

export interface UserRow {
  wt_id: string
  phone: string
  pwd_hash: string
  nick_name: string
  avatar: string
  bio: string
  vip_type: number
  vip_level: number
  action_status: number
  lock_pwd_hash: string | null
  lock_pwd_tips: string
  /** Who closed the account (action_status 1): 'operator' (deactivated) or 'self' (deleted). */
  closed_by: string | null
  /** Set by `npm run admin -- promote`; the role also comes from ADMIN_PHONES (admin/role.ts). */
  is_operator: boolean
}

export { defaultAvatar } from './defaultAvatars.js'

export function toUserInfo(u: UserRow): UserInfo {
  return {
    wtId: u.wt_id,
    phone: u.phone,
    avatar: u.avatar,
    nickName: u.nick_name,
    vipLevel: u.vip_level,
    vipType: u.vip_type,
    bio: u.bio,
    operator: holdsOperatorRole(u),
  }
}

export function toLoginResult(u: UserRow, token: string, imToken: string): LoginResult {
  return {
    token,
    wtId: u.wt_id,
    imToken,
    avatar: u.avatar,
    nickName: u.nick_name,
    vipLevel: u.vip_level,
    vipType: u.vip_type,
  }
}
