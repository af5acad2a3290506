import type { LoginByIdBody, LoginByPhoneBody, RegisterBody, Step2Body } from '@shared/auth'
import { accountRoutes } from '@shared/routes/account'
import type { RouteClient } from './client'

// Spec section 7 "Login and user": /api/user/login/*.

export function createLoginApi(api: RouteClient) {
  // The login forms show a refusal inline (账号或密码错误 under the fields): no toast as well.
  const loginByPhone = (body: LoginByPhoneBody) => api.call(accountRoutes.loginByPhone, body, { login: true, silent: true })

  const loginById = (body: LoginByIdBody) => api.call(accountRoutes.loginById, body, { login: true, silent: true })

  /** Registration logs the new user in. */
  const register = (body: RegisterBody) => api.call(accountRoutes.register, body, { login: true, silent: true })

  const submitLockPassword = (body: Step2Body) => api.call(accountRoutes.step2, body, { login: true, silent: true })

  const lockPasswordTips = (ticket: string) => api.call(accountRoutes.step2Tips, { ticket }, { login: true })

  const createQrCode = () => api.call(accountRoutes.genQrCode)

  /** Polled every few seconds, so it opts out of the error toasts (spec section 7). */
  const pollQrCode = (qrCode: string) => api.call(accountRoutes.pollQrCode, { qrCode }, { silent: true })

  const scanQrCode = (qrCode: string) => api.call(accountRoutes.scanQrCode, { qrCode })

  const confirmQrCode = (qrCode: string) => api.call(accountRoutes.confirmQrCode, { qrCode })

  /** Opts out of the error handling: the local session ends whatever the server answers. */
  const logout = () => api.call(accountRoutes.logout, undefined, { silent: true })

  return { loginByPhone, loginById, register, submitLockPassword, lockPasswordTips, createQrCode, pollQrCode, scanQrCode, confirmQrCode, logout }
}
