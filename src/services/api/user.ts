import type { LockPwdClearBody, LockPwdSetBody, PasswordChangeBody, ProfileUpdateBody } from '@shared/auth'
import { accountRoutes } from '@shared/routes/account'
import { memberRoutes } from '@shared/routes/member'
import type { RouteClient } from './client'

export function createUserApi(api: RouteClient) {
  const getUserInfo = () => api.call(accountRoutes.info)

  const getUserConfig = () => api.call(accountRoutes.userConfig)

  /** One's own nickname, avatar (an uploaded picture) and signature; answers the updated user. */
  const updateProfile = (body: ProfileUpdateBody) => api.call(accountRoutes.updateProfile, body)

  /** Turns the two-factor lock password on or changes it, confirmed with the login password. */
  const setLockPassword = (body: LockPwdSetBody) => api.call(accountRoutes.setLockPassword, body)

  const clearLockPassword = (body: LockPwdClearBody) => api.call(accountRoutes.clearLockPassword, body)

  /** Revokes the user's other sessions. */
  const changePassword = (body: PasswordChangeBody) => api.call(accountRoutes.changePassword, body)

  /** Revokes every session of the user, this one included. */
  const logoutAll = () => api.call(accountRoutes.logoutAll)

  /** The user's logged-in devices, most recently used first. */
  const listDevices = () => api.call(accountRoutes.devices)

  /** Ends one device's session; its sockets close with the forced-logout notice. */
  const logoutDevice = (id: string) => api.call(accountRoutes.logoutDevice, { id })

  /** Deletes the own account for good, confirmed with the login password. */
  const deleteAccount = (pwd: string) => api.call(memberRoutes.deleteAccount, { pwd })

  return { deleteAccount, getUserInfo, getUserConfig, updateProfile, setLockPassword, clearLockPassword, changePassword, logoutAll, listDevices, logoutDevice }
}
