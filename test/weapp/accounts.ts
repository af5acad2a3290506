import { randomInt, randomUUID } from 'node:crypto'
import http from 'node:http'
import WebSocket from 'ws'
import type { LoginResult } from '../../types/auth'
import { accountRoutes, API_BASE_PATH, contactRoutes, groupRoutes, miscRoutes, type AnswerOf, type BodyOf, type JsonRoute } from '../../types/routes'
import type { UploadResult } from '../../types/upload'
import { OPERATOR_PHONE } from '../e2e/support/serverEnv'
import { OPERATOR_PASSWORD } from './operatorPassword'
import { multipart, serverOrigin } from './network'

/**
 * The other side of the mini-program tests: users, friendships, groups and messages made on
 * the suite's real server through its route table, as a second device would.
 */

export interface TestUser extends LoginResult {
  phone: string
  pwd: string
}

/** One request to the server; answers the envelope's data, throws with its message when it refuses. */
function exchange<T>(method: string, path: string, headers: Record<string, string>, body: Buffer | undefined): Promise<T> {
  return new Promise((resolve, reject) => {
    const req = http.request(new URL(path, serverOrigin()), { method, headers }, (res) => {
      const chunks: Buffer[] = []
      res.on('data', (c: Buffer) => chunks.push(c))
      res.on('end', () => {
        const envelope = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { code: number; msg: string; data: T }
        if (envelope.code === 200) resolve(envelope.data)
        else reject(new Error(`${path}: ${envelope.code} ${envelope.msg}`))
      })
    })
    req.on('error', reject)
    req.end(body)
  })
}

const bearer = (token?: string): Record<string, string> => (token ? { authorization: `Bearer ${token}` } : {})

/** Calls one route of the table. */
export function call<R extends JsonRoute>(route: R, body: BodyOf<R>, token?: string): Promise<AnswerOf<R>> {
  const text = body === undefined ? undefined : Buffer.from(JSON.stringify(body))
  const headers = { ...bearer(token), ...(text ? { 'content-type': 'application/json' } : {}) }
  return exchange(route.method, API_BASE_PATH + route.path, headers, text)
}

/** The smallest valid PNG (1x1): a picture every image check accepts. */
export const PNG_1x1 = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64')

/** Uploads a file as `user` through the upload route; answers its address and its id (the address's last part). */
export async function upload(user: TestUser, fileName: string, content: Buffer, kind = 'file'): Promise<{ url: string; id: string }> {
  const { body, type } = multipart({ kind }, 'file', fileName, content)
  const result = await exchange<UploadResult>('POST', API_BASE_PATH + miscRoutes.upload.path, { ...bearer(user.token), 'content-type': type, 'content-length': String(body.length) }, body)
  return { url: result.url, id: result.url.split('/').pop()! }
}

/** A fresh user: a phone number no other test uses, registered (and so logged in). */
export async function registerUser(nickName: string, pwd = 'secret123'): Promise<TestUser> {
  const phone = `17${String(randomInt(0, 1e9)).padStart(9, '0')}`
  const login = await call(accountRoutes.register, { phone, pwd, nickName })
  return { ...login, phone, pwd }
}

/** The operator account of the suite's server (its ADMIN_PHONES), registered by the global setup before the server started. */
export async function operator(): Promise<TestUser> {
  const pwd = OPERATOR_PASSWORD
  const result = await call(accountRoutes.loginByPhone, { phone: OPERATOR_PHONE, pwd }, undefined)
  return { ...result, phone: OPERATOR_PHONE, pwd }
}

/** Makes two users friends: a applies, b agrees. */
export async function befriend(a: TestUser, b: TestUser): Promise<void> {
  await call(contactRoutes.apply, { applyWtId: b.wtId, applySource: 1, applyInfo: '' }, a.token)
  await call(contactRoutes.handleApplication, { applyWtId: a.wtId, handleStatus: 1 }, b.token)
}

/** A group owned by `owner` with `members`; answers its conversation ID too. */
export async function makeGroup(owner: TestUser, members: TestUser[], groupName: string) {
  const { txGroupid, groupNumber } = await call(groupRoutes.create, { groupName, groupNotice: '', groupAvatar: '', wtIds: members.map((m) => m.wtId) }, owner.token)
  return { groupID: txGroupid, groupNumber, conversationID: `GROUP${txGroupid}` }
}

export const c2cConversation = (wtId: string) => `C2C${wtId}`

type Frame = Record<string, unknown>
const unbatch = (frames: Frame[]): Frame[] => frames.flatMap((f) => (f.type === 'batch' ? unbatch(f.frames as Frame[]) : [f]))

/** A second device of `user` on /ws/{token}: sends text and waits for frames. */
export interface Device {
  sendText(conversationID: string, text: string): Promise<Frame>
  /** Any message body (a call signal is a custom message); answers the ack or nack. */
  send(conversationID: string, type: string, payload: Record<string, unknown>): Promise<Frame>
  next(match: (f: Frame) => boolean, timeoutMs?: number): Promise<Frame>
  close(): void
}

export async function connectDevice(user: TestUser): Promise<Device> {
  const ws = new WebSocket(`${serverOrigin().replace(/^http/, 'ws')}/ws/${encodeURIComponent(user.token)}`)
  const frames: Frame[] = []
  const waiters = new Set<() => void>()
  ws.on('message', (raw) => {
    frames.push(...unbatch([JSON.parse(raw.toString()) as Frame]))
    for (const w of [...waiters]) w()
  })
  ws.on('error', () => undefined)
  const next = (match: (f: Frame) => boolean, timeoutMs = 15_000) =>
    new Promise<Frame>((resolve, reject) => {
      const check = () => {
        const found = frames.find(match)
        if (!found) return
        waiters.delete(check)
        clearTimeout(timer)
        resolve(found)
      }
      const timer = setTimeout(() => {
        waiters.delete(check)
        reject(new Error(`no matching frame within ${timeoutMs} ms; got ${frames.map((f) => f.type).join(', ')}`))
      }, timeoutMs)
      waiters.add(check)
      check()
    })
  await next((f) => f.type === 'hello')
  const send = (conversationID: string, type: string, payload: Record<string, unknown>) => {
    const clientMsgId = randomUUID()
    ws.send(JSON.stringify({ type: 'send', message: { clientMsgId, conversationID, type, payload } }))
    return next((f) => (f.type === 'ack' || f.type === 'nack') && f.clientMsgId === clientMsgId)
  }
  return {
    next,
    send,
    sendText: (conversationID, text) => send(conversationID, 'TIMTextElem', { text }),
    close: () => ws.terminate(),
  }
}

/** A one-to-one call invitation from `from` to `to`, as the call widget writes it (spec: calling-widget). */
export function callInvite(inviteID: string, from: TestUser, to: TestUser, callType: 1 | 2 = 2) {
  return {
    businessID: 1,
    inviteID,
    actionType: 1,
    inviter: from.wtId,
    inviteeList: [to.wtId],
    groupID: '',
    timeout: 30,
    data: { version: 4, call_type: callType, room_id: 0, data: { cmd: callType === 2 ? 'videoCall' : 'audioCall', inviter: from.wtId } },
  }
}
