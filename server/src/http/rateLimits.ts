import type { FastifyInstance, FastifyRequest } from 'fastify'
import rateLimit from '@fastify/rate-limit'
import { Redis } from 'ioredis'
import { ResultCode } from '../../../types/codes.js'
import type { Config } from '../config.js'
import { Refusal } from '../domain/refusal.js'
import { hashToken } from '../domain/tokens.js'
import { bearerToken } from './auth.js'
import { VerifiedSessions } from './verifiedSessions.js'

/** The route @fastify/static serves the H5 build's files on (compose.ts, `wildcard: true`). */
const WEB_APP_ROUTE = '/*'

export const RATE_LIMITED_TEXT = (seconds: number) => `操作过于频繁，请${Math.max(1, seconds)}秒后再试`

declare module 'fastify' {
  interface FastifyInstance {
    verifiedSessions: VerifiedSessions
  }
}

/**
 * Counted per session (an account's device) once this process has verified its token, else per
 * client address: a token nobody checked yet, or one that failed the check, is just an address.
 */
function clientKey(req: FastifyRequest): string {
  const token = bearerToken(req)
  const hash = token ? hashToken(token) : null
  return hash && req.server.verifiedSessions.has(hash) ? `t:${hash.slice(0, 32)}` : `ip:${req.ip}`
}

/**
 * The web app's own files (the static wildcard route) are not API calls and spend none of the
 * API budget: a first visit's service worker fetches every file of the build at once (about 80),
 * and a few such visits from an office's one address would refuse everyone behind it for a minute.
 */
const isWebAppFile = (req: FastifyRequest) => req.routeOptions.url === WEB_APP_ROUTE

/**
 * @fastify/rate-limit on every route with a generous default; routes tighten it through
 * `serve(..., { rateLimit })`. With REDIS_URL the counters live in Redis, so the limits hold
 * across server processes. The refusal is the envelope's 429 with the wait in seconds.
 */
export async function installRateLimits(app: FastifyInstance, config: Config): Promise<() => Promise<void>> {
  app.decorate('verifiedSessions', new VerifiedSessions())
  const redis = config.redisUrl ? new Redis(config.redisUrl, { maxRetriesPerRequest: 1, enableOfflineQueue: false }) : null
  await app.register(rateLimit, {
    global: true,
    max: config.rateLimits.apiPerMinute,
    timeWindow: 60_000,
    keyGenerator: clientKey,
    allowList: isWebAppFile,
    ...(redis && { redis, nameSpace: 'weitalk-rl:' }),
    // A Redis outage must not take the whole API down with it.
    skipOnError: true,
    errorResponseBuilder: (_req, context) => new Refusal(ResultCode.TooManyRequests, RATE_LIMITED_TEXT(Math.ceil(context.ttl / 1000))),
  })
  return async () => {
    if (redis) await redis.quit().catch(() => undefined)
  }
}

export const perAddress = (req: FastifyRequest) => `ip:${req.ip}`

/**
 * A route's own limit per account, all its devices together: counted after the session check
 * (the preHandler stage), so only a verified session's account is charged.
 */
export const perAccountLimit = (max: number, timeWindow: number) => ({
  max,
  timeWindow,
  hook: 'preHandler' as const,
  keyGenerator: (req: FastifyRequest) => (req.session ? `a:${req.session.wtId}` : `ip:${req.ip}`),
})
