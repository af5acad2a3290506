import type { DeviceSession, LoginResult, ProfileUpdateBody, QrCodeResult, QrPollResult, UserInfo } from '@shared/auth'
import { ResultCode } from '@shared/codes'
import { ApiError, isApiError } from './api/errors'
import { createLoginApi } from './api/login'
import { createUserApi } from './api/user'
import type { ServiceContext } from './context'
import type { Messaging } from './messaging'
import type { SessionEnd } from './sessionEnd'
import { loadSession, saveSession, toLoginResult } from './sessionPersistence'

// The account actions screens call. Each rejects with an ApiError after the error catalogue has
// done its part (toast, session end); `handled` on the error says whether that happened.

export type LoginOutcome = 'ok' | 'twoFactor'

const TICKET_MISSING_TEXT = '验证已过期，请重新登录'

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

export interface SessionDeps {
  messaging: Pick<Messaging, 'messagingLogin'>
  sessionEnd: Pick<SessionEnd, 'endSession' | 'runBeforeLogout'>
}

export type SessionService = ReturnType<typeof createSession>

export function createSession({ api, engine, state }: ServiceContext, deps: SessionDeps) {
  const loginApi = createLoginApi(api)
  const userApi = createUserApi(api)

  /** Spec 4 "Login": the user is set from the login result, then the messaging login follows. */
  async function completeLogin(result: LoginResult): Promise<void> {
    const user = toLoginResult(result)
    saveSession(user)
    const store = state()
    store.setTwoFactor(null)
    store.setSessionEndNotice('')
    store.setImReady(false)
    store.setUser(user)
    try {
      await deps.messaging.messagingLogin()
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
        state().setTwoFactor({ ticket: err.msg, tips: null })
        return 'twoFactor'
      }
      throw err
    }
  }

  function loginByPhone(phone: string, pwd: string): Promise<LoginOutcome> {
    return loginWith(() => loginApi.loginByPhone({ phone, pwd }))
  }

  function loginById(wtId: string, pwd: string): Promise<LoginOutcome> {
    return loginWith(() => loginApi.loginById({ wtId, pwd }))
  }

  function register(phone: string, pwd: string, nickName: string): Promise<LoginOutcome> {
    return loginWith(() => loginApi.register({ phone, pwd, nickName }))
  }

  function currentTicket(): string {
    const ticket = state().twoFactor?.ticket
    if (!ticket) throw new ApiError(ResultCode.BadRequest, TICKET_MISSING_TEXT, false)
    return ticket
  }

  /** Completes a two-factor login; the ticket and tips are cleared once it succeeds. */
  async function submitLockPassword(lockPwd: string): Promise<void> {
    const result = await loginApi.submitLockPassword({ ticket: currentTicket(), lockPwd })
    await completeLogin(result)
  }

  async function loadLockTips(): Promise<string> {
    const ticket = currentTicket()
    const { tips } = await loginApi.lockPasswordTips(ticket)
    const twoFactor = state().twoFactor
    if (twoFactor?.ticket === ticket) state().setTwoFactor({ ...twoFactor, tips })
    return tips
  }

  async function cancelTwoFactor(): Promise<void> {
    state().setTwoFactor(null)
  }

  function createQrCode(): Promise<QrCodeResult> {
    return loginApi.createQrCode()
  }

  /** One poll of a QR login; a confirmed code also completes the login in this browser. */
  async function pollQrCode(qrCode: string): Promise<QrPollResult> {
    const result = await loginApi.pollQrCode(qrCode)
    if (result.status === 'confirmed') await completeLogin(result)
    return result
  }

  /** The logged-in device marks a code as scanned, so the waiting browser can say so. */
  async function scanQrLogin(qrCode: string): Promise<void> {
    await loginApi.scanQrCode(qrCode)
  }

  /** The logged-in device logs the waiting browser in. */
  async function confirmQrLogin(qrCode: string): Promise<void> {
    await loginApi.confirmQrCode(qrCode)
  }

  /**
   * Stops the messaging engine first, so the server's logout notice does not come back to this
   * browser as a forced logout, then ends the session whatever the server answered.
   */
  async function logout(): Promise<void> {
    await deps.sessionEnd.runBeforeLogout()
    await engine().logout()
    try {
      await loginApi.logout()
    } catch (err) {
      console.warn('server logout failed', err)
    }
    deps.sessionEnd.endSession({ reason: 'logout' })
  }

  /**
   * Revokes every session of the user, this one included. The server's -1 notice may end the local
   * session first (with its message); deps.sessionEnd.endSession then finds nothing left to do.
   */
  async function logoutAllDevices(): Promise<void> {
    await deps.sessionEnd.runBeforeLogout()
    await userApi.logoutAll()
    deps.sessionEnd.endSession({ reason: 'logout' })
  }

  /** Deletes the account (password confirmed); its sessions end everywhere, this one included. */
  async function deleteAccount(pwd: string): Promise<void> {
    await deps.sessionEnd.runBeforeLogout()
    await userApi.deleteAccount(pwd)
    deps.sessionEnd.endSession({ reason: 'logout' })
  }

  /** GET /user/info and the user config; the profile fields refresh the stored login result. */
  async function refreshUser(): Promise<void> {
    const token = state().user?.token
    const [info, config] = await Promise.all([userApi.getUserInfo(), userApi.getUserConfig()])
    if (state().user?.token !== token) return
    state().setUserConfig(config)
    applyUserInfo(info)
  }

  /** The server's user info into the store and the stored login (the sidebar and the next start read them). */
  function applyUserInfo(info: UserInfo): void {
    const store = state()
    if (!store.user || store.user.wtId !== info.wtId) return
    store.setUserInfo(info)
    store.patchUser({ avatar: info.avatar, nickName: info.nickName, vipLevel: info.vipLevel, vipType: info.vipType })
    const updated = state().user
    if (updated) saveSession(updated)
  }

  /** Saves one's own profile; the sidebar, the header and the stored login show it at once. */
  async function updateProfile(body: ProfileUpdateBody): Promise<void> {
    applyUserInfo(await userApi.updateProfile(body))
  }

  async function reloadUserConfig(): Promise<void> {
    const config = await userApi.getUserConfig()
    state().setUserConfig(config)
  }

  async function setLockPassword(pwd: string, lockPwd: string, tips: string): Promise<void> {
    await userApi.setLockPassword({ pwd, lockPwd, tips })
    await reloadUserConfig()
  }

  async function clearLockPassword(pwd: string): Promise<void> {
    await userApi.clearLockPassword({ pwd })
    await reloadUserConfig()
  }

  /** The server revokes the user's other sessions; this one stays. */
  async function changePassword(oldPwd: string, newPwd: string): Promise<void> {
    await userApi.changePassword({ oldPwd, newPwd })
  }

  const listDevices = (): Promise<DeviceSession[]> => userApi.listDevices()

  async function logoutDevice(id: string): Promise<void> {
    await userApi.logoutDevice(id)
  }

  /**
   * At start-up: the stored login result becomes the user again, before any page's guard runs.
   * Whether the token still works shows at the messaging login of the first login-only page.
   */
  async function restoreSession(): Promise<boolean> {
    const saved = loadSession()
    if (!saved) return false
    state().setUser(saved)
    return true
  }

  return {
    loginWith,
    loginByPhone,
    loginById,
    register,
    submitLockPassword,
    loadLockTips,
    cancelTwoFactor,
    createQrCode,
    pollQrCode,
    scanQrLogin,
    confirmQrLogin,
    logout,
    logoutAllDevices,
    deleteAccount,
    listDevices,
    logoutDevice,
    refreshUser,
    updateProfile,
    setLockPassword,
    clearLockPassword,
    changePassword,
    restoreSession,
  }
}
