import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { ResultCode } from '../../../types/codes.js'
import { accountRoutes } from '../../../types/routes/account.js'
import { groupRoutes } from '../../../types/routes/groups.js'
import { wechatRoutes } from '../../../types/routes/wechat.js'
import type { ApiRoute } from '../../../types/routes/route.js'
import type { Metrics } from './metrics.js'
import { redactUrl } from './logging.js'

declare module 'fastify' {
  interface FastifyRequest {
    /** The `code` of the envelope this request was answered with, when it was one. */
    apiCode?: number
    /** Its `data`, for the events that depend on it (a confirmed QR login). */
    apiData?: unknown
  }
}

const PASSWORD_LOGINS: ReadonlySet<ApiRoute> = new Set([accountRoutes.loginByPhone, accountRoutes.loginById, accountRoutes.step2])
const LOGINS: ReadonlySet<ApiRoute> = new Set([...PASSWORD_LOGINS, accountRoutes.register])

/** Group administration: every success is an admin action worth a log line (who, what, which group). */
const ADMIN_ACTIONS: ReadonlySet<ApiRoute> = new Set([
  groupRoutes.remove,
  groupRoutes.audit,
  groupRoutes.joinVerify,
  groupRoutes.setAdmins,
  groupRoutes.transfer,
  groupRoutes.dissolve,
  groupRoutes.blackAdd,
  groupRoutes.blackRemove,
  groupRoutes.batchMuted,
  groupRoutes.edit,
  groupRoutes.setNotice,
  groupRoutes.setWelcomeMsg,
  groupRoutes.joinLimit,
  groupRoutes.withdrawOne,
  groupRoutes.withdrawByUser,
])

/** Slower than this, a request gets a warning line of its own. */
const SLOW_REQUEST_MS = 1000

const routeLabel = (req: FastifyRequest) => req.routeOptions.url ?? 'unmatched'

/** The envelope's group number, when the body names one (admin action lines). */
function groupOf(body: unknown): string | undefined {
  const g = (body as { groupNumber?: unknown } | null)?.groupNumber
  return typeof g === 'string' || typeof g === 'number' ? String(g) : undefined
}

/**
 * Per request: the request id goes back as X-Request-Id, the answer's envelope code is noted,
 * and on completion the HTTP series are counted and the significant events logged (login,
 * logout, login failure, rate-limit refusal, admin action, slow or failed request).
 */
export function installRequestObservation(app: FastifyInstance, metrics: Metrics) {
  app.addHook('onRequest', async (req, reply) => {
    reply.header('x-request-id', req.id)
  })

  app.addHook('preSerialization', async (req: FastifyRequest, _reply: FastifyReply, payload: unknown) => {
    const envelope = payload as { code?: unknown; data?: unknown } | null
    if (typeof envelope?.code === 'number') {
      req.apiCode = envelope.code
      req.apiData = envelope.data
    }
    return payload
  })

  app.addHook('onResponse', async (req, reply) => {
    const route = routeLabel(req)
    const status = reply.statusCode
    const ms = reply.elapsedTime
    metrics.httpRequests.inc({ method: req.method, route, status })
    metrics.httpDuration.observe({ method: req.method, route }, ms / 1000)

    const entry = req.routeOptions.config?.apiRoute
    const code = req.apiCode
    const who = req.session?.wtId
    if (code === ResultCode.TooManyRequests || status === 429) {
      metrics.rateLimited.inc({ route })
      req.log.warn({ event: 'rate-limit refusal', route, ip: req.ip }, 'rate limit refusal')
    }
    if (entry && LOGINS.has(entry)) {
      if (code === ResultCode.Ok) {
        metrics.logins.inc()
        req.log.info({ event: 'login', route, ip: req.ip }, 'login')
      } else if (PASSWORD_LOGINS.has(entry) && code === ResultCode.BadRequest) {
        metrics.loginFailures.inc()
        req.log.info({ event: 'login failure', route, ip: req.ip }, 'login failure')
      }
    }
    if (entry === wechatRoutes.login) {
      // 微信一键登录: a bound WeChat is a login; a bad code a failure, throttled like a wrong password.
      if (code === ResultCode.Ok && (req.apiData as { status?: string } | undefined)?.status === 'ok') {
        metrics.logins.inc()
        req.log.info({ event: 'login', route, ip: req.ip, by: 'wechat' }, 'login by WeChat')
      } else if (code === ResultCode.BadRequest) {
        metrics.loginFailures.inc()
        req.log.info({ event: 'login failure', route, ip: req.ip, by: 'wechat' }, 'login failure')
      }
    }
    if (code === ResultCode.Ok && (entry === wechatRoutes.bind || entry === wechatRoutes.unbind)) {
      req.log.info({ event: entry === wechatRoutes.bind ? 'wechat bind' : 'wechat unbind', wtId: who, ip: req.ip }, entry === wechatRoutes.bind ? 'WeChat bound' : 'WeChat unbound')
    }
    if (entry === accountRoutes.pollQrCode && code === ResultCode.Ok && (req.apiData as { status?: string } | undefined)?.status === 'confirmed') {
      metrics.logins.inc()
      req.log.info({ event: 'login', route, ip: req.ip }, 'login by QR code')
    }
    if (code === ResultCode.Ok && (entry === accountRoutes.logout || entry === accountRoutes.logoutAll)) {
      req.log.info({ event: 'logout', wtId: who, allDevices: entry === accountRoutes.logoutAll }, 'logout')
    }
    if (code === ResultCode.Ok && entry && ADMIN_ACTIONS.has(entry)) {
      req.log.info({ event: 'admin action', action: entry.path, wtId: who, group: groupOf(req.body) }, 'admin action')
    }
    if (ms >= SLOW_REQUEST_MS) req.log.warn({ event: 'slow request', method: req.method, url: redactUrl(req.url), status, ms: Math.round(ms) }, 'slow request')
    else req.log.debug({ method: req.method, url: redactUrl(req.url), status, code, ms: Math.round(ms * 10) / 10 }, 'request')
  })
}
