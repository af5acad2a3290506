import { randomUUID } from 'node:crypto'
import { mkdir } from 'node:fs/promises'
import { fileURLToPath } from 'node:url'
import { deflateSync } from 'node:zlib'
import { test as base, expect, type APIRequestContext, type Browser, type BrowserContext, type Locator, type Page, type ViewportSize, type WebSocketRoute } from '@playwright/test'
import WebSocket from 'ws'
import type { LoginResult } from '../../../types/auth'
import type { GroupCreateResult } from '../../../types/group'
import { apiPost, apiRegister, loginByPhone, newUser, type TestUser } from '../support/accounts'
import { byTestId, inputByTestId, textareaByTestId } from '../support/ui'

/**
 * Helpers of the messaging end-to-end tests: users in their own browser contexts, the chat
 * screen's elements, fixtures made on the fly, and a protocol-level sender for seeding long
 * histories quickly.
 */

const CHAT_SHOTS = fileURLToPath(new URL('../../../docs/images/chat/', import.meta.url))

/** With CHAT_SCREENSHOTS=1, saves the page as docs/images/chat/<name>.png (the chat design's pictures). */
export async function chatScreenshot(page: Page, name: string): Promise<void> {
  if (!process.env.CHAT_SCREENSHOTS) return
  await mkdir(CHAT_SHOTS, { recursive: true })
  await page.screenshot({ path: `${CHAT_SHOTS}${name}.png` })
}

export type ChatUser = TestUser & { login: LoginResult; wtId: string }

export interface Session {
  user: ChatUser
  context: BrowserContext
  page: Page
}

/** Registers fresh users through the API, so every test starts with empty conversation lists. */
export async function registerUsers(request: APIRequestContext, nicknames: string[]): Promise<ChatUser[]> {
  const users: ChatUser[] = []
  for (const nick of nicknames) {
    const base = newUser()
    const registered = await apiRegister(request, { ...base, nickName: `${nick}${base.phone.slice(-3)}` })
    users.push({ ...registered, wtId: registered.login.wtId })
  }
  return users
}

/** Makes two users two-way friends through the API: a applies, b agrees (pin and mute need friends). */
export async function befriend(request: APIRequestContext, a: ChatUser, b: ChatUser): Promise<void> {
  const applied = await apiPost(request, '/api/userFriends/apply', { applyWtId: b.wtId, applySource: 1, applyInfo: '' }, a.login.token)
  expect(applied.code, applied.msg).toBe(200)
  const agreed = await apiPost(request, '/api/userFriends/apply/handle', { applyWtId: a.wtId, handleStatus: 1 }, b.login.token)
  expect(agreed.code, agreed.msg).toBe(200)
}

export interface SignInOptions {
  viewport?: ViewportSize
  /** Another server than the suite's (a spec that starts a server of its own). */
  baseURL?: string
  beforeLogin?: (context: BrowserContext) => Promise<void>
}

export interface CreatedGroup extends GroupCreateResult {
  conversationID: string
  name: string
}

/** A group made through the API by `owner` with the others as ordinary members. */
export async function createGroup(request: APIRequestContext, owner: ChatUser, members: ChatUser[], name: string): Promise<CreatedGroup> {
  const answer = await apiPost<GroupCreateResult>(request, '/api/user/groupchat/add', { groupName: name, groupNotice: '', groupAvatar: '', wtIds: members.map((m) => m.wtId) }, owner.login.token)
  expect(answer.code, answer.msg).toBe(200)
  return { ...answer.data, conversationID: `GROUP${answer.data.txGroupid}`, name }
}

/** Each user in a browser context of their own, logged in through the login form. */
export async function signIn(browser: Browser, user: ChatUser, options: SignInOptions = {}): Promise<Session> {
  const context = await browser.newContext({ ...(options.viewport ? { viewport: options.viewport } : {}), ...(options.baseURL ? { baseURL: options.baseURL } : {}) })
  await options.beforeLogin?.(context)
  const page = await context.newPage()
  await loginByPhone(page, user.phone, user.pwd)
  await expect(visible(page, 'conv-pane')).toBeVisible()
  return { user, context, page }
}

/**
 * Puts the context's chat sockets behind a switch: while off, open sockets are dropped and new
 * ones are refused, as when the network goes away (Chromium's offline emulation alone leaves an
 * open WebSocket up). Install before the page connects.
 */
export class SocketSwitch {
  private online = true
  private readonly open = new Set<WebSocketRoute>()

  static async install(context: BrowserContext): Promise<SocketSwitch> {
    const sw = new SocketSwitch()
    await context.routeWebSocket(/\/ws\//, (ws) => sw.accept(ws))
    return sw
  }

  private accept(ws: WebSocketRoute): void {
    if (!this.online) {
      void ws.close({ code: 1001, reason: 'offline' }).catch(() => undefined)
      return
    }
    const server = ws.connectToServer()
    this.open.add(ws)
    ws.onClose(() => {
      this.open.delete(ws)
      void server.close().catch(() => undefined)
    })
    server.onClose(() => {
      this.open.delete(ws)
      void ws.close().catch(() => undefined)
    })
  }

  async goOffline(): Promise<void> {
    this.online = false
    await Promise.all([...this.open].map((ws) => ws.close({ code: 1001, reason: 'offline' }).catch(() => undefined)))
    this.open.clear()
  }

  goOnline(): void {
    this.online = true
  }
}

export async function closeAll(sessions: Session[]): Promise<void> {
  await Promise.all(sessions.map((s) => s.context.close()))
}

/** Elements by test id that are on screen (see byTestId). */
export const visible = byTestId

export function conversationRow(page: Page, conversationID: string): Locator {
  return page.locator(`[data-testid="conv-row"][data-id="${conversationID}"]`).filter({ visible: true })
}

export function chatPanel(page: Page): Locator {
  return visible(page, 'chat-panel')
}

/** The editor's native textarea (the test id may sit on Taro's wrapper element). */
export function editor(page: Page): Locator {
  return textareaByTestId(page, 'chat-editor')
}

export function messageRows(page: Page): Locator {
  return chatPanel(page).locator('[data-testid="msg-row"]')
}

/** The row of a text message with exactly this text. */
export function textRow(page: Page, text: string): Locator {
  return messageRows(page).filter({ has: page.locator('[data-testid="msg-text"]').getByText(text, { exact: true }) })
}

/** Opens the one-to-one chat with a user: from the list if it is there, else by searching the user's ID. */
export async function openChatWith(page: Page, peer: ChatUser): Promise<void> {
  const row = conversationRow(page, `C2C${peer.wtId}`)
  if ((await row.count()) > 0) {
    await row.first().click()
  } else {
    const search = inputByTestId(page, 'conv-search')
    await search.fill(peer.wtId)
    const result = page.locator(`[data-testid="search-result-user"][data-id="${peer.wtId}"]`).filter({ visible: true })
    await result.first().click()
  }
  await expect(visible(page, 'chat-header-name')).toHaveText(peer.nickName)
}

/** Opens the message menu of a row with a right click and picks an entry; returns the entry's label. */
export async function menuAction(page: Page, row: Locator, action: string): Promise<string> {
  await row.locator('[data-testid="msg-bubble"]').first().click({ button: 'right' })
  await expect(visible(page, 'msg-menu')).toBeVisible()
  const entry = visible(page, `msg-menu-${action}`)
  const label = await entry.innerText()
  await entry.click()
  await expect(visible(page, 'msg-menu')).toHaveCount(0)
  return label
}

export async function openConversation(page: Page, conversationID: string): Promise<void> {
  await conversationRow(page, conversationID).first().click()
  await expect(chatPanel(page)).toHaveAttribute('data-conversation', conversationID)
}

/** Types into the editor and sends with Enter; waits until the server has acknowledged the message. */
export async function sendText(page: Page, text: string): Promise<void> {
  const box = editor(page)
  await box.fill(text)
  await box.press('Enter')
  await expect(textRow(page, text).last()).toHaveAttribute('data-status', 'success')
}

/** Texts of the text messages in the chat, top to bottom. */
export async function shownTexts(page: Page): Promise<string[]> {
  return chatPanel(page).locator('[data-testid="msg-row"] [data-testid="msg-text"]').allInnerTexts()
}

/** Sequence numbers of the rows, top to bottom. */
export async function shownSequences(page: Page): Promise<number[]> {
  const seqs = await messageRows(page).evaluateAll((rows) => rows.map((r) => Number(r.getAttribute('data-seq'))))
  return seqs
}

/**
 * Taps a chat tool by test id: the desktop's toolbar button, or on a phone the tile of the ＋
 * panel (opened first when it is closed).
 */
export async function tapTool(page: Page, testId: string): Promise<void> {
  const more = visible(page, 'input-more')
  if ((await more.count()) > 0 && (await visible(page, 'plus-panel').count()) === 0) await more.click()
  await visible(page, testId).click()
}

/** Picks files through the chooser a toolbar button opens (the platform picker's own input). */
export async function pickFiles(page: Page, tool: 'image' | 'file' | 'video', files: Array<{ name: string; mimeType: string; buffer: Buffer }>): Promise<void> {
  const chooser = page.waitForEvent('filechooser')
  await tapTool(page, `tool-${tool}`)
  await (await chooser).setFiles(files)
}

// ---------------------------------------------------------------------------------------------
// Fixtures

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1
  return c >>> 0
})

function crc32(buf: Buffer): number {
  let c = 0xffffffff
  for (const byte of buf) c = CRC_TABLE[(c ^ byte) & 0xff]! ^ (c >>> 8)
  return (c ^ 0xffffffff) >>> 0
}

function pngChunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4)
  len.writeUInt32BE(data.length)
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data])
  const crc = Buffer.alloc(4)
  crc.writeUInt32BE(crc32(body))
  return Buffer.concat([len, body, crc])
}

/** A real PNG of the given size: two colour bands, so it is visibly a picture. */
export function pngImage(width: number, height: number, top: [number, number, number], bottom: [number, number, number]): Buffer {
  const header = Buffer.alloc(13)
  header.writeUInt32BE(width, 0)
  header.writeUInt32BE(height, 4)
  header[8] = 8 // bit depth
  header[9] = 2 // truecolour RGB
  const raw = Buffer.alloc((width * 3 + 1) * height)
  for (let y = 0; y < height; y++) {
    const [r, g, b] = y < height / 2 ? top : bottom
    const row = y * (width * 3 + 1)
    for (let x = 0; x < width; x++) raw.set([r, g, b], row + 1 + x * 3)
  }
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), pngChunk('IHDR', header), pngChunk('IDAT', deflateSync(raw)), pngChunk('IEND', Buffer.alloc(0))])
}

/** A short WebM clip recorded in the page from an animated canvas (no encoder needed on the machine). */
export async function webmClip(page: Page, millis = 1200): Promise<Buffer> {
  const base64 = await page.evaluate(async (ms) => {
    const canvas = document.createElement('canvas')
    canvas.width = 160
    canvas.height = 120
    const g = canvas.getContext('2d')!
    let frame = 0
    const draw = () => {
      g.fillStyle = `hsl(${(frame * 12) % 360} 70% 55%)`
      g.fillRect(0, 0, 160, 120)
      g.fillStyle = '#fff'
      g.fillRect(20 + (frame % 100), 50, 20, 20)
      frame++
    }
    draw()
    const timer = setInterval(draw, 40)
    const stream = canvas.captureStream(25)
    const recorder = new MediaRecorder(stream, { mimeType: 'video/webm' })
    const chunks: Blob[] = []
    recorder.ondataavailable = (e) => chunks.push(e.data)
    const stopped = new Promise((resolve) => (recorder.onstop = resolve))
    recorder.start()
    await new Promise((r) => setTimeout(r, ms))
    recorder.stop()
    await stopped
    clearInterval(timer)
    const bytes = new Uint8Array(await new Blob(chunks, { type: 'video/webm' }).arrayBuffer())
    let binary = ''
    for (const b of bytes) binary += String.fromCharCode(b)
    return btoa(binary)
  }, millis)
  return Buffer.from(base64, 'base64')
}

// ---------------------------------------------------------------------------------------------
// Seeding over the chat protocol (docs/protocol.md), for histories too long to type.

interface Frame {
  type: string
  clientMsgId?: string
  frames?: Frame[]
  message?: { sequence: number }
  code?: number
  msg?: string
}

const flatten = (f: Frame): Frame[] => (f.type === 'batch' ? (f.frames ?? []).flatMap(flatten) : [f])

/** A second device of a user that sends text messages and waits for each acknowledgement. */
export class ProtocolSender {
  private readonly ws: WebSocket
  private readonly ready: Promise<void>
  private readonly waiting = new Map<string, { resolve: (seq: number) => void; reject: (e: Error) => void }>()

  constructor(baseURL: string, token: string) {
    this.ws = new WebSocket(`${baseURL.replace(/^http/, 'ws')}/ws/${token}`)
    this.ready = new Promise((resolve, reject) => {
      this.ws.once('error', reject)
      this.ws.on('message', (data) => {
        for (const frame of flatten(JSON.parse(String(data)) as Frame)) {
          if (frame.type === 'hello') resolve()
          const pending = frame.clientMsgId ? this.waiting.get(frame.clientMsgId) : undefined
          if (!pending) continue
          this.waiting.delete(frame.clientMsgId!)
          if (frame.type === 'ack') pending.resolve(frame.message!.sequence)
          else if (frame.type === 'nack') pending.reject(new Error(`nack ${frame.code}: ${frame.msg}`))
        }
      })
    })
  }

  /** Sends a text (a quote rides in `extra.cloudCustomData`); resolves with its sequence once acknowledged. */
  sendText(conversationID: string, text: string, extra: { clientMsgId?: string; cloudCustomData?: string } = {}): Promise<number> {
    return this.send(conversationID, 'TIMTextElem', { text }, extra)
  }

  /** Sends any kind of message, such as a custom system line. */
  async send(conversationID: string, type: string, payload: Record<string, unknown>, extra: { clientMsgId?: string; cloudCustomData?: string } = {}): Promise<number> {
    await this.ready
    const clientMsgId = extra.clientMsgId ?? randomUUID()
    const acked = new Promise<number>((resolve, reject) => this.waiting.set(clientMsgId, { resolve, reject }))
    const message = { clientMsgId, conversationID, type, payload, ...(extra.cloudCustomData ? { cloudCustomData: extra.cloudCustomData } : {}) }
    this.ws.send(JSON.stringify({ type: 'send', message }))
    return acked
  }

  /** Sends the texts one after another (each acknowledged before the next), returning their sequences. */
  async sendTexts(conversationID: string, texts: string[]): Promise<number[]> {
    const seqs: number[] = []
    for (const t of texts) seqs.push(await this.sendText(conversationID, t))
    return seqs
  }

  close(): void {
    this.ws.close()
  }
}

export function baseURL(): string {
  const url = process.env.E2E_BASE_URL
  if (!url) throw new Error('E2E_BASE_URL is not set: run through the e2e config, whose global setup starts the server')
  return url
}

// ---------------------------------------------------------------------------------------------
// Test fixtures: what a test opens through them is closed when it ends, pass or fail.

interface ChatFixtures {
  /** Signs a user in, in a browser context of their own. */
  login: (user: ChatUser, options?: SignInOptions) => Promise<Session>
  /** A second device of a user that sends over the chat protocol. */
  device: (user: ChatUser) => ProtocolSender
}

export const test = base.extend<ChatFixtures>({
  login: async ({ browser }, use) => {
    const opened: Session[] = []
    await use(async (user, options) => {
      const session = await signIn(browser, user, options)
      opened.push(session)
      return session
    })
    await closeAll(opened)
  },
  device: async ({}, use) => {
    const opened: ProtocolSender[] = []
    await use((user) => {
      const sender = new ProtocolSender(baseURL(), user.login.token)
      opened.push(sender)
      return sender
    })
    for (const sender of opened) sender.close()
  },
})

export { expect }
