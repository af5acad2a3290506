import type { FastifyBaseLogger } from 'fastify'
import type { CallbackCaller } from './adapters/botCallback.js'
import type { JanusSfu } from './adapters/janus/sfu.js'
import type { Presence } from './adapters/presence.js'
import type { TrtcSigner } from './adapters/trtc.js'
import type { WechatApi } from './adapters/wechat.js'
import type { PushService } from './app/push/service.js'
import type { WechatNotices } from './app/wechat/notices.js'
import type { RelayGrants } from './domain/calls/relayGrants.js'
import type { Bus } from './bus/Bus.js'
import type { Config } from './config.js'
import type { Db } from './db/Db.js'
import type { MemberListCache } from './domain/groups/memberListCache.js'
import type { SendBatcher } from './data/messages/sendBatcher.js'
import type { FirstPageCache } from './domain/moments/firstPages.js'
import type { LanguageProvider } from './domain/messageOps/languageProvider.js'
import type { Moderation } from './domain/moderation.js'
import type { PasswordHashing } from './domain/passwords.js'
import type { Metrics } from './ops/metrics.js'

/** What every route and service needs; built once per app and passed explicitly. */
export interface AppContext {
  config: Config
  db: Db
  bus: Bus
  /** HMAC key for messaging signatures (imToken). */
  imSecret: string
  log: FastifyBaseLogger
  moderation: Moderation
  /** Password hashing in this app's own pool of threads (adapters/passwordHashing/). */
  passwords: PasswordHashing
  /** Group-call media through Janus when JANUS_URL is set; null keeps the browsers' mesh. */
  sfu: JanusSfu | null
  /** TRTC UserSigs (the TRTC media path of calls). */
  trtc: TrtcSigner
  /** Translation and speech recognition (LANGUAGE_PROVIDER_URL); null when none is set. */
  language: LanguageProvider | null
  metrics: Metrics
  /** Who may relay to whom in which call, as this process last checked (one set per server). */
  relayGrants: RelayGrants
  /** Viewers' first feed pages kept in this process, dropped on the feeds topic of the bus. */
  firstPages: FirstPageCache
  /** Group commit of sends on `db` (data/messages/sendBatcher.ts). */
  sends: SendBatcher
  /** Member lists of the groups this process sends to and fans out (domain/groups/memberListCache.ts). */
  memberLists: MemberListCache
  /** Outgoing group robots' callbacks, within the operator's allowlist. */
  botCallbacks: CallbackCaller
  /** Which users have a socket open on any process (Redis with REDIS_URL). */
  presence: Presence
  /** Web Push to devices whose app is closed. */
  push: PushService
  /** WeChat's server API for the mini-program (WECHAT_APPID); null: no WeChat login. */
  wechat: WechatApi | null
  /** Subscription messages to closed mini-programs; null without WeChat or templates. */
  wechatNotices: WechatNotices | null
  /** Sockets open on this process now (the console's overview); set once the gateway runs. */
  connectionCount?: () => number
}
