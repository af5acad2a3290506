import type { MiniProgramPlayerEntry } from '@shared/call'

/**
 * The mini-program's call media as the screen draws it: the attributes of its one <live-pusher>
 * and of one <live-player> per remote user. Plain data, so the store can hold it; the TRTC
 * engine keeps it up to date and the native components' events go back to it (liveEvent).
 */
export interface LivePusherView {
  url: string
  mode: string
  autopush: boolean
  enableCamera: boolean
  enableMic: boolean
  enableAgc: boolean
  enableAns: boolean
  devicePosition: 'front' | 'back'
  orientation: string
  aspect: string
  minBitrate: number
  maxBitrate: number
}

export interface LivePlayerView extends MiniProgramPlayerEntry {
  id: string
  soundMode: 'speaker' | 'ear'
}

export interface LiveView {
  pusher: LivePusherView
  players: LivePlayerView[]
}

/** At most one player per remote user of a group call (9 people, so 8 others), with a margin for the caller's own view. */
export const MAX_LIVE_PLAYERS = 9

/** An event of the call screen's native components, handed back to the engine that drives them. */
export type LiveEvent =
  | { target: 'pusher'; kind: 'statechange' | 'netstatus' | 'error' | 'audiovolumenotify'; detail: Record<string, unknown> }
  | { target: 'player'; kind: 'statechange' | 'netstatus' | 'audiovolumenotify' | 'fullscreenchange'; streamId: string; detail: Record<string, unknown> }
