/**
 * @jest-environment-options {"url": "http://localhost:3198/messages"}
 */
// The chat stack (engine, services, store) against the real server, two users each with their
// own app. It starts the server itself on port 3198 (fixed, because the jsdom page URL above must
// name it), with a fresh data directory.
import { spawn, type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import http from 'node:http'
import os from 'node:os'
import path from 'node:path'
import { createApp, type App } from '@/root/createApp'

const PORT = 3198
const ORIGIN = `http://localhost:${PORT}`

let server: ChildProcess | null = null
let dataDir = ''

async function startServer(): Promise<void> {
  server = spawn('npx', ['tsx', 'server/src/main.ts'], {
    cwd: path.resolve(__dirname, '../../..'),
    env: { ...process.env, PORT: String(PORT), DATA_DIR: dataDir },
    stdio: 'ignore',
    detached: true,
  })
  for (let i = 0; i < 120; i++) {
    if (await answers()) return
    await sleep(250)
  }
  throw new Error('server did not start')
}

/** Polled with Node's client: jsdom would log every refused connection as an error. */
function answers(): Promise<boolean> {
  return new Promise((resolve) => {
    const req = http.get(`${ORIGIN}/api/site/info`, (res) => {
      res.resume()
      resolve(res.statusCode === 200)
    })
    req.on('error', () => resolve(false))
  })
}

async function stopServer(): Promise<void> {
  const child = server
  server = null
  if (!child?.pid) return
  const exited = new Promise((r) => child.once('exit', r))
  process.kill(-child.pid, 'SIGTERM')
  await exited
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

function xhr(method: string, url: string, body?: string, headers: Record<string, string> = {}): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const req = new XMLHttpRequest()
    req.open(method, url)
    for (const [k, v] of Object.entries(headers)) req.setRequestHeader(k, v)
    req.onload = () => resolve({ status: req.status, text: req.responseText })
    req.onerror = () => reject(new TypeError('network error'))
    req.send(body ?? null)
  })
}

/** jsdom has no fetch; platform/http.h5 only needs status and text. */
function installFetch(): void {
  ;(globalThis as { fetch?: unknown }).fetch = async (url: string, init: RequestInit = {}) => {
    const res = await xhr(init.method ?? 'GET', url, init.body as string | undefined, init.headers as Record<string, string>)
    return { status: res.status, text: async () => res.text }
  }
}

async function until<T>(what: string, fn: () => T | null | undefined | false, timeoutMs = 20_000): Promise<T> {
  const end = Date.now() + timeoutMs
  for (;;) {
    const value = fn()
    if (value) return value
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`)
    await sleep(50)
  }
}

const tag = Math.random().toString(36).slice(2, 8)

describe('chat stack against the real server', () => {
  let a: App
  let b: App
  const AB = 'C2C10000002'
  const BA = 'C2C10000001'

  beforeAll(async () => {
    jest.spyOn(console, 'warn').mockImplementation(() => undefined)
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'chat-live-'))
    installFetch()
    await startServer()
    a = createApp()
    b = createApp()
    await a.session.loginByPhone('13800000001', 'demo1234')
    await b.session.loginByPhone('13800000002', 'demo1234')
    await until('both connected', () => a.store.getState().imReady && b.store.getState().imReady)
  }, 90_000)

  afterAll(async () => {
    await stopServer()
    fs.rmSync(dataDir, { recursive: true, force: true })
  }, 30_000)

  test('a text goes from A to B, is counted unread, read on open, and A sees the peer read', async () => {
    await a.chat.openConversation(AB)
    await a.chat.sendText(AB, `你好 ${tag}`)
    const sent = a.store.getState().messages[AB]!.list.at(-1)!
    expect(sent).toMatchObject({ status: 'success', payload: { text: `你好 ${tag}` } })
    expect(sent.sequence).toBeGreaterThan(0)
    const conv = await until('B sees the conversation', () => b.store.getState().conversations[BA])
    expect(conv.unreadCount).toBeGreaterThanOrEqual(1)
    expect(b.store.getState().badges.messages).toBeGreaterThanOrEqual(1)
    await b.chat.openConversation(BA)
    expect(b.store.getState().messages[BA]!.list.some((m) => m.ID === sent.ID)).toBe(true)
    await until('B read', () => b.store.getState().conversations[BA]!.unreadCount === 0)
    await until('A sees the peer read', () => a.store.getState().conversations[AB]!.peerReadSequence >= sent.sequence)
  }, 30_000)

  test('typing reaches the peer and ends', async () => {
    a.chat.setTyping(AB, true)
    await until('B sees typing', () => b.store.getState().typingBy[BA]?.includes('10000001'))
    a.chat.setTyping(AB, false)
    await until('typing ends', () => !b.store.getState().typingBy[BA])
  }, 20_000)

  test('a send made while the server is down goes out once after the reconnect; B catches up in order', async () => {
    await stopServer()
    await until('A notices', () => a.store.getState().netState !== 'connected')
    const sending = a.chat.sendText(AB, `断线 ${tag}`)
    const pending = a.store.getState().messages[AB]!.list.at(-1)!
    expect(pending.status).toBe('unSend')
    await startServer()
    await sending
    const done = a.store.getState().messages[AB]!.list.find((m) => m.clientMsgId === pending.clientMsgId)!
    expect(done.status).toBe('success')
    await until('B has it', () => b.store.getState().messages[BA]!.list.some((m) => m.clientMsgId === pending.clientMsgId))
    const list = b.store.getState().messages[BA]!.list
    const seqs = list.map((m) => m.sequence)
    expect(seqs).toEqual([...seqs].sort((x, y) => x - y))
    expect(new Set(list.map((m) => m.ID)).size).toBe(list.length)
    expect(list.filter((m) => m.clientMsgId === pending.clientMsgId)).toHaveLength(1)
  }, 60_000)

  test('a file is uploaded with progress and arrives as a file message', async () => {
    const blob = new Blob([`live test ${tag}\n`.repeat(1000)], { type: 'text/plain' })
    await a.chat.sendFile(AB, { name: `notes-${tag}.txt`, size: blob.size, mime: 'text/plain', localUrl: 'blob:local', blob })
    const sent = a.store.getState().messages[AB]!.list.at(-1)!
    expect(sent).toMatchObject({ type: 'TIMFileElem', status: 'success', progress: 1, payload: { fileName: `notes-${tag}.txt`, fileSize: blob.size } })
    const url = (sent.payload as { fileUrl: string }).fileUrl
    expect(url).toMatch(/^\/api\/oss\/file\//)
    const got = await xhr('GET', a.chat.mediaUrl(url))
    expect(got.status).toBe(200)
    expect(got.text.startsWith(`live test ${tag}`)).toBe(true)
    await until('B receives it', () => b.store.getState().messages[BA]!.list.some((m) => m.ID === sent.ID))
  }, 30_000)

  test('a group: created by A, B reads a message asking for receipts, A sees the receipt', async () => {
    const groupID = await a.chat.createGroup({ groupName: `周末 ${tag}`, wtIds: ['10000002', '10000003'] })
    expect(groupID).toMatch(/^GROUP/)
    await a.chat.openConversation(groupID)
    await a.chat.sendText(groupID, `集合 ${tag}`)
    const sent = a.store.getState().messages[groupID]!.list.at(-1)!
    expect(sent).toMatchObject({ status: 'success', needReadReceipt: true })
    await until('B has the group', () => b.store.getState().conversations[groupID])
    await b.chat.openConversation(groupID)
    const seen = b.store.getState().messages[groupID]!.list.find((m) => m.ID === sent.ID)!
    b.chat.reportMessageVisible(groupID, seen)
    await until('A gets the receipt', () => a.store.getState().messages[groupID]!.list.find((m) => m.ID === sent.ID)!.readReceiptInfo.readCount === 1)
    const readers = await a.chat.getReadMembers(groupID, sent.sequence, 0)
    expect(readers.members.map((m) => m.userID)).toEqual(['10000002'])
  }, 30_000)
})
