import { createCallEngine, createChatEngine, type CallEngineFactory, type ChatEngineFactory } from '@/engines'
import type { CallEngine } from '@/engines/call/CallEngine'
import type { ChatEngine } from '@/engines/chat/ChatEngine'
import { http, type HttpPort } from '@/platform/http'
import type { LinkWatch } from '@/engines/chat/selfhosted/channel'
import { network } from '@/platform/network'
import { socket, type SocketPort } from '@/platform/socket'
import { visibility } from '@/platform/visibility'
import { visitor } from '@/platform/visitor'
import { API_BASE_PATH } from '@shared/routes/route'
import { createApiClient, routeClient, type RouteClient } from '@/services/api/client'
import { createCalls, type CallsService } from '@/services/call/runtime'
import { createChat, type ChatService } from '@/services/chat'
import { createContacts, type ContactsService } from '@/services/contacts'
import { serviceContext } from '@/services/context'
import { createFavorites, type FavoritesService } from '@/services/favorites'
import { createSearch, type SearchService } from '@/services/search'
import { createGroups, type GroupsService } from '@/services/groups'
import { createRobots, type RobotsService } from '@/services/robots'
import { createMessageOps, type MessageOpsService } from '@/services/messageOps/actions'
import { createMessaging, type Messaging } from '@/services/messaging'
import { createMoments, type MomentsService } from '@/services/moments'
import { createSession, type SessionService } from '@/services/session'
import { createSessionEnd, type SessionEnd } from '@/services/sessionEnd'
import { createSessionWatch } from '@/services/sessionWatch'
import { createConversationGroups, type ConversationGroupsService } from '@/services/conversationGroups'
import { createSiteInfo, type SiteInfoService } from '@/services/siteInfo'
import { createPush, type PushService } from '@/services/push'
import { createWechat, type WechatService } from '@/services/wechat'
import { createToast, type Toast } from '@/services/toast'
import { createAppStore, type AppStore } from '@/stores'

/** What an app is built from; every field has the build's default. */
export interface AppDeps {
  /** The /api base URL: API_BASE + API_BASE_PATH in the builds. */
  apiBase?: string
  http?: HttpPort
  socket?: Pick<SocketPort, 'connect' | 'urlFor'>
  /** The app in front or not, the network up or down (the device's, unless a test gives its own). */
  link?: LinkWatch
  /** Makes the chat engine (the self-hosted one by default). */
  chatEngine?: ChatEngineFactory
  /** Makes the call engine (WebRTC by default); a mini-program engine plugs in here. */
  callEngine?: CallEngineFactory
}

/** One app: its store, its engines and the services screens call. */
export interface App {
  store: AppStore
  api: RouteClient
  toast: Toast
  chatEngine: ChatEngine
  callEngine: CallEngine
  sessionEnd: SessionEnd
  /** Follows a login or logout made in another tab of the same browser. */
  sessionWatch: ReturnType<typeof createSessionWatch>
  messaging: Messaging
  session: SessionService
  chat: ChatService
  contacts: ContactsService
  groups: GroupsService
  conversationGroups: ConversationGroupsService
  messageOps: MessageOpsService
  favorites: FavoritesService
  search: SearchService
  moments: MomentsService
  calls: CallsService
  siteInfo: SiteInfoService
  robots: RobotsService

  /** Web Push on this device (the settings' 通知). */
  push: PushService
  /** 微信一键登录, its binding and WeChat's subscription messages (the mini-program's). */
  wechat: WechatService
}

/** The device's word on the link, for the chat channel's watch of it. */
const deviceLink: LinkWatch = {
  isHidden: () => visibility.isHidden(),
  closesWhenHidden: visibility.suspendsWhenHidden,
  onChange(fn) {
    const offs = [visibility.onChange((hidden) => fn(hidden ? 'hidden' : 'visible')), network.onChange((online) => fn(online ? 'online' : 'offline'))]
    return () => offs.forEach((off) => off())
  },
}

/**
 * The composition root: builds the store, the /api client, the engines and every service of one
 * app, and wires them to each other. Nothing here or below keeps module-level state, so a page
 * builds one app at boot (src/app.ts) and a test builds as many as it needs.
 */
export function createApp(deps: AppDeps = {}): App {
  const store = createAppStore()
  const toast = createToast(store)
  const transport = createApiClient({
    http: deps.http ?? http,
    baseUrl: deps.apiBase ?? `${API_BASE}${API_BASE_PATH}`,
    token: () => store.getState().user?.token ?? null,
    deviceId: () => visitor.deviceId(),
    showError: (message) => toast.error(message),
    // A true cycle: the session's end stops the chat engine, which is built on this client, so
    // the session's end is looked up when a call ends the session, not now.
    endSession: (why) => sessionEnd.endSession({ notice: why }),
    now: () => Date.now(),
  })
  const api = routeClient(transport)
  const chatEngine = (deps.chatEngine ?? createChatEngine)({
    socket: deps.socket ?? socket,
    // The engine's HTTP calls go through the app's /api client, so they share its error catalogue.
    http: { call: (route, ...args) => api.call(route, ...args) },
    sessionToken: () => store.getState().user?.token ?? null,
    link: deps.link ?? deviceLink,
  })
  const sessionEnd = createSessionEnd(store, chatEngine)
  const ctx = serviceContext({ store, api, toast, chatEngine })
  const messageOps = createMessageOps(ctx)
  const chat = createChat(ctx, {
    endSession: (why) => sessionEnd.endSession({ notice: why }),
    // A true cycle: contacts are built on the chat actions (name cards, opening a chat), and a
    // refused send reloads the friends; this is looked up then, not now.
    reloadFriends: () => contacts.reloadFriends(),
    messageOps,
  })
  const contacts = createContacts(ctx, chat)
  const groups = createGroups(ctx, chat)
  const moments = createMoments(ctx)
  const conversationGroups = createConversationGroups(ctx)
  const messaging = createMessaging(ctx, { sessionEnd, chat, contacts, conversationGroups, groupLive: groups, moments })
  const session = createSession(ctx, { messaging, sessionEnd })
  const sessionWatch = createSessionWatch(ctx, sessionEnd)
  const siteInfo = createSiteInfo(api)
  const calls = createCalls(ctx, { createCallEngine: deps.callEngine ?? createCallEngine, messaging, sessionEnd, siteInfo })
  const favorites = createFavorites(ctx, chat)
  const search = createSearch(ctx)
  const robots = createRobots(ctx)
  const push = createPush(ctx)
  const wechat = createWechat(ctx, session)
  return {
    store,
    api,
    toast,
    chatEngine,
    callEngine: calls.engine,
    sessionEnd,
    sessionWatch,
    messaging,
    session,
    chat,
    contacts,
    groups,
    conversationGroups,
    messageOps,
    favorites,
    search,
    moments,
    calls,
    siteInfo,
    robots,
    push,
    wechat,
  }
}
