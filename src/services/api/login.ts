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
import { api } from './client'

// Spec section 7 "Login and user": /api/user/login/*.

export function loginByPhone(body: LoginByPhoneBody): Promise<LoginResult> {
  return api.post('/user/login/pwd', body, { login: true })
}

export function loginById(body: LoginByIdBody): Promise<LoginResult> {
  return api.post('/user/login/id', body, { login: true })
}

/** Registration logs the new user in. */
export function register(body: RegisterBody): Promise<LoginResult> {
  return api.post('/user/login/register', body, { login: true })
}

export function submitLockPassword(body: Step2Body): Promise<LoginResult> {
  return api.post('/user/login/step2pwd', body, { login: true })
}

export function lockPasswordTips(ticket: string): Promise<Step2TipsResult> {
  return api.post('/user/login/step2pwd/tips', { ticket }, { login: true })
}

export function createQrCode(): Promise<QrCodeResult> {
  return api.post('/user/login/genQrCode')
}

/** Polled every few seconds, so it opts out of the error toasts (spec section 7). */
export function pollQrCode(qrCode: string): Promise<QrPollResult> {
  return api.post('/user/login/qrCode', { qrCode }, { silent: true })
}

export function scanQrCode(qrCode: string): Promise<null> {
  return api.post('/user/login/qrCode/scan', { qrCode })
}

export function confirmQrCode(qrCode: string): Promise<null> {
  return api.post('/user/login/qrCode/confirm', { qrCode })
}

/** Opts out of the error handling: the local session ends whatever the server answers. */
export function logout(): Promise<null> {
  return api.post('/user/logout', undefined, { silent: true })
}
