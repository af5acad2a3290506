import type { LoginResult, QrCodeResult, QrPollResult } from '@shared/auth'
import { ResultCode } from '@shared/codes'
import { getChatEngine } from '@/engines'
import { useAppStore } from '@/stores'
import { ApiError, isApiError } from './api/errors'
import * as loginApi from './api/login'
import * as userApi from './api/user'
import { messagingLogin } from './messaging'
import { endSession, runBeforeLogout } from './sessionEnd'
import { loadSession, saveSession, toLoginResult } from './sessionPersistence'

// The account actions screens call. Each rejects with an ApiError after the error catalogue has
// done its part (toast, session end); `handled` on the error says whether that happened.

export type LoginOutcome = 'ok' | 'twoFactor'

const TICKET_MISSING_TEXT = '验证已过期，请重新登录'

/** Spec 4 "Login": the user is set from the login result, then the messaging login follows. */
async function completeLogin(result: LoginResult): Promise<void> {
  const user = toLoginResult(result)
  saveSession(user)
  const store = useAppStore.getState()
  store.setTwoFactor(null)
  store.setImReady(false)
  store.setUser(user)
  try {
    await messagingLogin()
  } catch (err) {
    // The route guard retries the messaging login on the next page and sends the user to /login if it fails.
    console.warn('messaging login failed', err)
  }
}

/** A 712 answer keeps its msg as the two-factor ticket and starts the second step. */
async function loginWith(call: () => Promise<LoginResult>): Promise<LoginOutcome> {
  try {
    await completeLogin(await call())
    return 'ok'
  } catch (err) {
    if (isApiError(err, ResultCode.TwoFactorRequired)) {
      useAppStore.getState().setTwoFactor({ ticket: err.msg, tips: null })
      return 'twoFactor'
    }
    throw err
  }
}

export function loginByPhone(phone: string, pwd: string): Promise<LoginOutcome> {
  return loginWith(() => loginApi.loginByPhone({ phone, pwd }))
}

export function loginById(wtId: string, pwd: string): Promise<LoginOutcome> {
  return loginWith(() => loginApi.loginById({ wtId, pwd }))
}

export function register(phone: string, pwd: string, nickName: string): Promise<LoginOutcome> {
  return loginWith(() => loginApi.register({ phone, pwd, nickName }))
}

function currentTicket(): string {
  const ticket = useAppStore.getState().twoFactor?.ticket
  if (!ticket) throw new ApiError(ResultCode.BadRequest, TICKET_MISSING_TEXT, false)
  return ticket
}

/** Completes a two-factor login; the ticket and tips are cleared once it succeeds. */
export async function submitLockPassword(lockPwd: string): Promise<void> {
  const result = await loginApi.submitLockPassword({ ticket: currentTicket(), lockPwd })
  await completeLogin(result)
}

export async function loadLockTips(): Promise<string> {
  const ticket = currentTicket()
  const { tips } = await loginApi.lockPasswordTips(ticket)
  const twoFactor = useAppStore.getState().twoFactor
  if (twoFactor?.ticket === ticket) useAppStore.getState().setTwoFactor({ ...twoFactor, tips })
  return tips
}

export async function cancelTwoFactor(): Promise<void> {
  useAppStore.getState().setTwoFactor(null)
}

export function createQrCode(): Promise<QrCodeResult> {
  return loginApi.createQrCode()
}

/** One poll of a QR login; a confirmed code also completes the login in this browser. */
export async function pollQrCode(qrCode: string): Promise<QrPollResult> {
  const result = await loginApi.pollQrCode(qrCode)
  if (result.status === 'confirmed') await completeLogin(result)
  return result
}

/** The logged-in device marks a code as scanned, so the waiting browser can say so. */
export async function scanQrLogin(qrCode: string): Promise<void> {
  await loginApi.scanQrCode(qrCode)
}

/** The logged-in device logs the waiting browser in. */
export async function confirmQrLogin(qrCode: string): Promise<void> {
  await loginApi.confirmQrCode(qrCode)
}

/** QR login codes are URL-safe base64 (types/auth.ts allows 8-128 characters). */
const QR_CODE_PATTERN = /^[A-Za-z0-9_-]{8,128}$/

/** The code from a pasted or scanned text: the raw code, or a link carrying `qrLogin=CODE`. */
export function extractQrCode(textOrUrl: string): string | null {
  const text = textOrUrl.trim()
  if (QR_CODE_PATTERN.test(text)) return text
  const match = /[?&#]qrLogin=([^&#\s]*)/.exec(text)
  if (!match) return null
  let code: string
  try {
    code = decodeURIComponent(match[1]!)
  } catch {
    return null
  }
  return QR_CODE_PATTERN.test(code) ? code : null
}

/**
 * Stops the messaging engine first, so the server's logout notice does not come back to this
 * browser as a forced logout, then ends the session whatever the server answered.
 */
export async function logout(): Promise<void> {
  await runBeforeLogout()
  await getChatEngine().logout()
  try {
    await loginApi.logout()
  } catch (err) {
    console.warn('server logout failed', err)
  }
  endSession({ reason: 'logout' })
}

/**
 * Revokes every session of the user, this one included. The server's -1 notice may end the local
 * session first (with its message); endSession then finds nothing left to do.
 */
export async function logoutAllDevices(): Promise<void> {
  await runBeforeLogout()
  await userApi.logoutAll()
  endSession({ reason: 'logout' })
}

/** GET /user/info and the user config; the profile fields refresh the stored login result. */
export async function refreshUser(): Promise<void> {
  const token = useAppStore.getState().user?.token
  const [info, config] = await Promise.all([userApi.getUserInfo(), userApi.getUserConfig()])
  const store = useAppStore.getState()
  if (!store.user || store.user.token !== token) return
  store.setUserInfo(info)
  store.setUserConfig(config)
  store.patchUser({ avatar: info.avatar, nickName: info.nickName, vipLevel: info.vipLevel, vipType: info.vipType })
  const updated = useAppStore.getState().user
  if (updated) saveSession(updated)
}

async function reloadUserConfig(): Promise<void> {
  const config = await userApi.getUserConfig()
  useAppStore.getState().setUserConfig(config)
}

export async function setLockPassword(pwd: string, lockPwd: string, tips: string): Promise<void> {
  await userApi.setLockPassword({ pwd, lockPwd, tips })
  await reloadUserConfig()
}

export async function clearLockPassword(pwd: string): Promise<void> {
  await userApi.clearLockPassword({ pwd })
  await reloadUserConfig()
}

/** The server revokes the user's other sessions; this one stays. */
export async function changePassword(oldPwd: string, newPwd: string): Promise<void> {
  await userApi.changePassword({ oldPwd, newPwd })
}

/**
 * At start-up: the stored login result becomes the user again, before any page's guard runs.
 * Whether the token still works shows at the messaging login of the first login-only page.
 */
export async function restoreSession(): Promise<boolean> {
  const saved = loadSession()
  if (!saved) return false
  useAppStore.getState().setUser(saved)
  return true
}
