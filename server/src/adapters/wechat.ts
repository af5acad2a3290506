import type { WechatConfig } from '../config.js'

/**
 * WeChat's server API as the mini-program needs it: jscode2session (a wx.login code for the
 * user's openid and unionid), the access token (cached until shortly before WeChat says it
 * expires) and subscribeMessage.send. Everything under the configured base, so tests talk to a
 * local stand-in that answers as WeChat documents.
 */

/** WeChat's errcodes that the server acts on (developers.weixin.qq.com, 错误码). */
export const WechatErr = {
  /** The server could not reach WeChat or read its answer (not one of WeChat's codes). */
  Unreachable: -2,
  Busy: -1,
  InvalidCredential: 40001,
  InvalidCode: 40029,
  CodeUsed: 40163,
  TokenExpired: 42001,
  RateLimited: 45011,
  /** The user has not accepted the template (or used up their acceptances). */
  SubscriptionRefused: 43101,
} as const

export class WechatError extends Error {
  constructor(
    readonly errcode: number,
    errmsg: string,
  ) {
    super(`WeChat answered ${errcode}: ${errmsg}`)
    this.name = 'WechatError'
  }
}

export interface WechatIdentity {
  openid: string
  unionid: string | null
}

export interface SubscribeMessage {
  touser: string
  templateId: string
  /** The mini-program page the notice opens, with its query. */
  page: string
  /** keyword → value, as the template names them. */
  data: Record<string, string>
}

export interface WechatApi {
  codeToSession(code: string): Promise<WechatIdentity>
  sendSubscribeMessage(message: SubscribeMessage): Promise<void>
}

/** Renew the token this long before WeChat's expires_in runs out. */
const TOKEN_MARGIN_MS = 5 * 60_000

type Answer = { errcode?: number; errmsg?: string } & Record<string, unknown>

export function wechatApi(cfg: WechatConfig): WechatApi {
  async function call(path: string, init: RequestInit = {}): Promise<Answer> {
    let res: Response
    try {
      res = await fetch(`${cfg.apiBase}${path}`, { ...init, signal: AbortSignal.timeout(cfg.timeoutMs) })
    } catch (err) {
      throw new WechatError(WechatErr.Unreachable, String(err))
    }
    const json = (await res.json().catch(() => null)) as Answer | null
    if (!json) throw new WechatError(WechatErr.Unreachable, `HTTP ${res.status} without a JSON answer`)
    if (json.errcode) throw new WechatError(json.errcode, json.errmsg ?? '')
    return json
  }

  let token: { value: string; until: number } | null = null
  let fetching: Promise<string> | null = null
  async function accessToken(): Promise<string> {
    if (token && token.until > Date.now()) return token.value
    fetching ??= (async () => {
      try {
        const q = new URLSearchParams({ grant_type: 'client_credential', appid: cfg.appId, secret: cfg.secret })
        const got = await call(`/cgi-bin/token?${q}`)
        if (typeof got.access_token !== 'string') throw new WechatError(WechatErr.Unreachable, 'no access_token')
        const lifeMs = (typeof got.expires_in === 'number' ? got.expires_in : 7200) * 1000
        token = { value: got.access_token, until: Date.now() + Math.max(lifeMs - TOKEN_MARGIN_MS, lifeMs / 2) }
        return got.access_token
      } finally {
        fetching = null
      }
    })()
    return fetching
  }

  async function send(message: SubscribeMessage): Promise<void> {
    const value = await accessToken()
    await call(`/cgi-bin/message/subscribe/send?access_token=${encodeURIComponent(value)}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        touser: message.touser,
        template_id: message.templateId,
        page: message.page,
        miniprogram_state: cfg.miniprogramState,
        lang: 'zh_CN',
        data: Object.fromEntries(Object.entries(message.data).map(([k, v]) => [k, { value: v }])),
      }),
    })
  }

  return {
    async codeToSession(code) {
      const q = new URLSearchParams({ appid: cfg.appId, secret: cfg.secret, js_code: code, grant_type: 'authorization_code' })
      const got = await call(`/sns/jscode2session?${q}`)
      if (typeof got.openid !== 'string' || !got.openid) throw new WechatError(WechatErr.Unreachable, 'no openid')
      return { openid: got.openid, unionid: typeof got.unionid === 'string' && got.unionid ? got.unionid : null }
    },
    async sendSubscribeMessage(message) {
      try {
        await send(message)
      } catch (err) {
        // A token revoked early (another process asked for a new one, or the secret changed): once more with a new one.
        if (!(err instanceof WechatError) || (err.errcode !== WechatErr.InvalidCredential && err.errcode !== WechatErr.TokenExpired)) throw err
        token = null
        await send(message)
      }
    },
  }
}
