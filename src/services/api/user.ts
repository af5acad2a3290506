import type { LockPwdClearBody, LockPwdSetBody, PasswordChangeBody } from '@shared/auth'
import { accountRoutes } from '@shared/routes/account'
import { api } from './client'

export const getUserInfo = () => api.call(accountRoutes.info)

export const getUserConfig = () => api.call(accountRoutes.userConfig)

/** Turns the two-factor lock password on or changes it, confirmed with the login password. */
export const setLockPassword = (body: LockPwdSetBody) => api.call(accountRoutes.setLockPassword, body)

export const clearLockPassword = (body: LockPwdClearBody) => api.call(accountRoutes.clearLockPassword, body)

/** Revokes the user's other sessions. */
export const changePassword = (body: PasswordChangeBody) => api.call(accountRoutes.changePassword, body)

/** Revokes every session of the user, this one included. */
export const logoutAll = () => api.call(accountRoutes.logoutAll)
