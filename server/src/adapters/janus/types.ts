import type VideoRoomPlugin from 'janode/plugins/videoroom'
import type { SfuEvent } from '../../../../types/call.js'

/** The parts of janode's VideoRoom handle the driver uses. */
export type Handle = VideoRoomHandle
export type Session = { attach(plugin: typeof VideoRoomPlugin): Promise<VideoRoomHandle>; destroy(): Promise<unknown>; once(event: string, fn: () => void): void }
export interface VideoRoomHandle {
  on(event: string, fn: (data: Record<string, unknown>) => void): void
  once(event: string, fn: (...args: unknown[]) => void): void
  create(p: Record<string, unknown>): Promise<unknown>
  destroy(p: Record<string, unknown>): Promise<unknown>
  listParticipants(p: Record<string, unknown>): Promise<{ participants: Array<{ feed: number; display?: string; publisher: boolean }> }>
  joinConfigurePublisher(p: Record<string, unknown>): Promise<{ feed: number; publishers: Publisher[]; jsep?: { sdp: string } }>
  joinSubscriber(p: Record<string, unknown>): Promise<{ jsep?: { sdp: string }; streams?: SubStream[] }>
  update(p: Record<string, unknown>): Promise<{ jsep?: { sdp: string }; streams?: SubStream[] }>
  start(p: Record<string, unknown>): Promise<unknown>
  configure(p: Record<string, unknown>): Promise<unknown>
  trickle(c: Record<string, unknown>): Promise<unknown>
  leave(): Promise<unknown>
  detach(): Promise<unknown>
}
export type Layer = 0 | 1 | 2
export interface Publisher {
  feed: number
  display?: string
  streams?: Array<{ mid?: string; type?: string; disabled?: boolean }>
}
/** A publication of the room as one participant's process knows it. */
export interface Feed {
  /** The person it shows ('' while it rings). */
  owner: string
  /** Its m-lines (publisher mids), as Janus announced them. */
  mids: string[]
}
/** An m-line of the subscription: the feed it carries and its kind. */
export interface SubLine {
  mid: string
  feed: number
  video: boolean
}

/**
 * The display prefix of a ringing invitee's publication: user IDs are digits, so it names nobody,
 * and a feed shown under it is never subscribed to. A random suffix follows (Janus learns nothing
 * of the person or the device from it).
 */
export const RINGING = 'ringing:'
/** The person a publisher's display names, or '' for a publication not (yet) shown to anyone. */
export const personOf = (display: string | undefined) => (!display || display.startsWith(RINGING) ? '' : display)

/** How long announcements of publishers are gathered into one subscription update. */
export const GATHER_MS = 25

/** How long the browser has to answer a subscription offer before later changes stop waiting for it. */
export const OFFER_ANSWER_MS = 10_000
/** One m-line of a multistream subscription, as Janus describes it. */
export interface SubStream {
  mid: string
  type?: string
  active?: boolean
  feed_id?: number
  feed_display?: string
}

export interface SfuConfig {
  url: string
  /** Janus's api_secret; scripts/janus.sh also makes it the VideoRoom's admin_key, so only this server creates rooms. */
  apiSecret: string | null
  roomSecret: string
  /** OFFER_ANSWER_MS unless given. */
  offerAnswerMs?: number
}

/** What the driver tells a participant (their devices, through the bus). */
export type SfuSend = (wtId: string, inviteID: string, event: SfuEvent) => Promise<void>

export interface Participant {
  inviteID: string
  wtId: string
  room: number
  publisher: Handle
  /**
   * The device (login session) of a ringing publication, '' once it is admitted (or when it
   * was published from the call): until then nobody subscribes to it and it subscribes to nothing.
   */
  ringing: string
  /** The publication's join (its offer answered by Janus), settled either way. */
  joined: Promise<unknown>
  /** The feed of this participant's own publication. */
  feed: number | null
  /** The subscription's m-lines that do not send (send: false): the participant rings, or their publication does. */
  held: Set<string>
  /** The one subscription to every other publisher, once the first one is announced. */
  subscriber: Handle | null
  /** Every other publication of the room Janus announced, named or ringing, by feed. */
  feeds: Map<number, Feed>
  /** The subscription's m-lines (data channels left out), by mid. */
  lines: Map<string, SubLine>
  /** The simulcast layer the browser asked for, by user ID (the low one until it asks). */
  layers: Map<string, Layer>
  /** The layer each video of the subscription was last set to (by a join, an update or a configure), by user ID. */
  applied: Map<string, Layer>
  /**
   * A join or update is under way, or its offer waits for the browser's answer: Janus takes one
   * renegotiation at a time, so publishers announced meanwhile wait for the next.
   */
  negotiating: boolean
  /** An offer sent to the browser and not yet answered (it may outlive `negotiating`, see OFFER_ANSWER_MS). */
  offerOut: boolean
  offerTimer: ReturnType<typeof setTimeout> | null
  /** A renegotiation due once the announcements of the moment are in (GATHER_MS). */
  gathering: ReturnType<typeof setTimeout> | null
  closed: boolean
}

export interface Log {
  warn(obj: unknown, msg?: string): void
}
