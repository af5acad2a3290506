import { randomUUID } from 'node:crypto'
import type { CallSignalInput } from '../../../types/call.js'
import type { ChatClient } from './chat.js'

/** A call message payload as the call engine writes it. */
export function signal(inviteID: string, inviter: string, invitee: string, actionType: 1 | 2 | 3 | 4 | 5, data: Partial<CallSignalInput['data']> = {}, timeout = 30): CallSignalInput {
  return {
    businessID: 1,
    inviteID,
    actionType,
    inviter,
    inviteeList: [invitee],
    groupID: '',
    timeout,
    data: { version: 4, call_type: 2, ...data },
  }
}

export const newInviteID = () => `call-${randomUUID()}`

/** Sends a call message as a custom message in the C2C conversation with `peer`. */
export function sendSignal(client: ChatClient, peer: string, s: CallSignalInput | Record<string, unknown>) {
  return client.send({
    clientMsgId: randomUUID(),
    conversationID: `C2C${peer}`,
    type: 'TIMCustomElem',
    payload: { data: JSON.stringify(s), description: '', extension: '' },
  })
}

/** The call payload of a pushed message frame. */
export function signalOf(frame: Record<string, unknown>): Record<string, unknown> | null {
  const m = frame.message as { type?: string; payload?: { data?: string } } | undefined
  if (frame.type !== 'msg' || m?.type !== 'TIMCustomElem' || !m.payload?.data) return null
  try {
    const v = JSON.parse(m.payload.data) as Record<string, unknown>
    return v.businessID === 1 ? v : null
  } catch {
    return null
  }
}
