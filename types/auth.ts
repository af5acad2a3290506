import { z } from 'zod'
import { PASSWORD_MIN, PASSWORD_MAX, NICKNAME_MAX, LOCK_HINT_MAX, BIO_MAX } from './plain/auth'

export * from './plain/auth'

export const Phone = z.string().trim().regex(/^1\d{10}$/, '请输入11位手机号')
export const Password = z.string().min(PASSWORD_MIN, `密码至少${PASSWORD_MIN}位`).max(PASSWORD_MAX, `密码最多${PASSWORD_MAX}位`)
export const WtId = z.string().trim().regex(/^\d{5,12}$/, '请输入正确的ID')

export const LoginByPhoneBody = z.object({ phone: Phone, pwd: z.string().min(1, '请输入密码').max(PASSWORD_MAX) })
export type LoginByPhoneBody = z.infer<typeof LoginByPhoneBody>

export const LoginByIdBody = z.object({ wtId: WtId, pwd: z.string().min(1, '请输入密码').max(PASSWORD_MAX) })
export type LoginByIdBody = z.infer<typeof LoginByIdBody>

export const NickName = z.string().trim().min(1, '请输入昵称').max(NICKNAME_MAX, `昵称最多${NICKNAME_MAX}个字`)

export const RegisterBody = z.object({
  phone: Phone,
  pwd: Password,
  nickName: NickName,
})
export type RegisterBody = z.infer<typeof RegisterBody>

/** The answer of every successful login. */
export const LoginResult = z.object({
  token: z.string(),
  wtId: z.string(),
  imToken: z.string(),
  avatar: z.string(),
  nickName: z.string(),
  vipLevel: z.number().int(),
  vipType: z.number().int(),
})
export type LoginResult = z.infer<typeof LoginResult>

export const QrCodeBody = z.object({ qrCode: z.string().min(8).max(128) })
export type QrCodeBody = z.infer<typeof QrCodeBody>

export const QrCodeResult = z.object({
  qrCode: z.string(),
  /** What the QR image encodes: a link a logged-in device opens or pastes. */
  content: z.string(),
  /** data: URL of the QR image (SVG). */
  image: z.string(),
  expiresIn: z.number().int(),
})
export type QrCodeResult = z.infer<typeof QrCodeResult>

/** Polling answer: pending/scanned/expired, or the login once confirmed. */
export const QrPollResult = z.union([
  z.object({ status: z.enum(['pending', 'scanned', 'expired']) }),
  LoginResult.extend({ status: z.literal('confirmed') }),
])
export type QrPollResult = z.infer<typeof QrPollResult>

export const Step2Body = z.object({ ticket: z.string().min(8).max(128), lockPwd: z.string().min(1, '请输入锁密码').max(PASSWORD_MAX) })
export type Step2Body = z.infer<typeof Step2Body>

export const Step2TipsBody = z.object({ ticket: z.string().min(8).max(128) })
export const Step2TipsResult = z.object({ tips: z.string() })
export type Step2TipsResult = z.infer<typeof Step2TipsResult>

/** Settings: turn the two-factor lock password on (or change it), confirmed with the login password. */
export const LockPwdSetBody = z.object({
  pwd: z.string().min(1, '请输入登录密码').max(PASSWORD_MAX),
  lockPwd: Password,
  tips: z.string().trim().max(LOCK_HINT_MAX, `提示最多${LOCK_HINT_MAX}个字`).default(''),
})
export type LockPwdSetBody = z.infer<typeof LockPwdSetBody>
export const LockPwdClearBody = z.object({ pwd: z.string().min(1, '请输入登录密码').max(PASSWORD_MAX) })
export type LockPwdClearBody = z.infer<typeof LockPwdClearBody>

export const PasswordChangeBody = z.object({ oldPwd: z.string().min(1).max(PASSWORD_MAX), newPwd: Password })
export type PasswordChangeBody = z.infer<typeof PasswordChangeBody>

export const UserInfo = z.object({
  wtId: z.string(),
  phone: z.string(),
  avatar: z.string(),
  nickName: z.string(),
  vipLevel: z.number().int(),
  vipType: z.number().int(),
  bio: z.string(),
  /**
   * Holds the operator role (docs/admin.md): the web client offers 运营后台 by it. It only decides
   * what is shown; every /api/admin route checks the role itself.
   */
  operator: z.boolean(),
})
export type UserInfo = z.infer<typeof UserInfo>

/** One's own profile as others see it; each field is optional, at least one is given. */
export const ProfileUpdateBody = z
  .object({
    nickName: NickName.optional(),
    /** An image this user uploaded (the URL the upload answered). */
    avatar: z.string().max(300).optional(),
    bio: z.string().trim().max(BIO_MAX, `个性签名最多${BIO_MAX}个字`).optional(),
  })
  .refine((b) => b.nickName !== undefined || b.avatar !== undefined || b.bio !== undefined, { message: '没有要修改的内容' })
export type ProfileUpdateBody = z.infer<typeof ProfileUpdateBody>

export const UserConfig = z.object({
  phraseSwitch: z.number().int(),
  lockPwdEnabled: z.boolean(),
  lockPwdTips: z.string(),
  allowNotifications: z.boolean(),
  showPreviews: z.boolean(),
})
export type UserConfig = z.infer<typeof UserConfig>

/** One logged-in device of the settings' device list. */
export const DeviceSession = z.object({
  /** Names the session in the list; it cannot be used to log in. */
  id: z.string(),
  /** Browser and system, as the device described itself ('未知设备' when it did not). */
  device: z.string(),
  /** The address it was last used from. */
  address: z.string(),
  /** Epoch milliseconds. */
  lastSeen: z.number().int(),
  loggedInAt: z.number().int(),
  /** The device asking. */
  current: z.boolean(),
  /** This session has registered Web Push (it is told of messages while its app is closed). */
  push: z.boolean(),
})
export type DeviceSession = z.infer<typeof DeviceSession>

export const DeviceLogoutBody = z.object({ id: z.string().min(1).max(64) })
export type DeviceLogoutBody = z.infer<typeof DeviceLogoutBody>
