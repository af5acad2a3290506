import { SERVER_MSG_ID_KINDS, type ServerMsgIdKind } from '../../../../types/chat.js'

/** Who wrote a message of each server-made kind (the rest come from a client of the sender). */
const WRITTEN_BY: Record<ServerMsgIdKind, string> = {
  fw: 'a copy written by a forward of the sender (one by one or merged; the server log line "messages forwarded" names the source conversation and sequences)',
  faq: 'a question the sender asked by clicking a FAQ entry of the helper',
  re: "the helper's answer",
  contact: 'a contact notice written when the sender added, blacklisted or deleted a friend',
  tip: 'a group tip written by the server',
  welcome: 'a welcome card written by the server',
  busy: 'a busy reply written by the server for a callee already in a call',
  end: 'a call ended by the server for a participant who logged out',
  ban: 'a ban notice from the operators',
  report: 'a report notice from the operators',
  warn: 'a warning from the operators',
  robot: "a group robot's post (its webhook, or its answer to a mention)",
}
const CLIENT_SENT = "sent by one of the sender's clients (composer, resend or offline outbox) with this client ID"

export interface MessageOrigin {
  channel: string
  seq: number
  sender: string
  type: string
  clientMsgId: string
  createdAt: string
  needReadReceipt: boolean
  writtenBy: string
}

/** Who wrote a message of a kind the server makes, told by its client ID's prefix; else one of the sender's clients. */
export function writtenBy(clientMsgId: string): string {
  const kind = SERVER_MSG_ID_KINDS.find((k) => clientMsgId.startsWith(`${k}-`))
  return kind ? WRITTEN_BY[kind] : CLIENT_SENT
}
