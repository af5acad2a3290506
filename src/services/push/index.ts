import { pushRoutes } from '@shared/routes/push'
import { push, type PushPermission } from '@/platform/push'
import { PushUnavailable } from '@/platform/pushUnavailable'
import type { ServiceContext } from '../context'

/** What the settings' 通知 section shows for this device. */
export interface PushStatus {
  permission: PushPermission
  /** This device is registered for this session: it is told of messages while the app is closed. */
  subscribed: boolean
  /** The last attempt found no push service (a browser without one): the app says so instead of a switch that does nothing. */
  noPushService: boolean
}

/**
 * Web Push for this device: one switch (subscribe and register, or unregister and unsubscribe),
 * the preview setting that decides what a push says, and keeping the registration in step with
 * the session (a device that had push on keeps it across a new login).
 */
export function createPush({ api, store }: ServiceContext) {
  let noPushService = false

  async function status(): Promise<PushStatus> {
    const permission = push.permission()
    const sub = permission === 'unsupported' ? null : await push.current()
    if (!sub) return { permission, subscribed: false, noPushService }
    const { subscribed } = await api.call(pushRoutes.status, { endpoint: sub.endpoint }, { silent: true })
    return { permission, subscribed, noPushService }
  }

  /** Turns push on for this device; rejects with PushUnavailable (its message is the words to show). */
  async function enable(): Promise<void> {
    const { vapidPublicKey } = await api.call(pushRoutes.vapidPublicKey)
    try {
      const sub = await push.subscribe(vapidPublicKey)
      noPushService = false
      await api.call(pushRoutes.subscribe, sub)
    } catch (err) {
      if (err instanceof PushUnavailable && err.reason === 'noPushService') noPushService = true
      throw err
    }
  }

  async function disable(): Promise<void> {
    const sub = await push.current()
    if (sub) await api.call(pushRoutes.unsubscribe, { endpoint: sub.endpoint })
    await push.unsubscribe()
  }

  async function setPreviews(on: boolean): Promise<void> {
    await api.call(pushRoutes.previews, { showPreviews: on })
    const config = store.getState().userConfig
    if (config) store.getState().setUserConfig({ ...config, showPreviews: on })
  }

  /**
   * After a login or a reload: a device whose browser still holds a subscription (push was on
   * here before) registers it with this session, under the server's current key.
   */
  async function resume(): Promise<void> {
    if (push.permission() !== 'granted' || !(await push.current())) return
    await enable().catch(() => undefined)
  }

  return { status, enable, disable, setPreviews, resume }
}

export type PushService = ReturnType<typeof createPush>
