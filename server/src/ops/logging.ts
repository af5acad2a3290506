import { randomUUID } from 'node:crypto'
import { createRequire } from 'node:module'
import { LogController, type FastifyServerOptions } from 'fastify'
import type { Config } from '../config.js'

/** Fastify's logger option without its on/off form. */
type LoggerOptions = Exclude<NonNullable<FastifyServerOptions['logger']>, boolean>

/** An id from the proxy (nginx's $request_id) is kept when it looks like one; anything else gets a fresh id. */
const REQUEST_ID = /^[\w-]{8,64}$/

/**
 * Tokens travel in URLs (/ws/{token}, /api/oss/file/…?t=) and must not reach the logs; the
 * path stays, the secret goes.
 */
export function redactUrl(url: string): string {
  return url.replace(/^\/ws\/[^/?#]+/, '/ws/[token]').replace(/([?&]t=)[^&#]*/, '$1[token]')
}

function prettyAvailable(): boolean {
  try {
    createRequire(import.meta.url).resolve('pino-pretty')
    return true
  } catch {
    return false
  }
}

/**
 * Fastify's pino: one JSON line per event, request ids on every line of a request, no
 * per-request chatter (the app logs one line per request itself, see http.ts). Pretty output
 * only in development and only when pino-pretty is installed; production reads JSON.
 */
export function loggerOptions(
  config: Pick<Config, 'logLevel' | 'prettyLogs'>,
): Pick<FastifyServerOptions, 'genReqId' | 'requestIdHeader' | 'logController'> & { logger: LoggerOptions } {
  return {
    logger: {
      level: config.logLevel,
      redact: { paths: ['req.headers.authorization', 'req.headers.cookie', '*.password', '*.pwd', '*.token'], censor: '[redacted]' },
      serializers: {
        req: (req: { id: string; method: string; url: string; ip?: string }) => ({ id: req.id, method: req.method, url: redactUrl(req.url), ip: req.ip }),
      },
      ...(config.prettyLogs && prettyAvailable() ? { transport: { target: 'pino-pretty', options: { translateTime: 'SYS:HH:MM:ss.l' } } } : {}),
    },
    requestIdHeader: false,
    genReqId: (req) => {
      const given = req.headers['x-request-id']
      return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID()
    },
    logController: new LogController({ disableRequestLogging: true }),
  }
}

/** The start-up configuration as a log line: where things are, never secrets or credentials. */
export function startupSummary(config: Config) {
  const hostOf = (url: string | null) => {
    if (!url) return null
    try {
      const u = new URL(url)
      return `${u.protocol}//${u.host}${u.pathname}`
    } catch {
      return 'set'
    }
  }
  return {
    event: 'startup',
    port: config.port,
    host: config.host,
    database: config.databaseUrl ? hostOf(config.databaseUrl) : `pglite:${config.dataDir}`,
    bus: config.redisUrl ? hostOf(config.redisUrl) : 'in-process',
    uploadDir: config.uploadDir,
    webRoot: config.webRoot,
    publicUrl: config.publicUrl,
    trustProxy: config.trustProxy,
    logLevel: config.logLevel,
    metrics: config.metrics.port !== null ? `port ${config.metrics.host}:${config.metrics.port}` : config.metrics.token ? 'token' : 'off',
    demoData: config.demoData,
    checkAnswers: config.checkAnswers,
    turn: config.calls.turnUrls.length > 0,
    languageProvider: config.languageProvider ? hostOf(config.languageProvider.url) : null,
  }
}
