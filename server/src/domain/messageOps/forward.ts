import { randomUUID } from 'node:crypto'
import { AdminText } from '../../../../types/admin.js'
import { ConvType, KIND_SUMMARY_LABEL, MsgType, SendError, SummaryLabel, type OutgoingBody, type OutgoingMessage } from '../../../../types/chat.js'
import { FORWARD_SENSITIVE_TEXT, MessageOpsError, type ForwardBody, type MergedItem } from '../../../../types/messageOps.js'
import { Refusal, badRequest, notFound } from '../refusal.js'
import type { ConvRef } from '../conversationIds.js'
import type { MessageRow } from '../messages.js'
import type { Moderation } from '../moderation.js'
import { serverMsgId } from '../serverMsgIds.js'

const SUMMARY: Partial<Record<string, string>> = { ...KIND_SUMMARY_LABEL, [MsgType.Custom]: SummaryLabel.Custom }

function summaryOf(type: string, payload: Record<string, unknown>): string {
  if (type === MsgType.Text) return String(payload.text ?? '').slice(0, 200)
  if (type === MsgType.File) return `${SummaryLabel.File} ${String(payload.fileName ?? '')}`.slice(0, 200)
  return SUMMARY[type] ?? SummaryLabel.Message
}

/** Every piece of text a forward would carry, merged records included at any depth. */
export function textsOf(type: string, payload: Record<string, unknown>, depth = 0): string[] {
  if (type === MsgType.Text) return [String(payload.text ?? '')]
  if (type === MsgType.Custom) return [String(payload.data ?? '')]
  if (type !== MsgType.Merger || depth > 8) return []
  const out = [String(payload.title ?? ''), ...((payload.abstractList as unknown[]) ?? []).map(String)]
  for (const item of (payload.messageList as Array<Partial<MergedItem>>) ?? []) {
    if (item && typeof item.type === 'string' && item.payload && typeof item.payload === 'object') out.push(...textsOf(item.type, item.payload, depth + 1))
  }
  return out
}

/** A call's signalling is not content: spec 4 allows forwarding successful, non-call messages only. */
function isCallMessage(row: MessageRow): boolean {
  if (row.type !== MsgType.Custom) return false
  try {
    const data = JSON.parse(String(row.payload.data ?? '')) as { businessID?: unknown }
    return data.businessID === 1 || data.businessID === 'av_call'
  } catch {
    return false
  }
}

function itemOf(row: MessageRow): MergedItem {
  return {
    ID: `${row.sender}-${row.client_msg_id}`,
    type: row.type,
    payload: row.payload,
    from: row.sender,
    nick: row.name_card || row.nick || row.sender,
    avatar: row.avatar ?? '',
    time: Math.floor(new Date(row.created_at).getTime() / 1000),
  }
}

/** Spec 4: only successful messages that are content can be forwarded, all of the ones chosen. */
export function checkForwardable(rows: MessageRow[], wanted: number): void {
  if (rows.length !== wanted) throw notFound('消息不存在')
  if (rows.some((r) => r.is_revoked || r.type === MsgType.GroupTip || r.has_risk || isCallMessage(r))) throw badRequest('所选消息不能转发')
}

/** A sensitive word anywhere in the forwarded content stops the whole forward with 80001 '内容包含敏感词汇'. */
export function checkForwardText(moderation: Moderation, rows: MessageRow[]): void {
  for (const r of rows) {
    for (const text of textsOf(r.type, r.payload)) {
      if (moderation.checkText(text)) throw new Refusal(MessageOpsError.ForwardSensitive, FORWARD_SENSITIVE_TEXT)
    }
  }
}

export const bannedSender = () => new Refusal(SendError.Banned, AdminText.BannedSend)

/** What each target receives: one merged record (its title given, or named after the chat), or a copy of each message. */
export function forwardBodies(body: ForwardBody, source: ConvRef, myNick: string, rows: MessageRow[]): OutgoingBody[] {
  if (!body.merged) return rows.map((r) => ({ type: r.type, payload: r.payload }) as OutgoingBody)
  const title = body.title.trim() || (source.type === ConvType.Group ? '群聊的聊天记录' : `${myNick}的聊天记录`)
  const payload = {
    title,
    abstractList: rows.slice(0, 50).map((r) => `${r.name_card || r.nick || r.sender}: ${summaryOf(r.type, r.payload)}`.slice(0, 256)),
    messageList: rows.map(itemOf) as unknown as Array<Record<string, unknown>>,
    downloadKey: '',
  }
  return [{ type: MsgType.Merger, payload }]
}

/** One copy for a target, under a fresh server-made client ID (fw-…) that leads an operator to it. */
export const forwardCopy = (b: OutgoingBody, target: string): OutgoingMessage =>
  ({ ...b, clientMsgId: serverMsgId('fw', randomUUID()), conversationID: target, cloudCustomData: '', atUserList: [], needReadReceipt: target.startsWith('GROUP') }) as OutgoingMessage
