import path from 'node:path'
import { randomBytes } from 'node:crypto'
import { featuresWithout, type ChatFeatures } from '../../types/messageOps.js'
import { WEBHOOK_LIMITS } from '../../types/plain/bots.js'
import { defaultHashPoolLimits, defaultHashThreads, type HashPoolLimits } from './adapters/passwordHashing/pool.js'

/** Server configuration, read once from the environment (see the table in README.md). */
export interface Config {
  port: number
  host: string
  dataDir: string
  databaseUrl: string | null
  redisUrl: string | null
  uploadDir: string
  publicUrl: string | null
  /** Group robots (docs/bots.md): hosts and CIDR ranges outgoing robots' callbacks may reach (BOT_CALLBACK_ALLOW). */
  bots: { callbackAllow: string[]; postsPerMinute: number; addressPerMinute: number }
  demoData: boolean
  /** Built H5 app to serve; null serves only /api and /ws. */
  webRoot: string | null
  /** Extra origins allowed to open /ws (comma-separated ALLOWED_ORIGINS). */
  allowedOrigins: string[]
  logLevel: string
  /** Human-readable logs (pino-pretty) instead of JSON lines: development only, when the package is installed. */
  prettyLogs: boolean
  metrics: MetricsConfig
  /**
   * Blocked and sensitive word lists (JSON) that seed the database's lists on the first start;
   * defaults to server/moderation.default.json. The console edits them afterwards.
   */
  moderationFile: string | null
  /** Phones whose accounts hold the operator role (comma-separated ADMIN_PHONES), besides promoted ones. */
  adminPhones: string[]
  /** Trust X-Forwarded-For (only behind a reverse proxy; otherwise clients could forge their address). */
  trustProxy: boolean
  /** Check every successful /api answer against the route table (tests and development; off in production for speed). */
  checkAnswers: boolean
  /** A session unused for this long ends (SESSION_IDLE_DAYS, default 30 days). */
  sessionIdleSeconds: number
  /** HTTP request limits per window (docs/security.md; RATE_* variables). */
  rateLimits: RateLimits
  /** The password hashing pool: threads, queue and their nice value (PASSWORD_HASH_*; docs/security.md). */
  passwordHashing: HashPoolLimits
  /** Per-socket token buckets for frames a client can flood (docs/security.md). */
  socketLimits: SocketLimits
  /** WS_BACKLOG_KB: what one socket may have waiting to be sent before it is closed (docs/protocol.md). */
  socketBacklogBytes: number
  /**
   * WS_ACCOUNT_FACTOR: an account's own send, typing and call buckets hold this many times one
   * socket's, shared by all its sockets on every process (docs/security.md).
   */
  accountFrameFactor: number
  /** WS_SOCKETS_PER_ACCOUNT: open sockets one account may hold; a new one closes the oldest with 4409 (docs/protocol.md). */
  socketsPerAccount: number
  calls: CallConfig
  /** Chat feature flags (spec section 6); CHAT_FEATURES_OFF lists the ones turned off. */
  chatFeatures: ChatFeatures
  /** Translation and voice-to-text provider; null answers '请开通翻译功能'. */
  languageProvider: LanguageProviderConfig | null
  /** Web Push to closed H5 apps (VAPID_*, PUSH_*; docs/operations.md "Web Push"). */
  push: PushConfig
  /** The mini-program's WeChat login and subscription messages (WECHAT_*); null without WECHAT_APPID. */
  wechat: WechatConfig | null
  footer: {
    company: string
    address: string
    contact: string
    registration: string
  }
}

export interface PushConfig {
  /** VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY (both or neither); null keeps the pair made on the first start in the database. */
  vapidPublicKey: string | null
  vapidPrivateKey: string | null
  /** VAPID_SUBJECT: a mailto: or https: contact for push services; default PUBLIC_URL when it is https. */
  vapidSubject: string | null
  /** PUSH_QUEUE_MAX: pushes waiting (and events waiting to be planned) before new ones are dropped. */
  queueMax: number
  /** PUSH_CONCURRENCY: requests to push services at once. */
  concurrency: number
  timeoutMs: number
  /** The first retry's wait after a 429 or 5xx; each next one doubles it. */
  retryBaseMs: number
  maxAttempts: number
  /** Accept http:// endpoints (a local push service in tests); real push services are https only. */
  allowHttpEndpoints: boolean
}

export interface WechatConfig {
  appId: string
  secret: string
  /** WECHAT_API_BASE: where jscode2session, the token and subscribeMessage.send are asked (a stand-in in tests). */
  apiBase: string
  timeoutMs: number
  /** WECHAT_TEMPLATE_MESSAGE, WECHAT_TEMPLATE_CALL: subscription message templates; null sends none of that kind. */
  templates: { message: string | null; call: string | null }
  /** WECHAT_TEMPLATE_KEYS: the template's keywords for the title, the text and the time. */
  templateKeys: [string, string, string]
  /** WECHAT_MINIPROGRAM_STATE: which version a notice opens (formal, trial, developer). */
  miniprogramState: 'formal' | 'trial' | 'developer'
}

const MINIPROGRAM_STATES = ['formal', 'trial', 'developer'] as const

function wechatConfig(env: NodeJS.ProcessEnv): WechatConfig | null {
  if (!env.WECHAT_APPID) return null
  if (!env.WECHAT_SECRET) throw new Error('WECHAT_APPID needs WECHAT_SECRET')
  const keys = list(env.WECHAT_TEMPLATE_KEYS)
  if (env.WECHAT_TEMPLATE_KEYS && keys.length !== 3) throw new Error('WECHAT_TEMPLATE_KEYS names three keywords: title, text, time (thing1,thing2,time3)')
  const state = env.WECHAT_MINIPROGRAM_STATE || 'formal'
  if (!(MINIPROGRAM_STATES as readonly string[]).includes(state)) throw new Error('WECHAT_MINIPROGRAM_STATE is formal, trial or developer')
  return {
    appId: env.WECHAT_APPID,
    secret: env.WECHAT_SECRET,
    apiBase: (env.WECHAT_API_BASE || 'https://api.weixin.qq.com').replace(/\/$/, ''),
    timeoutMs: positive('WECHAT_TIMEOUT_MS', env.WECHAT_TIMEOUT_MS, 10_000),
    templates: { message: env.WECHAT_TEMPLATE_MESSAGE || null, call: env.WECHAT_TEMPLATE_CALL || null },
    templateKeys: keys.length === 3 ? [keys[0]!, keys[1]!, keys[2]!] : ['thing1', 'thing2', 'time3'],
    miniprogramState: state as WechatConfig['miniprogramState'],
  }
}

function pushConfig(env: NodeJS.ProcessEnv): PushConfig {
  const pub = env.VAPID_PUBLIC_KEY || null
  const priv = env.VAPID_PRIVATE_KEY || null
  if ((pub === null) !== (priv === null)) throw new Error('VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY must be set together')
  const subject = env.VAPID_SUBJECT || null
  if (subject && !/^(mailto:|https:\/\/)/.test(subject)) throw new Error('VAPID_SUBJECT must be a mailto: or https:// address')
  return {
    vapidPublicKey: pub,
    vapidPrivateKey: priv,
    vapidSubject: subject,
    queueMax: positive('PUSH_QUEUE_MAX', env.PUSH_QUEUE_MAX, 100_000),
    concurrency: positive('PUSH_CONCURRENCY', env.PUSH_CONCURRENCY, 32),
    timeoutMs: 10_000,
    retryBaseMs: 2_000,
    maxAttempts: 5,
    allowHttpEndpoints: false,
  }
}

/**
 * Where Prometheus scrapes /metrics: on a port of its own (METRICS_PORT, bound to METRICS_HOST),
 * or on the main port behind a bearer token (METRICS_TOKEN). Neither set: not served.
 */
export interface MetricsConfig {
  port: number | null
  host: string
  token: string | null
}

/** Requests allowed per window; each is counted per account (session token) or, without one, per address. */
export interface RateLimits {
  /** Every /api route, per minute (RATE_API_PER_MINUTE). */
  apiPerMinute: number
  /** Registrations per address per hour (RATE_REGISTER_PER_HOUR). */
  registerPerHour: number
  /** Password logins per address per minute, on top of the login throttle (RATE_LOGIN_PER_MINUTE). */
  loginPerMinute: number
  /** Friend applications per account per hour (RATE_FRIEND_APPLY_PER_HOUR). */
  friendApplyPerHour: number
  /** Uploads per account per hour (RATE_UPLOAD_PER_HOUR). */
  uploadPerHour: number
  /** Bytes one account may upload per hour, all devices together (RATE_UPLOAD_MB_PER_HOUR, in MB). */
  uploadBytesPerHour: number
  /** Login QR codes one address may create per minute (RATE_QR_CODE_PER_MINUTE). */
  qrCodesPerMinute: number
  /** QR code polls and second-factor exchanges per address per minute (RATE_CODE_EXCHANGE_PER_MINUTE). */
  codeExchangesPerMinute: number
}

/** A bucket: `burst` frames at once, refilled at `perSecond`. */
export interface FrameBucket {
  burst: number
  perSecond: number
}

/** WS_SEND_*, WS_TYPING_*, WS_READ_*, WS_CALL_* (_BURST and _PER_SECOND). */
export interface SocketLimits {
  send: FrameBucket
  typing: FrameBucket
  read: FrameBucket
  call: FrameBucket
}

function bucket(env: NodeJS.ProcessEnv, name: string, burst: number, perSecond: number): FrameBucket {
  return { burst: positive(`WS_${name}_BURST`, env[`WS_${name}_BURST`], burst), perSecond: positive(`WS_${name}_PER_SECOND`, env[`WS_${name}_PER_SECOND`], perSecond) }
}

/** Calls: the daily limit of non-members, the media switch and the ICE servers. */
export interface CallConfig {
  /** Seconds of calls a non-member (vipType 0) may place per day (CALL_DAILY_LIMIT_SECONDS). */
  dailyLimitSeconds: number
  /** The calendar day of the limit is taken in this time zone (CALL_DAY_TIME_ZONE). */
  dayTimeZone: string
  /**
   * CALL_MEDIA_SWITCH: when set, the value ('1' on, '0' off) written to the web_media_switch
   * dictionary entry at start-up; null leaves the stored entry as it is.
   */
  mediaSwitch: '1' | '0' | null
  stunUrls: string[]
  turnUrls: string[]
  /** Shared secret of the TURN server's REST credentials (coturn use-auth-secret). */
  turnSecret: string | null
  /** Lifetime of TURN credentials, seconds. */
  turnTtlSeconds: number
  /**
   * Janus for group calls (JANUS_URL, e.g. ws://127.0.0.1:8188; JANUS_API_SECRET; JANUS_ROOM_SECRET
   * keys the rooms' numbers and pins, default the API secret); null keeps the browsers' mesh.
   */
  /** offerAnswerMs: see adapters/janus/sfu.ts OFFER_ANSWER_MS (tests shorten it). */
  janus: { url: string; apiSecret: string | null; roomSecret: string; offerAnswerMs?: number } | null
  /**
   * A TRTC application (TRTC_SDK_APP_ID, TRTC_SECRET_KEY): calls take the TRTC media path and the
   * server signs UserSigs valid TRTC_USERSIG_TTL_SECONDS (default 1 hour, at most 1 day); null keeps
   * the self-hosted WebRTC engine.
   */
  trtc: TrtcConfig | null
}

export interface TrtcConfig {
  sdkAppId: number
  secretKey: string
  userSigTtlSeconds: number
}

/** Both halves of the TRTC application, or neither: one without the other is a configuration mistake. */
function trtcConfig(env: NodeJS.ProcessEnv): TrtcConfig | null {
  const appId = env.TRTC_SDK_APP_ID || ''
  const key = env.TRTC_SECRET_KEY || ''
  if (!appId && !key) return null
  if (!appId || !key) throw new Error('TRTC_SDK_APP_ID and TRTC_SECRET_KEY go together')
  const sdkAppId = Number(appId)
  if (!Number.isInteger(sdkAppId) || sdkAppId <= 0) throw new Error(`TRTC_SDK_APP_ID: not a positive integer: ${appId}`)
  const ttl = positive('TRTC_USERSIG_TTL_SECONDS', env.TRTC_USERSIG_TTL_SECONDS, 3600)
  if (ttl > 86_400) throw new Error('TRTC_USERSIG_TTL_SECONDS: at most 86400 (one day)')
  return { sdkAppId, secretKey: key, userSigTtlSeconds: ttl }
}

/** An HTTP translation and speech provider (see server/src/domain/language/httpProvider.ts). */
export interface LanguageProviderConfig {
  /** Base URL; the server posts to {url}/translate and {url}/voice-to-text (LANGUAGE_PROVIDER_URL). */
  url: string
  /** Sent as a bearer token (LANGUAGE_PROVIDER_KEY). */
  key: string
  timeoutMs: number
}

const list = (v: string | undefined) => (v || '').split(',').map((s) => s.trim()).filter(Boolean)

function positive(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined || value === '') return fallback
  const n = Number(value)
  if (!Number.isFinite(n) || n < 0) throw new Error(`${name} must be a non-negative number, got ${value}`)
  return n
}

function hashPoolLimits(env: NodeJS.ProcessEnv): HashPoolLimits {
  const threads = positive('PASSWORD_HASH_THREADS', env.PASSWORD_HASH_THREADS, defaultHashThreads())
  if (!Number.isInteger(threads) || threads < 1) throw new Error(`PASSWORD_HASH_THREADS must be a whole number from 1, got ${threads}`)
  const defaults = defaultHashPoolLimits(threads)
  return {
    threads,
    queue: Math.floor(positive('PASSWORD_HASH_QUEUE', env.PASSWORD_HASH_QUEUE, defaults.queue)),
    nice: Math.floor(positive('PASSWORD_HASH_NICE', env.PASSWORD_HASH_NICE, defaults.nice)),
    idle: flag(env.PASSWORD_HASH_IDLE, defaults.idle === true),
  }
}

function flag(value: string | undefined, fallback: boolean): boolean {
  if (value === undefined || value === '') return fallback
  return !['0', 'false', 'off', 'no'].includes(value.toLowerCase())
}

function portNumber(name: string, value: string): number {
  const port = Number(value)
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`${name} must be a port number, got ${value}`)
  return port
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config {
  const dataDir = path.resolve(env.DATA_DIR || './data')
  const port = portNumber('PORT', env.PORT || '3000')
  return {
    port,
    host: env.HOST || '127.0.0.1',
    dataDir,
    databaseUrl: env.DATABASE_URL || null,
    redisUrl: env.REDIS_URL || null,
    uploadDir: path.resolve(env.UPLOAD_DIR || path.join(dataDir, 'uploads')),
    publicUrl: env.PUBLIC_URL ? env.PUBLIC_URL.replace(/\/$/, '') : null,
    bots: {
      callbackAllow: list(env.BOT_CALLBACK_ALLOW),
      postsPerMinute: positive('BOT_POSTS_PER_MINUTE', env.BOT_POSTS_PER_MINUTE, WEBHOOK_LIMITS.perRobotPerMinute),
      addressPerMinute: positive('BOT_ADDRESS_PER_MINUTE', env.BOT_ADDRESS_PER_MINUTE, WEBHOOK_LIMITS.perAddressPerMinute),
    },
    demoData: flag(env.DEMO_DATA, true),
    webRoot: env.WEB_ROOT === '' ? null : path.resolve(env.WEB_ROOT || 'dist/h5'),
    allowedOrigins: (env.ALLOWED_ORIGINS || '').split(',').map((s) => s.trim()).filter(Boolean),
    logLevel: env.LOG_LEVEL || 'info',
    prettyLogs: env.NODE_ENV !== 'production' && flag(env.LOG_PRETTY, true),
    metrics: {
      port: env.METRICS_PORT ? portNumber('METRICS_PORT', env.METRICS_PORT) : null,
      host: env.METRICS_HOST || '127.0.0.1',
      token: env.METRICS_TOKEN || null,
    },
    moderationFile: env.MODERATION_FILE ? path.resolve(env.MODERATION_FILE) : null,
    adminPhones: list(env.ADMIN_PHONES),
    trustProxy: flag(env.TRUST_PROXY, false),
    checkAnswers: flag(env.CHECK_ANSWERS, env.NODE_ENV !== 'production'),
    sessionIdleSeconds: positive('SESSION_IDLE_DAYS', env.SESSION_IDLE_DAYS, 30) * 86_400,
    rateLimits: {
      apiPerMinute: positive('RATE_API_PER_MINUTE', env.RATE_API_PER_MINUTE, 600),
      registerPerHour: positive('RATE_REGISTER_PER_HOUR', env.RATE_REGISTER_PER_HOUR, 10),
      loginPerMinute: positive('RATE_LOGIN_PER_MINUTE', env.RATE_LOGIN_PER_MINUTE, 30),
      friendApplyPerHour: positive('RATE_FRIEND_APPLY_PER_HOUR', env.RATE_FRIEND_APPLY_PER_HOUR, 30),
      uploadPerHour: positive('RATE_UPLOAD_PER_HOUR', env.RATE_UPLOAD_PER_HOUR, 200),
      uploadBytesPerHour: positive('RATE_UPLOAD_MB_PER_HOUR', env.RATE_UPLOAD_MB_PER_HOUR, 2048) * 1024 * 1024,
      qrCodesPerMinute: positive('RATE_QR_CODE_PER_MINUTE', env.RATE_QR_CODE_PER_MINUTE, 10),
      codeExchangesPerMinute: positive('RATE_CODE_EXCHANGE_PER_MINUTE', env.RATE_CODE_EXCHANGE_PER_MINUTE, 120),
    },
    passwordHashing: hashPoolLimits(env),
    socketLimits: {
      send: bucket(env, 'SEND', 30, 10),
      typing: bucket(env, 'TYPING', 10, 2),
      read: bucket(env, 'READ', 30, 10),
      call: bucket(env, 'CALL', 60, 20),
    },
    socketBacklogBytes: positive('WS_BACKLOG_KB', env.WS_BACKLOG_KB, 1024) * 1024,
    accountFrameFactor: positive('WS_ACCOUNT_FACTOR', env.WS_ACCOUNT_FACTOR, 2),
    socketsPerAccount: Math.max(1, Math.floor(positive('WS_SOCKETS_PER_ACCOUNT', env.WS_SOCKETS_PER_ACCOUNT, 10))),
    calls: {
      dailyLimitSeconds: positive('CALL_DAILY_LIMIT_SECONDS', env.CALL_DAILY_LIMIT_SECONDS, 30 * 60),
      dayTimeZone: env.CALL_DAY_TIME_ZONE || 'Asia/Shanghai',
      mediaSwitch: env.CALL_MEDIA_SWITCH === undefined || env.CALL_MEDIA_SWITCH === '' ? null : flag(env.CALL_MEDIA_SWITCH, true) ? '1' : '0',
      stunUrls: list(env.STUN_URLS),
      turnUrls: list(env.TURN_URLS),
      turnSecret: env.TURN_SECRET || null,
      turnTtlSeconds: positive('TURN_TTL_SECONDS', env.TURN_TTL_SECONDS, 3600),
      janus: env.JANUS_URL
        ? { url: env.JANUS_URL, apiSecret: env.JANUS_API_SECRET || null, roomSecret: env.JANUS_ROOM_SECRET || env.JANUS_API_SECRET || randomBytes(32).toString('hex') }
        : null,
      trtc: trtcConfig(env),
    },
    chatFeatures: featuresWithout(list(env.CHAT_FEATURES_OFF)),
    languageProvider: env.LANGUAGE_PROVIDER_URL
      ? {
          url: env.LANGUAGE_PROVIDER_URL.replace(/\/$/, ''),
          key: env.LANGUAGE_PROVIDER_KEY || '',
          timeoutMs: positive('LANGUAGE_PROVIDER_TIMEOUT_MS', env.LANGUAGE_PROVIDER_TIMEOUT_MS, 15_000),
        }
      : null,
    push: pushConfig(env),
    wechat: wechatConfig(env),
    footer: {
      company: env.COMPANY_NAME || '微谈科技（示例）有限公司',
      address: env.COMPANY_ADDRESS || '上海市浦东新区示例路 1 号',
      contact: env.COMPANY_CONTACT || 'support@example.com',
      registration: env.COMPANY_REGISTRATION || '沪ICP备00000000号-1',
    },
    ...overrides,
  }
}
