import type { WechatConfigAnswer, WechatSubscriptionAnswer } from '@shared/wechat'
import { WechatText } from '@shared/wechat'
import { wechatRoutes } from '@shared/routes/wechat'
import { wechatAccount } from '@/platform/wechatAccount'
import type { ServiceContext } from './context'
import type { LoginOutcome, SessionService } from './session'

/** What 微信一键登录 ended in: logged in, the lock password asked, or a WeChat to bind by logging in once. */
export type WechatLoginOutcome = LoginOutcome | 'unbound'

export type WechatService = ReturnType<typeof createWechat>

const OFF: WechatConfigAnswer = { login: false, templateIds: [] }

/**
 * The mini-program's WeChat account: 微信一键登录, the binding it asks for the first time (kept
 * until the phone login or the registration that follows succeeds), 解除微信绑定, and the
 * subscription messages that tell a closed mini-program of new messages and missed calls.
 */
export function createWechat({ api, store, toast }: ServiceContext, session: Pick<SessionService, 'loginWith'>) {
  let settings: Promise<WechatConfigAnswer> | null = null
  /** A WeChat waiting to be bound to whoever logs in next. */
  let pendingTicket: string | null = null

  /** The server's WeChat settings; off outside the mini-program or when the server has none. */
  function config(): Promise<WechatConfigAnswer> {
    if (!wechatAccount.available) return Promise.resolve(OFF)
    settings ??= api.call(wechatRoutes.config, undefined, { silent: true }).catch(() => {
      settings = null
      return OFF
    })
    return settings
  }

  async function bindPending(): Promise<void> {
    const ticket = pendingTicket
    pendingTicket = null
    if (!ticket) return
    try {
      await api.call(wechatRoutes.bind, { ticket }, { silent: true })
      toast.success(WechatText.Bound)
    } catch (err) {
      toast.error((err as { msg?: string }).msg || '微信绑定失败')
    }
  }

  // The first 微信一键登录 is finished by any login that follows: the phone form, the ID form or a registration.
  store.subscribe((state, before) => {
    if (state.user && !before.user && pendingTicket) void bindPending()
  })

  async function login(): Promise<WechatLoginOutcome> {
    const code = await wechatAccount.loginCode()
    let unbound = false
    const outcome = await session.loginWith(async () => {
      const answer = await api.call(wechatRoutes.login, { code }, { login: true })
      if (answer.status === 'ok') {
        const { status: _status, ...result } = answer
        return result
      }
      pendingTicket = answer.ticket
      unbound = true
      throw new Error('unbound')
    }).catch((err: unknown) => {
      if (unbound) return 'unbound' as const
      throw err
    })
    return outcome
  }

  const bound = async (): Promise<boolean> => (await api.call(wechatRoutes.binding)).bound

  async function unbind(): Promise<void> {
    await api.call(wechatRoutes.unbind)
    toast.success(WechatText.Unbound)
  }

  const subscription = (): Promise<WechatSubscriptionAnswer> => api.call(wechatRoutes.subscription)

  /**
   * Asks WeChat for the templates, then tells the server which were accepted. Call it straight
   * from the tap's handler with the templates already loaded: WeChat shows its dialog only in
   * answer to a tap, so nothing may be awaited before it asks.
   */
  async function subscribe(templateIds: string[]): Promise<WechatSubscriptionAnswer | null> {
    const accepted = await wechatAccount.requestSubscribe(templateIds)
    if (accepted.length === 0) return null
    const code = await wechatAccount.loginCode()
    return api.call(wechatRoutes.subscribe, { code, accepted })
  }

  return { available: wechatAccount.available, config, login, bound, unbind, subscription, subscribe, hasPendingBinding: () => pendingTicket !== null }
}
