import fs from 'node:fs'
import type { Server } from 'node:http'
import path from 'node:path'
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify'
import fastifyCompress from '@fastify/compress'
import fastifyStatic from '@fastify/static'
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod'
import { CALLBACK_TIMEOUT_MS } from '../../types/bots.js'
import { MEDIA_SWITCH_DICT } from '../../types/call.js'
import { ResultCode } from '../../types/codes.js'
import { ALL_ROUTES } from '../../types/routes/index.js'
import { callbackCaller } from './adapters/botCallback.js'
import { userTopic, type Bus } from './bus/Bus.js'
import { memoryBus } from './adapters/bus/memory.js'
import { redisBus } from './adapters/bus/redis.js'
import type { Config } from './config.js'
import type { AppContext } from './context.js'
import { JanusSfu, setJanodeLogLevel } from './adapters/janus/sfu.js'
import type { Db } from './db/Db.js'
import { openDb } from './db/index.js'
import { setSingleDictValue } from './app/admin/content.js'
import { MemberListCache } from './domain/groups/memberListCache.js'
import { liveModeration } from './app/moderation.js'
import { FirstPageCache } from './domain/moments/firstPages.js'
import { serverSecret } from './data/settings.js'
import { sendBatcherFor } from './data/messages/sendBatcher.js'
import { checkAnswers } from './http/answerCheck.js'
import { clientErrorHandler } from './http/clientErrors.js'
import { errorReply } from './http/errors.js'
import { installRateLimits } from './http/rateLimits.js'
import { onlyTableRoutes } from './http/serve.js'
import { chatFrameHandler } from './realtime/chat.js'
import { attachGateway, type Gateway } from './realtime/gateway.js'
import { adminPlugin } from './routes/admin.js'
import { blacklistPlugin } from './routes/blacklist.js'
import { botPlugin } from './routes/bots.js'
import { memberPlugin } from './routes/member.js'
import { commonGroupPlugin } from './routes/commonGroups.js'
import { complaintPlugin } from './routes/complaints.js'
import { dictPlugin } from './routes/dict.js'
import { friendPlugin } from './routes/friends.js'
import { groupPlugin } from './routes/groups/list.js'
import { groupAdminPlugin } from './routes/groups/admin.js'
import { groupMemberPlugin } from './routes/groups/members.js'
import { groupNoticePlugin } from './routes/groups/notices.js'
import { groupReadingPlugin } from './routes/groups/reading.js'
import { groupSettingsPlugin } from './routes/groups/settings.js'
import { imPlugin } from './routes/im.js'
import { chatFeaturePlugin } from './routes/chatFeatures.js'
import { favoritePlugin } from './routes/favorites.js'
import { messageActionPlugin } from './routes/messageActions.js'
import { pinPlugin } from './routes/pins.js'
import { searchPlugin } from './routes/search.js'
import { uploadPlugin } from './routes/uploads.js'
import { loginPlugin } from './routes/login.js'
import { profilePlugin } from './routes/profiles.js'
import { mediaPlugin } from './routes/media.js'
import { healthPlugin } from './routes/health.js'
import { installRequestObservation } from './ops/http.js'
import { loggerOptions } from './ops/logging.js'
import { createMetrics } from './ops/metrics.js'
import { metricsRoute, startMetricsServer } from './ops/metricsEndpoint.js'
import { instrumentBus, instrumentDb } from './ops/observe.js'
import { momentPlugin } from './routes/moments.js'
import { openApiPlugin } from './routes/openapi.js'
import { sitePlugin } from './routes/site.js'
import { trtcPlugin } from './routes/trtc.js'
import { conversationGroupPlugin } from './routes/conversationGroups.js'
import { tagPlugin } from './routes/tags.js'
import { userPlugin } from './routes/user.js'
import { scryptHashing } from './adapters/passwordHashing/scrypt.js'
import { trtcSigner } from './adapters/trtc.js'
import { languageProviderFor } from './adapters/language.js'
import { memoryPresence, redisPresence, type Presence } from './adapters/presence.js'
import type { PushSender } from './adapters/webPush.js'
import { createPushService, tapBus } from './app/push/service.js'
import { startSearchIndexer } from './app/search/buildIndex.js'
import { RelayGrants } from './domain/calls/relayGrants.js'
import { webPushPlugin } from './routes/push.js'
import { wechatPlugin } from './routes/wechat.js'
import { wechatApi, type WechatApi } from './adapters/wechat.js'
import { createWechatNotices } from './app/wechat/notices.js'

export interface BuiltApp {
  app: FastifyInstance
  ctx: AppContext
  gateway: Gateway
  /** The /metrics listener when METRICS_PORT is set. */
  metricsServer: Server | null
  /** Closes the HTTP server, sockets, bus and database (those it opened itself). */
  close(): Promise<void>
}

export interface BuildOptions {
  /** Share a database or bus between several app instances (multi-process tests). */
  db?: Db
  bus?: Bus
  /** Who is online across processes; default: Redis with REDIS_URL, else this process alone. */
  presence?: Presence
  /** Replaces the web-push sender (an in-process push service in the benchmark). */
  pushSender?: PushSender
  /** PGlite in memory instead of DATA_DIR (tests). */
  inMemory?: boolean
  logger?: boolean
  /** Where log lines go instead of stdout (tests read them). */
  logStream?: { write(line: string): void }
}

/** Answers below this many bytes go out as they are: compressing them saves less than it costs. */
export const COMPRESS_THRESHOLD_BYTES = 1024

/**
 * API answers (JSON) of 1 KB and more are compressed for clients that accept it, brotli before
 * gzip. Static files are compressed at build time instead (preCompressed below), and socket
 * frames are not HTTP replies, so this leaves both alone.
 */
async function installCompression(app: FastifyInstance) {
  await app.register(fastifyCompress, {
    globalCompression: true,
    // Request bodies are read as they come, as before: no client sends them compressed.
    globalDecompression: false,
    threshold: COMPRESS_THRESHOLD_BYTES,
    encodings: ['br', 'gzip'],
    customTypes: /^application\/json\b/,
  })
}

/** Paths the SPA owns: anything without a file extension outside /api and /ws. */
const looksLikeFile = (url: string) => /\.[a-z0-9]{1,8}$/i.test(url.split('?')[0]!)

function installErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((err, req, reply) => {
    const { status, body, unexpected } = errorReply(err)
    if (unexpected) req.log.error({ err }, 'unhandled error')
    return reply.status(status).send(body)
  })
}

/** A file name with a content hash in it (js/app.77dfb24b.js, static/images/x.1a2b3c4d.png): its bytes never change. */
const HASHED_ASSET = /\.[0-9a-f]{8,}\.[a-z0-9]+$/

/**
 * Hashed bundles are cached for a year without revalidation; index.html and every unhashed file
 * (favicon, the mediapipe model, the noise-suppression worklet) are revalidated, so a new build
 * reaches clients at once.
 */
export function cacheControlFor(file: string): string {
  // A precompressed copy (x.js.br) is cached like the file it stands for.
  return HASHED_ASSET.test(file.replace(/\.(br|gz)$/, '')) ? 'public, max-age=31536000, immutable' : 'no-cache'
}

function installWebApp(app: FastifyInstance, webRoot: string | null) {
  const index = webRoot && path.join(webRoot, 'index.html')
  const hasWeb = index !== null && fs.existsSync(index)
  if (hasWeb) {
    app.register(fastifyStatic, {
      root: webRoot!,
      wildcard: true,
      // The build writes .br and .gz copies of text assets (scripts/ensure-h5-build.mjs); a client
      // that accepts one gets it, with Content-Encoding and Vary: Accept-Encoding.
      preCompressed: true,
      index: ['index.html'],
      setHeaders(reply, file) {
        reply.header('cache-control', cacheControlFor(file))
      },
    })
  } else if (webRoot) {
    app.log.warn({ webRoot }, 'H5 build not found; serving only /api and /ws')
  }
  app.setNotFoundHandler((req, reply) => {
    const isApi = req.url.startsWith('/api/') || req.url === '/api'
    if (!isApi && hasWeb && req.method === 'GET' && !looksLikeFile(req.url)) {
      // History-mode routing: the client decides between a real page and its /404 page.
      return reply.header('cache-control', 'no-cache').sendFile('index.html')
    }
    return reply.status(404).send({ code: ResultCode.NotFound, msg: '访问资源不存在', data: null })
  })
}

export async function buildApp(config: Config, opts: BuildOptions = {}): Promise<BuiltApp> {
  const logging = loggerOptions(config)
  const app = Fastify({
    ...logging,
    logger: opts.logger === false ? false : opts.logStream ? { ...logging.logger, transport: undefined, stream: opts.logStream } : logging.logger,
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    // Refusals the router makes before any route runs (an over-long path parameter: 414, a
    // malformed percent-encoding: 400) get the same envelope as everything else.
    // Requests Node itself refuses (a URL or headers over 16 KB) are answered in the envelope too.
    clientErrorHandler,
    frameworkErrors: (err, _req, reply) => {
      const { status, body } = errorReply(err)
      void (reply as FastifyReply).status(status).send(body)
    },
  })
  app.setValidatorCompiler(validatorCompiler)
  app.setSerializerCompiler(serializerCompiler)
  app.decorateRequest('session', null)

  const metrics = createMetrics()
  const rawDb = opts.db ?? (await openDb(config, { inMemory: opts.inMemory }))
  const db = instrumentDb(rawDb, metrics)
  // The operator's switch wins over the stored entry; without it the table (an administrator) decides.
  if (config.calls.mediaSwitch !== null) await setSingleDictValue(db, MEDIA_SWITCH_DICT, config.calls.mediaSwitch)
  const rawBus = opts.bus ?? (config.redisUrl ? await redisBus(config.redisUrl, undefined, { delivered: (s) => metrics.busLag.observe(s) }) : memoryBus())
  const sharedPresence = opts.presence ?? (config.redisUrl ? await redisPresence(config.redisUrl) : memoryPresence())
  const wechat: WechatApi | null = config.wechat ? wechatApi(config.wechat) : null
  const wechatNotices =
    wechat && config.wechat && (config.wechat.templates.message || config.wechat.templates.call)
      ? createWechatNotices({ db, api: wechat, config: config.wechat, presence: sharedPresence, log: app.log })
      : null
  // A socket opened anywhere ends the account's closed spell: its next one may be told again.
  const presence: Presence = wechatNotices
    ? { ...sharedPresence, connected: (wtId) => (sharedPresence.connected(wtId), wechatNotices.connected(wtId)) }
    : sharedPresence
  const push = await createPushService({
    db,
    config: config.push,
    publicUrl: config.publicUrl,
    sessionIdleSeconds: config.sessionIdleSeconds,
    presence,
    log: app.log,
    registry: metrics.registry,
    sender: opts.pushSender,
  })
  // Pushes to closed apps follow the events published after each commit (app/push/service.ts).
  const bus = tapBus(instrumentBus(rawBus, metrics), (topic, event) => {
    push.observe(topic, event)
    wechatNotices?.observe(topic, event)
  })
  const moderation = await liveModeration(db, bus, config.moderationFile ?? undefined)
  const ctx: AppContext = {
    config,
    db,
    bus,
    imSecret: await serverSecret(db, 'im_secret'),
    log: app.log,
    moderation,
    passwords: scryptHashing(config.passwordHashing),
    trtc: trtcSigner(config.calls.trtc),
    language: languageProviderFor(config.languageProvider),
    metrics,
    relayGrants: new RelayGrants(),
    sfu: null,
    firstPages: new FirstPageCache(),
    sends: sendBatcherFor(db),
    memberLists: new MemberListCache(),
    botCallbacks: callbackCaller({ allow: config.bots.callbackAllow, timeoutMs: CALLBACK_TIMEOUT_MS }),

    presence,
    push,
    wechat,
    wechatNotices,
  }
  const stopFeedsListening = ctx.firstPages.listen(bus)
  if (config.calls.janus) {
    setJanodeLogLevel(config.logLevel)
    // A participant hears from the SFU on every device; only the one in the call acts on it.
    ctx.sfu = new JanusSfu(config.calls.janus, (wtId, inviteID, payload) => bus.publish(userTopic(wtId), { frame: { type: 'sfu', inviteID, payload } }), app.log)
  }

  installErrorHandling(app)
  installRequestObservation(app, metrics)
  await installCompression(app)
  const closeRateLimits = await installRateLimits(app, config)
  app.addHook('onRoute', onlyTableRoutes(ALL_ROUTES))
  if (config.checkAnswers) app.addHook('preSerialization', checkAnswers)
  // Each plugin registers its routes from the table (types/routes), at their full /api paths.
  const plugins = [
    healthPlugin,
    loginPlugin,
    userPlugin,
    sitePlugin,
    imPlugin,
    messageActionPlugin,
    favoritePlugin,
    chatFeaturePlugin,
    pinPlugin,
    groupPlugin,
    groupReadingPlugin,
    groupMemberPlugin,
    groupAdminPlugin,
    groupSettingsPlugin,
    groupNoticePlugin,
    uploadPlugin,
    searchPlugin,
    profilePlugin,
    friendPlugin,
    blacklistPlugin,
    tagPlugin,
    conversationGroupPlugin,
    commonGroupPlugin,
    complaintPlugin,
    dictPlugin,
    mediaPlugin,
    trtcPlugin,
    momentPlugin,
    memberPlugin,
    adminPlugin,
    botPlugin,
    webPushPlugin,
    wechatPlugin,
  ]
  for (const routes of plugins) await app.register(routes(ctx))
  await app.register(openApiPlugin())
  // The gateway exists only after ready(); the scrape reads it late.
  let gateway: Gateway | null = null
  const scrape = { metrics, db, openSockets: () => gateway?.connectionCount() ?? 0 }
  if (config.metrics.port === null && config.metrics.token) await app.register(metricsRoute(scrape, config.metrics.token))
  installWebApp(app, config.webRoot)

  await app.ready()
  const live = attachGateway(app.server, ctx, chatFrameHandler(ctx))
  gateway = live
  ctx.connectionCount = () => live.connectionCount()
  const metricsServer = config.metrics.port !== null ? await startMetricsServer(scrape, config.metrics) : null
  // Without message search nothing reads the blocks: none are written.
  const searchIndexer = config.chatFeatures.messageSearch ? startSearchIndexer(db, app.log) : null

  return {
    app,
    ctx,
    gateway: live,
    metricsServer,
    async close() {
      await searchIndexer?.stop()
      await live.close()
      moderation.stop()
      await push.close()
      wechatNotices?.close()
      if (!opts.presence) await sharedPresence.close()
      await ctx.sfu?.close()
      await ctx.passwords.close()
      stopFeedsListening()
      await app.close()
      await closeRateLimits()
      if (metricsServer) await new Promise<void>((resolve) => metricsServer.close(() => resolve()))
      if (!opts.bus) await rawBus.close()
      if (!opts.db) await rawDb.close()
    },
  }
}
