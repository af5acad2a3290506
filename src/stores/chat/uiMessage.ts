import type { Message } from '@shared/chat'

export type SendStatus = 'unSend' | 'success' | 'fail'

/** A message as the chat screen shows it: the stored message plus its local send state. */
export type UiMessage = Message & {
  status: SendStatus
  /** Upload progress of media, 0..1; 1 for everything already on the server. */
  progress: number
  /** A local preview (object URL or temp path) while the file uploads, kept after sending. */
  localUrl?: string
  /** Why a send failed: a send error code of spec 8, or an upload error code. */
  errorCode?: number
  errorMsg?: string
  /** Audio: the receiver has played it (the unplayed mark goes away). */
  played?: boolean
  /**
   * Local messages (not yet stored, sequence 0) sit after this sequence: the newest one held
   * when they were composed, so a failed message keeps its place as newer ones arrive.
   */
  anchorSequence?: number
}

export interface MessageListState {
  /** Ordered by sequence, local messages after their anchor; one entry per message. */
  list: UiMessage[]
  /** No older messages exist on the server. */
  isCompleted: boolean
  /** Newer stored messages exist than the newest held (stores/chat/messageWindow.ts). */
  hasNewer: boolean
  loadingOlder: boolean
  loadingNewer: boolean
}

/** A stored message as it enters the store. */
export function fromServer(message: Message, extra: Partial<UiMessage> = {}): UiMessage {
  return { ...message, status: 'success', progress: 1, ...extra }
}

/**
 * One identity per message: the sender's clientMsgId (unique per sender on the server, and known
 * before the server answers), else the server ID (messages the server writes itself).
 */
export function messageKey(m: Pick<Message, 'ID' | 'clientMsgId' | 'from'>): string {
  return m.clientMsgId ? `c:${m.from}:${m.clientMsgId}` : `i:${m.ID}`
}

function sortKey(m: UiMessage): number {
  if (m.sequence > 0) return m.sequence
  return (m.anchorSequence ?? Number.MAX_SAFE_INTEGER - 1) + 0.5
}

/** Combines what is held with a newer report of the same message. */
function combine(held: UiMessage, incoming: UiMessage): UiMessage {
  // A stored message beats any local state; a local update never overwrites a stored message.
  if (held.sequence > 0 && incoming.sequence === 0) return held
  const merged: UiMessage = { ...held, ...incoming }
  if (held.localUrl && !incoming.localUrl) merged.localUrl = held.localUrl
  // The server empties a revoked message's payload; the copy held here is what re-editing puts back.
  if (incoming.isRevoked && Object.keys(incoming.payload).length === 0) merged.payload = held.payload
  if (held.played) merged.played = true
  if (held.readReceiptInfo.readCount > incoming.readReceiptInfo.readCount) merged.readReceiptInfo = held.readReceiptInfo
  if (incoming.sequence > 0) {
    merged.status = 'success'
    merged.progress = 1
    delete merged.errorCode
    delete merged.errorMsg
    delete merged.anchorSequence
  }
  return merged
}

/**
 * Merges messages into an ordered list: de-duplicated (by messageKey, and by server ID), ordered
 * by sequence, local messages after their anchor in the order they were composed. Returns the
 * same array when nothing changed, so subscribers are not woken for duplicates.
 */
export function mergeMessageList(list: readonly UiMessage[], incoming: readonly UiMessage[]): UiMessage[] {
  if (!incoming.length) return list as UiMessage[]
  const index = new Map<string, number>()
  const byId = new Map<string, number>()
  const out = list.slice()
  out.forEach((m, i) => {
    index.set(messageKey(m), i)
    if (m.sequence > 0) byId.set(m.ID, i)
  })
  let changed = false
  for (const m of incoming) {
    const key = messageKey(m)
    const at = index.get(key) ?? (m.sequence > 0 ? byId.get(m.ID) : undefined)
    if (at === undefined) {
      index.set(key, out.length)
      if (m.sequence > 0) byId.set(m.ID, out.length)
      out.push(m)
      changed = true
      continue
    }
    const next = combine(out[at]!, m)
    if (!shallowEqual(next, out[at]!)) {
      out[at] = next
      if (next.sequence > 0) byId.set(next.ID, at)
      changed = true
    }
  }
  if (!changed) return list as UiMessage[]
  // Array.prototype.sort is stable: local messages with one anchor keep their composing order.
  return out.sort((a, b) => sortKey(a) - sortKey(b))
}

function shallowEqual(a: UiMessage, b: UiMessage): boolean {
  const ka = Object.keys(a) as Array<keyof UiMessage>
  if (ka.length !== Object.keys(b).length) return false
  return ka.every((k) => a[k] === b[k])
}

/** The highest stored sequence held: where a catch-up continues from. */
export function highestSequence(list: readonly UiMessage[]): number {
  for (let i = list.length - 1; i >= 0; i--) if (list[i]!.sequence > 0) return list[i]!.sequence
  return 0
}

/**
 * The end of the unbroken run of stored sequences that starts at the oldest one held. Sequences
 * are gap-free on the server, so a hole means messages were missed: a catch-up starts there.
 */
export function contiguousSequence(list: readonly UiMessage[]): number {
  let last = 0
  for (const m of list) {
    if (m.sequence <= 0) continue
    if (last > 0 && m.sequence > last + 1) return last
    last = m.sequence
  }
  return last
}

/** The lowest stored sequence held: where the next older page ends. */
export function lowestSequence(list: readonly UiMessage[]): number {
  for (const m of list) if (m.sequence > 0) return m.sequence
  return 0
}
