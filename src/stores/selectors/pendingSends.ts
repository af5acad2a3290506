import type { AppState } from '../appState'
import type { UiMessage } from '../chat/uiMessage'

/** One's own newest message of a conversation that the server has not stored: sending, or failed. */
export interface PendingSend {
  clientMsgId: string
  status: 'unSend' | 'fail'
  /** When it was composed (the device's clock, unix seconds). */
  time: number
  message: UiMessage
}

/** Pending messages sit among the newest ones (after the last message held when they were composed). */
const TAIL = 30

function newestPending(list: readonly UiMessage[]): PendingSend | null {
  for (let i = list.length - 1; i >= Math.max(0, list.length - TAIL); i--) {
    const m = list[i]!
    if (m.sequence === 0 && (m.status === 'unSend' || m.status === 'fail')) {
      return { clientMsgId: m.clientMsgId, status: m.status, time: m.time, message: m }
    }
  }
  return null
}

const same = (a: PendingSend | undefined, b: PendingSend) => a !== undefined && a.clientMsgId === b.clientMsgId && a.status === b.status && a.time === b.time

let lastMessages: AppState['messages'] | null = null
let lastOutput: Record<string, PendingSend> = {}

/**
 * conversationID → its pending send, for the conversation list: the row shows it at once (with
 * its sending or failed mark) and moves to the top, as it would once the server has stored it.
 * The same object comes back while nothing about a pending send changed (an upload's progress
 * does not count), so the sorted lists are not computed again for it.
 */
export function selectPendingSends(state: Pick<AppState, 'messages'>): Record<string, PendingSend> {
  if (state.messages === lastMessages) return lastOutput
  lastMessages = state.messages
  const next: Record<string, PendingSend> = {}
  let changed = false
  for (const [id, entry] of Object.entries(state.messages)) {
    const pending = newestPending(entry.list)
    if (!pending) continue
    const held = lastOutput[id]
    next[id] = same(held, pending) ? held! : pending
    if (next[id] !== held) changed = true
  }
  if (!changed && Object.keys(next).length === Object.keys(lastOutput).length) return lastOutput
  lastOutput = next
  return next
}

/** The time a conversation sorts by: its last message, or a pending send composed after it. */
export function sortTime(lastTime: number, pending: PendingSend | undefined): number {
  return pending && pending.time > lastTime ? pending.time : lastTime
}
