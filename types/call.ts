import { z } from 'zod'
import { CallCmd, LINE_BUSY } from './callSteps'
import { CALL_LIMITS, DEFAULT_PUSH_DESCRIPTION, CALL_BUSINESS_ID, CALL_BUSINESS_ID_TEXT, looksLikeCallSignal, GROUP_CALL_ATTRIBUTE } from './plain/call'

/**
 * The call contract of the self-hosted product: the call message payload that rides in chat
 * custom messages (calling-widget spec section 3), the payload of the ephemeral WebRTC relay
 * frames of /ws/{token} (the frames are in types/frames.ts), the /api/media/* bodies and
 * answers, the engine error codes and the call constants (section 9). Both the server and the
 * client import it.
 */

export * from './plain/call'

export { CallAction, CallCmd, LINE_BUSY, callRecordTextOf, callStepOf, callStepFieldsOf, countsAsUnread, formatCallDuration, type CallRecordText, type CallStep, type CallStepFields } from './callSteps'

/** data of a call message (a JSON object; older writers send it as JSON text). */
export const CallData = z.object({
  version: z.number().int().default(4),
  call_type: z.union([z.literal(1), z.literal(2)]),
  room_id: z.union([z.number().int().min(0).max(CALL_LIMITS.roomIdMax), z.string().max(64)]).optional(),
  /**
   * Seconds of a connected call, on the message that ends it. The server writes it on a one-to-one
   * call's record (from the accept it stored to the hang up) and on a group call's summary.
   */
  call_end: z.number().int().min(0).max(CALL_LIMITS.callEndMaxSeconds).optional(),
  line_busy: z.literal(LINE_BUSY).optional(),
  /** On the one summary of a group call the server writes when the call is over (never a client). */
  group_end: z.literal(1).optional(),
  data: z
    .object({
      cmd: z.enum([CallCmd.AudioCall, CallCmd.VideoCall, CallCmd.Hangup, CallCmd.SwitchToAudio]),
      inviter: z.string().max(64).optional(),
    })
    .optional(),
})
export type CallData = z.infer<typeof CallData>

/**
 * Offline push info of a call (spec section 3), carried by the invite. The self-hosted product has
 * no cloud push: a callee whose page is hidden sees it as a desktop notification. The inviter fills
 * the title with its nickname when none is given; a reader of an invite without it uses the
 * caller's name.
 */
export const OfflinePushInfo = z.object({
  title: z.string().max(CALL_LIMITS.pushTitleMax, `最多 ${CALL_LIMITS.pushTitleMax} 个字`).default(''),
  description: z.string().max(CALL_LIMITS.pushDescriptionMax, `最多 ${CALL_LIMITS.pushDescriptionMax} 个字`).default(DEFAULT_PUSH_DESCRIPTION),
})
export type OfflinePushInfo = z.infer<typeof OfflinePushInfo>

/** The call message payload (spec section 3), the JSON `data` of a TIMCustomElem. */
export const CallSignal = z.object({
  businessID: z.union([z.literal(CALL_BUSINESS_ID), z.literal(CALL_BUSINESS_ID_TEXT)]),
  /** One call from invite to end; every message of the call carries it. */
  inviteID: z.string().regex(/^[\w-]{8,64}$/, 'inviteID: 8-64 letters, digits, - or _'),
  actionType: z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4), z.literal(5)]),
  inviter: z.string().min(1).max(64),
  inviteeList: z.array(z.string().min(1).max(64)).min(1).max(CALL_LIMITS.groupCallMax),
  groupID: z.string().max(64).default(''),
  /** Seconds the callee has to answer. */
  timeout: z.number().int().min(0).max(600).default(CALL_LIMITS.defaultTimeoutSeconds),
  data: CallData,
  /** On invites: what the callee's notification says while its page is hidden. */
  offlinePushInfo: OfflinePushInfo.optional(),
})
export type CallSignal = z.infer<typeof CallSignal>
export type CallSignalInput = z.input<typeof CallSignal>

/** The call signal in a custom message's data text, or null when it is not a valid call message. */
export function callSignalOfData(data: unknown): CallSignal | null {
  if (typeof data !== 'string' || !looksLikeCallSignal(data)) return null
  const parsed = CallSignal.safeParse(JSON.parse(data))
  return parsed.success ? parsed.data : null
}

/**
 * WebRTC negotiation between two participants of a call: ephemeral socket frames relayed by
 * the server to `to`, never stored. The server relays only between participants of a live call.
 */
const Sdp = z.string().min(1).max(48 * 1024)
export const RtcPayload = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('offer'), sdp: Sdp }),
  z.object({ kind: z.literal('answer'), sdp: Sdp }),
  z.object({
    kind: z.literal('candidate'),
    candidate: z.string().max(2048),
    sdpMid: z.string().max(64).nullable().default(null),
    sdpMLineIndex: z.number().int().min(0).max(64).nullable().default(null),
  }),
  /** Media state the peer shows (microphone and camera on or off). */
  z.object({ kind: z.literal('media'), audio: z.boolean(), video: z.boolean() }),
  /** The sender switched the call from video to audio; the receiver follows. */
  z.object({ kind: z.literal('switchToAudio') }),
  /** Keeps the server's record of a live call fresh (not relayed). */
  z.object({ kind: z.literal('alive') }),
  /**
   * A callee's device that rings but cannot carry the call's media (the mini-program on a server
   * without TRTC) tells the caller at once; the call keeps ringing on the callee's other devices.
   */
  z.object({ kind: z.literal('cannotAnswer'), reason: z.literal('noMediaPath') }),
])
export type RtcPayload = z.infer<typeof RtcPayload>

/**
 * Group calls through the SFU (Janus VideoRoom, when the server has JANUS_URL): the browser
 * speaks only to the app server, which drives Janus. Each participant publishes once (`publish`
 * with its offer; `published` brings Janus's answer) and receives every other publisher through
 * one subscription: `offer` describes it whole (`streams`: which publisher, by user ID, each
 * m-line carries) when it starts and each time a publisher is added, and the browser answers
 * with `answer`; an invitee who accepts is `named` on m-lines the subscription already holds.
 * `candidate` trickles ICE for the publication or the subscription (`link`);
 * `layer` picks the simulcast layer of a publisher's video (`feed`, their user ID) by the size of
 * its tile (0 low … 2 high); `gone` says a publisher left.
 */
const FeedId = z.string().max(64)
export const SfuLink = z.enum(['publish', 'subscribe'])
const Substream = z.union([z.literal(0), z.literal(1), z.literal(2)])
export const SfuRequest = z.discriminatedUnion('kind', [
  /**
   * `layers`: the layer each other participant's video is wanted at, known before the first
   * subscription, so it starts at that layer and never waits for a key frame of another one.
   */
  z.object({
    kind: z.literal('publish'),
    sdp: Sdp,
    layers: z
      .record(FeedId.min(1), Substream)
      .refine((l) => Object.keys(l).length <= CALL_LIMITS.groupCallMax, { message: `layers: 最多 ${CALL_LIMITS.groupCallMax} 项` })
      .optional(),
  }),
  z.object({ kind: z.literal('answer'), sdp: Sdp }),
  z.object({
    kind: z.literal('candidate'),
    link: SfuLink,
    candidate: z.string().max(2048),
    sdpMid: z.string().max(64).nullable().default(null),
    sdpMLineIndex: z.number().int().min(0).max(64).nullable().default(null),
  }),
  z.object({ kind: z.literal('layer'), feed: FeedId.min(1), substream: Substream }),
])
export type SfuRequest = z.infer<typeof SfuRequest>
/** The m-lines of a subscription: at most two per other participant of a 9-person call. */
const SfuStreams = z.array(z.object({ mid: z.string().max(64), feed: FeedId })).max(64)
export const SfuEvent = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('published'), sdp: Sdp }),
  /** `fresh`: the offer of a new subscription (its first, or one started over), taken on a new link. */
  z.object({ kind: z.literal('offer'), sdp: Sdp, streams: SfuStreams, fresh: z.boolean().optional() }),
  /**
   * m-lines of the subscription that carried someone still ringing (held, and left out of the
   * offer's `streams`) now carry these people: they accepted, and their media flows on them.
   */
  z.object({ kind: z.literal('named'), streams: SfuStreams }),
  z.object({ kind: z.literal('gone'), feed: FeedId }),
  /** The SFU refused or failed; the call falls back to nothing for this link. */
  z.object({ kind: z.literal('error'), feed: FeedId, msg: z.string() }),
])
export type SfuEvent = z.infer<typeof SfuEvent>

/** ICE servers for RTCPeerConnection (GET /api/media/iceServers). */
export const IceServer = z.object({ urls: z.array(z.string()), username: z.string().optional(), credential: z.string().optional() })
export type IceServer = z.infer<typeof IceServer>
export const IceConfig = z.object({
  iceServers: z.array(IceServer),
  /** Seconds the TURN credentials stay valid (0 without TURN). */
  ttl: z.number().int(),
  /** Group calls go through the SFU (the server has JANUS_URL); one-to-one calls stay peer-to-peer. */
  sfu: z.boolean().default(false),
})
export type IceConfig = z.infer<typeof IceConfig>

/** /api/media/* bodies (messaging-app section 7 "Call server calls"). */
export const MediaCallBody = z.object({
  acceptWtId: z.string().min(1, 'acceptWtId: 必填').max(64),
  callType: z.union([z.literal(1), z.literal(2)], { error: 'callType: 只能是 1 或 2' }),
})
export type MediaCallBody = z.infer<typeof MediaCallBody>
export const MediaUploadBody = z.object({
  callId: z.coerce.number().int().min(1, 'callId: 必填'),
  uploadStep: z.number().int().min(1).max(10).default(1),
})
export type MediaUploadBody = z.input<typeof MediaUploadBody>

/** checkCall: 1 means today's limit is reached, 0 not. */
export const CheckCallAnswer = z.literal([0, 1])
export type CheckCallAnswer = z.infer<typeof CheckCallAnswer>
/** POST /media/call: the record id the heartbeats name. */
export const MediaCallAnswer = z.object({ callId: z.number().int() })
export type MediaCallAnswer = z.infer<typeof MediaCallAnswer>
/** uploadCall: 0 fine, 1 the limit is reached. */
export const UploadCallAnswer = z.literal([0, 1])
export type UploadCallAnswer = z.infer<typeof UploadCallAnswer>
/** exitCall always answers 0. */
export const ExitCallAnswer = z.literal(0)

/** POST /api/media/getGroupAttributes. */
export const GroupAttributesBody = z.object({ groupID: z.string().regex(/^G\d+$/, 'groupID: 群聊不存在') })
export type GroupAttributesBody = z.infer<typeof GroupAttributesBody>
/** The group's attributes: inner_attr_kit_info is the JSON of GroupCallInfo, or '' with no live call. */
export const GroupAttributesAnswer = z.object({ [GROUP_CALL_ATTRIBUTE]: z.string() })
export type GroupAttributesAnswer = z.infer<typeof GroupAttributesAnswer>
