import type {
  LoginByIdBody,
  LoginByPhoneBody,
  LoginResult,
  QrCodeResult,
  QrPollResult,
  RegisterBody,
  Step2Body,
  Step2TipsResult,
} from '@shared/auth'
import type { ApiClient } from './client'

// Spec section 7 "Login and user": /api/user/login/*.

export function createLoginApi(api: ApiClient) {
  function loginByPhone(body: LoginByPhoneBody): Promise<LoginResult> {
    return api.post('/user/login/pwd', body, { login: true })
  }

  function loginById(body: LoginByIdBody): Promise<LoginResult> {
    return api.post('/user/login/id', body, { login: true })
  }

  /** Registration logs the new user in. */
  function register(body: RegisterBody): Promise<LoginResult> {
    return api.post('/user/login/register', body, { login: true })
  }

  function submitLockPassword(body: Step2Body): Promise<LoginResult> {
    return api.post('/user/login/step2pwd', body, { login: true })
  }

  function lockPasswordTips(ticket: string): Promise<Step2TipsResult> {
    return api.post('/user/login/step2pwd/tips', { ticket }, { login: true })
  }

  function createQrCode(): Promise<QrCodeResult> {
    return api.post('/user/login/genQrCode')
  }

  /** Polled every few seconds, so it opts out of the error toasts (spec section 7). */
  function pollQrCode(qrCode: string): Promise<QrPollResult> {
    return api.post('/user/login/qrCode', { qrCode }, { silent: true })
  }

  function scanQrCode(qrCode: string): Promise<null> {
    return api.post('/user/login/qrCode/scan', { qrCode })
  }

  function confirmQrCode(qrCode: string): Promise<null> {
    return api.post('/user/login/qrCode/confirm', { qrCode })
  }

  /** Opts out of the error handling: the local session ends whatever the server answers. */
  function logout(): Promise<null> {
    return api.post('/user/logout', undefined, { silent: true })
  }

  return { loginByPhone, loginById, register, submitLockPassword, lockPasswordTips, createQrCode, pollQrCode, scanQrCode, confirmQrCode, logout }
}
