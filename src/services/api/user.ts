import type { LockPwdClearBody, LockPwdSetBody, PasswordChangeBody, UserConfig, UserInfo } from '@shared/auth'
import type { ApiClient } from './client'

export function createUserApi(api: ApiClient) {
  function getUserInfo(): Promise<UserInfo> {
    return api.get('/user/info')
  }

  function getUserConfig(): Promise<UserConfig> {
    return api.get('/user/userConfig/getInfo')
  }

  /** Turns the two-factor lock password on or changes it, confirmed with the login password. */
  function setLockPassword(body: LockPwdSetBody): Promise<null> {
    return api.post('/user/security/lockPwd', body)
  }

  function clearLockPassword(body: LockPwdClearBody): Promise<null> {
    return api.post('/user/security/lockPwd/clear', body)
  }

  /** Revokes the user's other sessions. */
  function changePassword(body: PasswordChangeBody): Promise<null> {
    return api.post('/user/security/password', body)
  }

  /** Revokes every session of the user, this one included. */
  function logoutAll(): Promise<null> {
    return api.post('/user/security/logoutAll')
  }

  return { getUserInfo, getUserConfig, setLockPassword, clearLockPassword, changePassword, logoutAll }
}
