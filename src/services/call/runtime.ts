import type { Message } from '@shared/chat'
import type { CallEngine } from '@/engines/call/CallEngine'
import type { CallEngineFactory } from '@/engines'
import { CallStatus } from '@/engines/call/state'
import { APP_LANGUAGE } from '@/i18n/app'
import { callText } from '@/i18n/call'
import { callDevices } from '@/platform/callDevices'
import { media } from '@/platform/media'
import { notifications } from '@/platform/notifications'
import { publishCallApi } from '@/platform/mediaCallApi'
import { ringtone } from '@/platform/ringtone'
import { visibility } from '@/platform/visibility'
import { fromServer } from '@/stores/chat/uiMessage'
import { callTones } from '@/assets/call/tones'
import { createGroupCallApi } from '../api/groupCall'
import { createMediaApi } from '../api/media'
import { newClientMsgId } from '../chat/clientMsgId'
import type { ServiceContext } from '../context'
import type { Messaging } from '../messaging'
import type { SessionEnd, SessionEndReason } from '../sessionEnd'
import type { SiteInfoService } from '../siteInfo'
import { CallKit } from './callKit'
import { bindCallNotifications } from './callNotification'
import { bindCallLimits } from './limits'
import { readMediaSwitch } from './mediaSwitch'

/** The self-hosted engine needs no cloud app ID; the API still takes one, as the spec's SDK does. */
export const SELF_HOSTED_SDK_APP_ID = 1
/** The call button's debounce (spec section 9). */
export const CALL_BUTTON_DEBOUNCE_MS = 500

type Profile = { nick: string; avatar: string }

export interface CallsDeps {
  /** Makes the app's call engine; the runtime only knows the CallEngine interface. */
  createCallEngine: CallEngineFactory
  messaging: Pick<Messaging, 'messagingLogin'>
  sessionEnd: Pick<SessionEnd, 'beforeLogout' | 'onSessionEnd'>
  /** The server's public configuration: whether it holds a TRTC application. */
  siteInfo: Pick<SiteInfoService, 'loadSiteInfo'>
}

export type CallsService = ReturnType<typeof createCalls>

/** The call widget of one app: its engine, the TUICallKit-shaped API over it, and the chat's call entries. */
export function createCalls(ctx: ServiceContext, deps: CallsDeps) {
  const { state, toast } = ctx
  const mediaApi = createMediaApi(ctx.api)
  const groupCallApi = createGroupCallApi(ctx.api)
  /** Names and avatars seen in group member pages, for the group call's tiles and waiting view. */
  const knownProfiles = new Map<string, Profile>()
  const loadedGroups = new Map<string, Promise<void>>()
  let lastPress = 0

  /** A call message this device stored shows in its chat at once (the server echoes only to other devices). */
  function showSent(message: Message): void {
    const s = state()
    const me = s.user?.wtId ?? ''
    if (s.messages[message.conversationID]) s.mergeMessages(message.conversationID, [fromServer(message)])
    if (s.conversations[message.conversationID]) s.applyConversationMessage(message, me)
  }

  function rememberProfiles(members: Array<{ wtId: string; nickname: string; groupNickname?: string; avatar: string }>): void {
    for (const m of members) knownProfiles.set(m.wtId, { nick: m.groupNickname || m.nickname, avatar: m.avatar })
  }

  const rememberedProfile = (userId: string): Profile | undefined => knownProfiles.get(userId)

  /** The first member page of a group, once per group, so the people of its call have names. */
  function loadGroupProfiles(groupID: string): Promise<void> {
    const groupNumber = state().conversations[`GROUP${groupID}`]?.groupProfile?.groupNumber
    if (!groupNumber) return Promise.resolve()
    const known = loadedGroups.get(groupID)
    if (known) return known
    const loading = groupCallApi.getGroupMemberPage(groupNumber, 1).then(
      (page) => rememberProfiles(page.rows),
      () => {
        loadedGroups.delete(groupID)
      },
    )
    loadedGroups.set(groupID, loading)
    return loading
  }

  async function profileOf(userId: string): Promise<Partial<Profile>> {
    const p = state().conversations[`C2C${userId}`]?.userProfile
    if (p) return { nick: p.nick, avatar: p.avatar }
    const groupID = engine.getState().groupID
    if (!knownProfiles.has(userId) && groupID) await loadGroupProfiles(groupID)
    return knownProfiles.get(userId) ?? {}
  }

  /** A failed look-up counts as no TRTC: the self-hosted path stays. */
  async function trtcEnabled(): Promise<boolean> {
    try {
      return (await deps.siteInfo.loadSiteInfo()).trtc === true
    } catch {
      return false
    }
  }

  const engine: CallEngine = deps.createCallEngine({
    chat: ctx.engine,
    media,
    ringtone,
    iceConfig: mediaApi.getIceConfig,
    profile: profileOf,
    groupCallInfo: groupCallApi.getGroupCallInfo,
    tones: callTones,
    newInviteID: () => `call-${newClientMsgId()}`,
    newClientMsgId: () => newClientMsgId(),
    trtc: { enabled: trtcEnabled, userSig: mediaApi.getTrtcUserSig },
  })
  engine.on('stateChanged', (s) => state().setCallState(s))
  engine.on('liveView', (view) => state().setLiveView(view))
  // A phone's screen stays on from the first ring to the hang-up.
  engine.on('statusChanged', ({ newStatus }) => callDevices.keepScreenOn(newStatus !== 'idle'))
  // The widget speaks the app's language until the host page calls setLanguage.
  engine.configure({ type: 'settings', patch: { language: APP_LANGUAGE } })
  engine.on('toast', ({ key, params, type }) => toast[type](callText(engine.getState().language, key, params)))
  engine.on('error', ({ code, message }) => console.warn('call error', code, message))
  engine.on('messageSent', showSent)
  bindCallNotifications(engine, { notifications, visibility, allowed: () => state().userConfig?.allowNotifications !== false })
  bindCallLimits(engine, {
    startRecord: async (acceptWtId, callType) => (await mediaApi.startCallRecord({ acceptWtId, callType })).callId,
    heartbeat: (callId) => mediaApi.uploadCall(callId),
    exit: (callId) => mediaApi.exitCall(callId),
    showLimitDialog: () => state().setCallLimitDialog(true),
  })

  const kit = new CallKit({
    engine,
    async login() {
      await deps.messaging.messagingLogin()
      const user = state().user
      return { nick: user?.nickName ?? '', avatar: user?.avatar ?? '' }
    },
    isPlayableAudio: (url) => ringtone.isPlayableAudio(url),
    warn: (m) => console.warn(m),
  })

  /**
   * Starts the widget for the logged-in user and reads the media switch. Placing a call needs a
   * media path: the platform's WebRTC (H5) or the server's TRTC application (the mini-program's
   * only one). The widget starts either way, so an incoming call always rings; without a path the
   * ring screen offers 拒绝 and points to another device (the engine's answerElsewhere).
   */
  async function initCalls(): Promise<void> {
    const user = state().user
    if (!user) return
    const carried = media.supportsWebRtc() || (await trtcEnabled())
    state().setCallsUnavailable(!carried)
    if (!kit.isReady()) await kit.init({ SDKAppID: SELF_HOSTED_SDK_APP_ID, userID: user.wtId, userSig: user.imToken })
    publishCallApi(kit)
    state().setCallEntriesEnabled(carried && (await readMediaSwitch(mediaApi.getMediaSwitchEntries)))
  }

  /**
   * The daily-limit check before any call (spec 4 "Calls from the messaging application"): a
   * failed check silently aborts; a reached limit opens the membership dialog instead.
   */
  async function mayStartCall(): Promise<boolean> {
    let reached: 0 | 1
    try {
      reached = await mediaApi.checkCall()
    } catch {
      return false
    }
    if (reached === 1) state().setCallLimitDialog(true)
    return reached === 0
  }

  /**
   * The chat toolbar's 'Voice call' / 'Video call': the daily limit check first (a failed check
   * aborts silently; a reached limit opens the membership dialog), then the call.
   */
  async function startCallFromChat(peer: string, type: 1 | 2): Promise<void> {
    const now = Date.now()
    if (now - lastPress < CALL_BUTTON_DEBOUNCE_MS) return
    lastPress = now
    if (engine.getState().callStatus !== CallStatus.Idle) return
    if (!(await mayStartCall())) return
    try {
      if (!kit.isReady()) await initCalls()
      await kit.call({ userID: peer, type })
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err)
      if (message === "Can't call yourself") toast.error(callText(engine.getState().language, "Can't call yourself"))
      console.warn('call failed', message)
    }
  }

  /** A group's call entry: the member picker has chosen who to call. */
  async function startGroupCallFromChat(groupID: string, userIDList: string[], type: 1 | 2): Promise<void> {
    if (userIDList.length === 0 || engine.getState().callStatus !== CallStatus.Idle) return
    if (!(await mayStartCall())) return
    try {
      if (!kit.isReady()) await initCalls()
      await kit.groupCall({ userIDList, type, groupID })
    } catch (err) {
      console.warn('group call failed', err instanceof Error ? err.message : String(err))
    }
  }

  /** Group call info is refreshed from the group attributes while this device is idle. */
  async function refreshGroupCall(groupID: string): Promise<void> {
    if (engine.getState().callStatus !== CallStatus.Idle) return
    try {
      const info = await groupCallApi.getGroupCallInfo(groupID)
      if (info) await loadGroupProfiles(groupID)
      if (engine.getState().callStatus === CallStatus.Idle) state().setGroupCall(groupID, info)
    } catch {
      // A failed refresh keeps what the banner showed.
    }
  }

  /** The join banner's button. */
  async function joinGroupCallFromBanner(groupID: string, type: 1 | 2): Promise<void> {
    try {
      if (!kit.isReady()) await initCalls()
      await kit.joinInGroupCall({ type, groupID, roomID: 0 })
    } catch (err) {
      console.warn('join failed', err instanceof Error ? err.message : String(err))
    }
  }

  /**
   * The session ended: any call ends and the engine stops listening. A forced logout shows the
   * widget's 'kick out' tip first (calling-widget section 8).
   */
  function stopCalls(reason: SessionEndReason): void {
    if (reason === 'kicked') engine.kickOut()
    kit.destroy()
    engine.stop()
  }

  deps.sessionEnd.beforeLogout(() => engine.leaveForLogout())
  deps.sessionEnd.onSessionEnd(stopCalls)

  return {
    engine,
    kit,
    initCalls,
    startCallFromChat,
    startGroupCallFromChat,
    refreshGroupCall,
    joinGroupCallFromBanner,
    rememberProfiles,
    rememberedProfile,
    getGroupMemberPage: groupCallApi.getGroupMemberPage,
  }
}
