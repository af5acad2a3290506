import { z } from 'zod'
import {
  DeviceLogoutBody,
  DeviceSession,
  LockPwdClearBody,
  LockPwdSetBody,
  LoginByIdBody,
  LoginByPhoneBody,
  LoginResult,
  PasswordChangeBody,
  ProfileUpdateBody,
  QrCodeBody,
  QrCodeResult,
  QrPollResult,
  RegisterBody,
  Step2Body,
  Step2TipsBody,
  Step2TipsResult,
  UserConfig,
  UserInfo,
} from '../auth'
import { Message } from '../chat'
import { FriendInfoBody, FriendInfoResult, SendCustomMessageBody } from '../friends'
import { SearchByIdBody, SearchResult } from '../search'
import { route } from './route'

/** Spec section 7 "Login and user": logins, the own account and its security, search and profiles. */
export const accountRoutes = {
  loginByPhone: route({ method: 'POST', path: '/user/login/pwd', summary: 'Log in with phone and password', body: LoginByPhoneBody, answer: LoginResult }),
  loginById: route({ method: 'POST', path: '/user/login/id', summary: 'Log in with user ID and password', body: LoginByIdBody, answer: LoginResult }),
  register: route({ method: 'POST', path: '/user/login/register', summary: 'Register and log in', body: RegisterBody, answer: LoginResult }),
  step2: route({ method: 'POST', path: '/user/login/step2pwd', summary: 'Second factor: the lock password', body: Step2Body, answer: LoginResult }),
  step2Tips: route({ method: 'POST', path: '/user/login/step2pwd/tips', summary: 'Hint of the lock password', body: Step2TipsBody, answer: Step2TipsResult }),
  genQrCode: route({ method: 'POST', path: '/user/login/genQrCode', summary: 'A new login QR code', answer: QrCodeResult }),
  pollQrCode: route({ method: 'POST', path: '/user/login/qrCode', summary: 'Poll a login QR code', body: QrCodeBody, answer: QrPollResult }),
  scanQrCode: route({ method: 'POST', path: '/user/login/qrCode/scan', summary: 'A logged-in device scanned the QR code', body: QrCodeBody, answer: z.null() }),
  confirmQrCode: route({ method: 'POST', path: '/user/login/qrCode/confirm', summary: 'A logged-in device confirms the QR login', body: QrCodeBody, answer: z.null() }),
  logout: route({ method: 'POST', path: '/user/logout', summary: 'End this session', answer: z.null() }),
  info: route({ method: 'GET', path: '/user/info', summary: 'The logged-in user', answer: UserInfo }),
  updateProfile: route({ method: 'POST', path: '/user/profile/update', summary: 'Edit one\'s own nickname, avatar and signature', body: ProfileUpdateBody, answer: UserInfo }),
  userConfig: route({ method: 'GET', path: '/user/userConfig/getInfo', summary: "The user's settings", answer: UserConfig }),
  setLockPassword: route({ method: 'POST', path: '/user/security/lockPwd', summary: 'Turn the lock password on or change it', body: LockPwdSetBody, answer: z.null() }),
  clearLockPassword: route({ method: 'POST', path: '/user/security/lockPwd/clear', summary: 'Turn the lock password off', body: LockPwdClearBody, answer: z.null() }),
  changePassword: route({ method: 'POST', path: '/user/security/password', summary: 'Change the login password (ends the other sessions)', body: PasswordChangeBody, answer: z.null() }),
  devices: route({ method: 'GET', path: '/user/security/devices', summary: "The user's logged-in devices", answer: z.array(DeviceSession) }),
  logoutDevice: route({ method: 'POST', path: '/user/security/devices/logout', summary: 'End the session of one device', body: DeviceLogoutBody, answer: z.null() }),
  logoutAll: route({ method: 'POST', path: '/user/security/logoutAll', summary: 'End every session of the user', answer: z.null() }),
  searchById: route({ method: 'POST', path: '/user/searchById', summary: 'Find a user or group by exact ID or phone', body: SearchByIdBody, answer: z.array(SearchResult) }),
  friendInfo: route({ method: 'POST', path: '/user/friendInfo', summary: 'Profile and friend info of a user', body: FriendInfoBody, answer: FriendInfoResult }),
  sendCustomMessage: route({ method: 'POST', path: '/user/sendCustomMessage', summary: 'Send a contacts custom message into the one-to-one chat', body: SendCustomMessageBody, answer: Message }),
}
