import type { NotificationsPort } from './notifications'

/** Mini-programs have no desktop notifications; subscription messages are a server-side feature. */
export const notifications: NotificationsPort = {
  supported: () => false,
  permission: () => 'unsupported',
  requestPermission: async () => 'unsupported',
  show() {
    console.error('当前环境不支持桌面通知')
    return null
  },
}
