import type { NotificationOptions, NotificationPermission, NotificationsPort } from './notifications'

function supported(): boolean {
  return typeof window !== 'undefined' && 'Notification' in window
}

function permission(): NotificationPermission {
  return supported() ? window.Notification.permission : 'unsupported'
}

export const notifications: NotificationsPort = {
  supported,
  permission,
  async requestPermission() {
    if (!supported()) return 'unsupported'
    if (window.Notification.permission !== 'default') return window.Notification.permission
    return window.Notification.requestPermission()
  },
  show(title: string, body: string, options: NotificationOptions = {}) {
    if (!supported()) {
      console.error('此浏览器不支持桌面通知')
      return null
    }
    if (permission() !== 'granted') return null
    const n = new window.Notification(title, { body, icon: options.icon, tag: options.tag })
    n.onclick = () => {
      window.focus()
      options.onClick?.()
      n.close()
    }
    return { close: () => n.close() }
  },
}
