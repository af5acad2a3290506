import { randomBytes } from 'node:crypto'
import http from 'node:http'
import type { AddressInfo } from 'node:net'

/**
 * A local stand-in for WeChat's server API, answering as its documentation says
 * (developers.weixin.qq.com: code2Session, getAccessToken, subscribeMessage.send), errcodes
 * included. It knows one mini-program (appid and secret) and its templates. A code is
 * `code:<openid>[:<unionid>]:<nonce>`, so a test in another process can make one for any openid
 * without asking; each code works once (40163 after), anything else is 40029. What it sent is
 * read at GET /__standin/sent, and POST /__standin/script {path, errcode} makes the next answer
 * of that path an error (45011 for a busy WeChat, 43101 for a refused subscription).
 */

export const STAND_IN_APPID = 'wx0123456789abcdef'
export const STAND_IN_SECRET = 'stand-in-secret-0123456789abcdef'
export const STAND_IN_TEMPLATES = { message: 'tmpl-message-0001', call: 'tmpl-call-0001' } as const

export interface SentNotice {
  touser: string
  template_id: string
  page: string
  miniprogram_state: string
  lang: string
  data: Record<string, { value: string }>
}

export interface WechatStandIn {
  url: string
  /** A fresh code for this WeChat user, as wx.login would give the mini-program. */
  code(openid: string, unionid?: string): string
  sent: SentNotice[]
  /** The next answer of `path` (/sns/jscode2session, /cgi-bin/token, /cgi-bin/message/subscribe/send) is this errcode. */
  script(path: string, errcode: number): void
  /** Every access token issued so far stops working (WeChat's 40001). */
  revokeTokens(): void
  /** Requests per path. */
  hits: Map<string, number>
  close(): Promise<void>
}

const ERRMSG: Record<number, string> = {
  40001: 'invalid credential, access_token is invalid or not latest',
  40002: 'invalid grant_type',
  40003: 'invalid openid',
  40013: 'invalid appid',
  40029: 'invalid code',
  40037: 'invalid template_id',
  40125: 'invalid appsecret',
  40163: 'code been used',
  41030: 'invalid page',
  43101: 'user refuse to accept the msg',
  45011: 'api minute-quota reach limit mustslower retry next minute',
  47003: 'argument invalid! data.thing1.value is empty',
}

export const makeCode = (openid: string, unionid?: string) => `code:${openid}${unionid ? `:${unionid}` : ''}:${randomBytes(6).toString('hex')}`

export async function startWechatStandIn(): Promise<WechatStandIn> {
  const used = new Set<string>()
  const tokens = new Set<string>()
  const scripted = new Map<string, number[]>()
  const sent: SentNotice[] = []
  const hits = new Map<string, number>()

  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://stand-in')
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => {
      const answer = (body: object) => {
        res.writeHead(200, { 'content-type': 'application/json' })
        res.end(JSON.stringify(body))
      }
      const fail = (errcode: number) => answer({ errcode, errmsg: `${ERRMSG[errcode] ?? 'error'} rid: ${randomBytes(4).toString('hex')}` })
      const body = chunks.length ? (JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>) : {}

      if (url.pathname === '/__standin/sent') return answer(sent)
      if (url.pathname === '/__standin/script') {
        scriptNext(String(body.path), Number(body.errcode))
        return answer({ errcode: 0 })
      }
      hits.set(url.pathname, (hits.get(url.pathname) ?? 0) + 1)
      const next = scripted.get(url.pathname)?.shift()
      if (next) return fail(next)

      const q = url.searchParams
      if (url.pathname === '/sns/jscode2session' || url.pathname === '/cgi-bin/token') {
        if (q.get('appid') !== STAND_IN_APPID) return fail(40013)
        if (q.get('secret') !== STAND_IN_SECRET) return fail(40125)
      }
      if (url.pathname === '/sns/jscode2session') {
        const code = q.get('js_code') ?? ''
        const m = /^code:([\w-]+?)(?::([\w-]+))?:[0-9a-f]+$/.exec(code)
        if (q.get('grant_type') !== 'authorization_code' || !m) return fail(40029)
        if (used.has(code)) return fail(40163)
        used.add(code)
        return answer({ openid: m[1], session_key: randomBytes(16).toString('base64'), ...(m[2] ? { unionid: m[2] } : {}) })
      }
      if (url.pathname === '/cgi-bin/token') {
        if (q.get('grant_type') !== 'client_credential') return fail(40002)
        const token = randomBytes(24).toString('hex')
        tokens.add(token)
        return answer({ access_token: token, expires_in: 7200 })
      }
      if (url.pathname === '/cgi-bin/message/subscribe/send' && req.method === 'POST') {
        if (!tokens.has(q.get('access_token') ?? '')) return fail(40001)
        const n = body as unknown as SentNotice
        if (!Object.values(STAND_IN_TEMPLATES).includes(n.template_id as never)) return fail(40037)
        if (typeof n.touser !== 'string' || !n.touser) return fail(40003)
        if (!n.data || Object.values(n.data).some((v) => !v?.value)) return fail(47003)
        sent.push(n)
        return answer({ errcode: 0, errmsg: 'ok', msgid: Date.now() })
      }
      res.writeHead(404).end()
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo

  function scriptNext(path: string, errcode: number) {
    scripted.set(path, [...(scripted.get(path) ?? []), errcode])
  }

  return {
    url: `http://127.0.0.1:${port}`,
    code: makeCode,
    sent,
    script: scriptNext,
    revokeTokens: () => tokens.clear(),
    hits,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  }
}
