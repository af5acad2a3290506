import type { Message } from '@shared/chat'
import { getChatEngine } from '@/engines'
import { WebRtcCallEngine } from '@/engines/call/webrtc/WebRtcCallEngine'
import { CallStatus } from '@/engines/call/state'
import { callText } from '@/i18n/call'
import { media } from '@/platform/media'
import { notifications } from '@/platform/notifications'
import { publishCallApi } from '@/platform/mediaCallApi'
import { ringtone } from '@/platform/ringtone'
import { visibility } from '@/platform/visibility'
import { fromServer } from '@/stores/chat/uiMessage'
import { useAppStore } from '@/stores'
import dialingTone from '@/assets/call/dialing.wav'
import ringingTone from '@/assets/call/ringing.wav'
import { checkCall, exitCall, getIceConfig, getMediaSwitchEntries, startCallRecord, uploadCall } from '../api/media'
import { getGroupCallInfo, getGroupMemberPage } from '../api/groupCall'
import { newClientMsgId } from '../chat/clientMsgId'
import { messagingLogin } from '../messaging'
import { beforeLogout, onSessionEnd, type SessionEndReason } from '../sessionEnd'
import { toast } from '../toast'
import { CallKit } from './callKit'
import { bindCallNotifications } from './callNotification'
import { bindCallLimits } from './limits'
import { readMediaSwitch } from './mediaSwitch'

/** The self-hosted engine needs no cloud app ID; the API still takes one, as the spec's SDK does. */
export const SELF_HOSTED_SDK_APP_ID = 1
/** The call button's debounce (spec section 9). */
export const CALL_BUTTON_DEBOUNCE_MS = 500

const state = () => useAppStore.getState()

/** A call message this device stored shows in its chat at once (the server echoes only to other devices). */
function showSent(message: Message): void {
  const s = state()
  const me = s.user?.wtId ?? ''
  if (s.messages[message.conversationID]) s.mergeMessages(message.conversationID, [fromServer(message)])
  if (s.conversations[message.conversationID]) s.applyConversationMessage(message, me)
}

type Profile = { nick: string; avatar: string }
/** Names and avatars seen in group member pages, for the group call's tiles and waiting view. */
const knownProfiles = new Map<string, Profile>()
const loadedGroups = new Map<string, Promise<void>>()

export function rememberProfiles(members: Array<{ wtId: string; nickname: string; groupNickname?: string; avatar: string }>): void {
  for (const m of members) knownProfiles.set(m.wtId, { nick: m.groupNickname || m.nickname, avatar: m.avatar })
}

export const rememberedProfile = (userId: string): Profile | undefined => knownProfiles.get(userId)

/** The first member page of a group, once per group, so the people of its call have names. */
function loadGroupProfiles(groupID: string): Promise<void> {
  const groupNumber = state().conversations[`GROUP${groupID}`]?.groupProfile?.groupNumber
  if (!groupNumber) return Promise.resolve()
  const known = loadedGroups.get(groupID)
  if (known) return known
  const loading = getGroupMemberPage(groupNumber, 1).then(
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
  const groupID = engine?.getState().groupID
  if (!knownProfiles.has(userId) && groupID) await loadGroupProfiles(groupID)
  return knownProfiles.get(userId) ?? {}
}

let engine: WebRtcCallEngine | null = null
let kit: CallKit | null = null

export function getCallEngine(): WebRtcCallEngine {
  if (engine) return engine
  const e = new WebRtcCallEngine({
    chat: getChatEngine,
    media,
    ringtone,
    iceServers: async () => (await getIceConfig()).iceServers,
    profile: profileOf,
    groupCallInfo: getGroupCallInfo,
    tones: { dialing: dialingTone, ringing: ringingTone },
    newInviteID: () => `call-${newClientMsgId()}`,
    newClientMsgId: () => newClientMsgId(),
  })
  e.on('stateChanged', (s) => state().setCallState(s))
  e.on('toast', ({ key, params, type }) => toast[type](callText(e.getState().language, key, params)))
  e.on('error', ({ code, message }) => console.warn('call error', code, message))
  e.on('messageSent', showSent)
  bindCallNotifications(e, { notifications, visibility, allowed: () => state().userConfig?.allowNotifications !== false })
  bindCallLimits(e, {
    startRecord: async (acceptWtId, callType) => (await startCallRecord({ acceptWtId, callType })).callId,
    heartbeat: (callId) => uploadCall(callId),
    exit: (callId) => exitCall(callId),
    showLimitDialog: () => state().setCallLimitDialog(true),
  })
  beforeLogout(() => e.leaveForLogout())
  onSessionEnd(stopCalls)
  engine = e
  return e
}

export function getCallKit(): CallKit {
  kit ??= new CallKit({
    engine: getCallEngine(),
    async login() {
      await messagingLogin()
      const user = state().user
      return { nick: user?.nickName ?? '', avatar: user?.avatar ?? '' }
    },
    isPlayableAudio: (url) => ringtone.isPlayableAudio(url),
    warn: (m) => console.warn(m),
  })
  return kit
}

/** Starts the widget for the logged-in user and reads the media switch. */
export async function initCalls(): Promise<void> {
  const user = state().user
  if (!user) return
  const kit = getCallKit()
  if (!kit.isReady() && media.supportsWebRtc()) await kit.init({ SDKAppID: SELF_HOSTED_SDK_APP_ID, userID: user.wtId, userSig: user.imToken })
  publishCallApi(kit)
  state().setCallEntriesEnabled(await readMediaSwitch(getMediaSwitchEntries))
}

let lastPress = 0

/**
 * The daily-limit check before any call (spec 4 "Calls from the messaging application"): a
 * failed check silently aborts; a reached limit opens the membership dialog instead.
 */
async function mayStartCall(): Promise<boolean> {
  let reached: 0 | 1
  try {
    reached = await checkCall()
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
export async function startCallFromChat(peer: string, type: 1 | 2): Promise<void> {
  const now = Date.now()
  if (now - lastPress < CALL_BUTTON_DEBOUNCE_MS) return
  lastPress = now
  const kit = getCallKit()
  if (getCallEngine().getState().callStatus !== CallStatus.Idle) return
  if (!(await mayStartCall())) return
  try {
    if (!kit.isReady()) await initCalls()
    await kit.call({ userID: peer, type })
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err)
    if (message === "Can't call yourself") toast.error(callText(getCallEngine().getState().language, "Can't call yourself"))
    console.warn('call failed', message)
  }
}

/** A group's call entry: the member picker has chosen who to call. */
export async function startGroupCallFromChat(groupID: string, userIDList: string[], type: 1 | 2): Promise<void> {
  if (userIDList.length === 0 || getCallEngine().getState().callStatus !== CallStatus.Idle) return
  if (!(await mayStartCall())) return
  try {
    const kit = getCallKit()
    if (!kit.isReady()) await initCalls()
    await kit.groupCall({ userIDList, type, groupID })
  } catch (err) {
    console.warn('group call failed', err instanceof Error ? err.message : String(err))
  }
}

/** Group call info is refreshed from the group attributes while this device is idle. */
export async function refreshGroupCall(groupID: string): Promise<void> {
  if (getCallEngine().getState().callStatus !== CallStatus.Idle) return
  try {
    const info = await getGroupCallInfo(groupID)
    if (info) await loadGroupProfiles(groupID)
    if (getCallEngine().getState().callStatus === CallStatus.Idle) state().setGroupCall(groupID, info)
  } catch {
    // A failed refresh keeps what the banner showed.
  }
}

/** The join banner's button. */
export async function joinGroupCallFromBanner(groupID: string, type: 1 | 2): Promise<void> {
  try {
    const kit = getCallKit()
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
export function stopCalls(reason: SessionEndReason): void {
  if (reason === 'kicked') engine?.kickOut()
  kit?.destroy()
  engine?.stop()
}
