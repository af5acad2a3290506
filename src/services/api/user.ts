import type { LockPwdClearBody, LockPwdSetBody, PasswordChangeBody, UserConfig, UserInfo } from '@shared/auth'
import { api } from './client'

export function getUserInfo(): Promise<UserInfo> {
  return api.get('/user/info')
}

export function getUserConfig(): Promise<UserConfig> {
  return api.get('/user/userConfig/getInfo')
}

/** Turns the two-factor lock password on or changes it, confirmed with the login password. */
export function setLockPassword(body: LockPwdSetBody): Promise<null> {
  return api.post('/user/security/lockPwd', body)
}

export function clearLockPassword(body: LockPwdClearBody): Promise<null> {
  return api.post('/user/security/lockPwd/clear', body)
}

/** Revokes the user's other sessions. */
export function changePassword(body: PasswordChangeBody): Promise<null> {
  return api.post('/user/security/password', body)
}

/** Revokes every session of the user, this one included. */
export function logoutAll(): Promise<null> {
  return api.post('/user/security/logoutAll')
}
