/**
 * The people of a call benchmark: accounts made through /api (as the browser tests make them),
 * each signed in through the login form in a browser context of their own, and the call
 * screen's buttons pressed as a person would.
 */
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core'
import type { LoginResult } from '../../types/auth.js'
import type { GroupCreateResult } from '../../types/group.js'
import { addProbe } from './probe.js'

interface Envelope<T> {
  code: number
  msg: string
  data: T
}

export interface Account {
  phone: string
  pwd: string
  nickName: string
  wtId: string
  token: string
}

export interface Person {
  account: Account
  context: BrowserContext
  page: Page
  /** Wall-clock ms of the call frames this page sent on its chat socket (for diagnosing calls that do not end). */
  sent: { hangups: number[]; keepAlives: number[] }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

export async function apiPost<T>(base: string, path: string, body: unknown, token?: string): Promise<T> {
  const res = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  })
  const answer = (await res.json()) as Envelope<T>
  if (answer.code !== 200) throw new Error(`${path}: ${answer.code} ${answer.msg}`)
  return answer.data
}

let registered = 0
/** Fresh accounts with unused phone numbers; nicknames are `<prefix><n>`. */
export async function register(base: string, prefix: string, count: number): Promise<Account[]> {
  const out: Account[] = []
  for (let i = 0; i < count; i++) {
    const n = ++registered
    const phone = `1${String(Date.now() % 1e7).padStart(7, '0')}${String(n).padStart(3, '0')}`
    const user = { phone, pwd: `pw${phone.slice(-6)}`, nickName: `${prefix}${n}` }
    const login = await apiPost<LoginResult>(base, '/api/user/login/register', user)
    out.push({ ...user, wtId: login.wtId, token: login.token })
  }
  return out
}

/** a applies, b agrees: two-way friends. */
export async function befriend(base: string, a: Account, b: Account): Promise<void> {
  await apiPost(base, '/api/userFriends/apply', { applyWtId: b.wtId, applySource: 1, applyInfo: '' }, a.token)
  await apiPost(base, '/api/userFriends/apply/handle', { applyWtId: a.wtId, handleStatus: 1 }, b.token)
}

/** A group owned by `owner` with the others as ordinary members; returns its group ID. */
export async function createGroup(base: string, owner: Account, members: Account[], name: string): Promise<string> {
  const created = await apiPost<GroupCreateResult>(base, '/api/user/groupchat/add', { groupName: name, groupNotice: '', groupAvatar: '', wtIds: members.map((m) => m.wtId) }, owner.token)
  return created.txGroupid
}

/** The group's live call as the server keeps it ('' when there is none). */
export async function groupCallAttribute(base: string, member: Account, groupID: string): Promise<string> {
  const data = await apiPost<{ inner_attr_kit_info: string }>(base, '/api/media/getGroupAttributes', { groupID }, member.token)
  return data.inner_attr_kit_info
}

/** The visible element with this test id (Taro keeps hidden pages in the DOM). */
export const byTestId = (page: Page, testId: string): Locator => page.locator(`[data-testid="${testId}"]`).filter({ visible: true })

/** The native input of a Taro Input, whichever element carries the test id. */
const inputOf = (page: Page, testId: string): Locator =>
  page.locator(`[data-testid="${testId}"] input, input[data-testid="${testId}"]`).filter({ visible: true }).first()

/** Polls `check` until it is true; throws with `what` after `timeoutMs`. */
export async function waitUntil(what: string, check: () => Promise<boolean>, timeoutMs = 20_000, intervalMs = 100): Promise<void> {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    if (await check().catch(() => false)) return
    await sleep(intervalMs)
  }
  throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`)
}

/** A browser context of its own, the probe installed, logged in through the phone login form. */
export async function signIn(browser: Browser, base: string, account: Account): Promise<Person> {
  const context = await browser.newContext({ baseURL: base, viewport: { width: 1280, height: 800 }, locale: 'zh-CN' })
  await addProbe(context)
  const page = await context.newPage()
  page.setDefaultTimeout(20_000)
  const sent: Person['sent'] = { hangups: [], keepAlives: [] }
  page.on('websocket', (ws) =>
    ws.on('framesent', ({ payload }) => {
      const text = String(payload)
      // A hang up is a call message whose data (JSON inside the frame's JSON) has cmd 'hangup'.
      if (text.includes('\\"cmd\\":\\"hangup\\"')) sent.hangups.push(Date.now())
      else if (text.includes('"kind":"alive"')) sent.keepAlives.push(Date.now())
    }),
  )
  await page.goto('/login')
  await byTestId(page, 'login-tab-phone').first().click()
  await inputOf(page, 'login-phone').fill(account.phone)
  await inputOf(page, 'login-pwd').fill(account.pwd)
  await byTestId(page, 'login-submit').first().click()
  await page.waitForURL((url) => url.pathname === '/messages')
  await byTestId(page, 'conv-pane').waitFor()
  return { account, context, page, sent }
}

/**
 * The layout of the call screen on display, or null when none is (no call, or minimised). Read
 * in one evaluation: a locator with a short timeout would also say null on a page that is merely
 * slow, which on a loaded machine skipped hang-ups.
 */
export async function layoutOf(p: Person): Promise<string | null> {
  return (await p.page.evaluate(
    `(() => { const el = [...document.querySelectorAll('[data-testid="call-screen"]')].find((e) => e.checkVisibility()); return el ? el.getAttribute('data-layout') : null })()`,
  )) as string | null
}

export async function waitLayout(p: Person, layout: string, timeoutMs = 20_000): Promise<void> {
  await waitUntil(`${p.account.nickName}: call layout ${layout}`, async () => (await layoutOf(p)) === layout, timeoutMs)
}

export async function press(p: Person, button: string): Promise<void> {
  await byTestId(p.page, `call-btn-${button}`).first().click()
}

/** Opens the one-to-one chat with `peer` (searching their ID when the chat is not listed yet) unless it is open. */
export async function openChat(p: Person, peer: Account): Promise<void> {
  const header = byTestId(p.page, 'chat-header-name')
  if ((await header.count()) > 0 && (await header.first().innerText()) === peer.nickName) return
  const row = p.page.locator(`[data-testid="conv-row"][data-id="C2C${peer.wtId}"]`).filter({ visible: true })
  if ((await row.count()) > 0) {
    await row.first().click()
  } else {
    await inputOf(p.page, 'conv-search').fill(peer.wtId)
    await p.page.locator(`[data-testid="search-result-user"][data-id="${peer.wtId}"]`).filter({ visible: true }).first().click()
  }
  await waitUntil(`${p.account.nickName}: the chat with ${peer.nickName}`, async () => (await header.first().innerText({ timeout: 500 })) === peer.nickName)
}

export async function openGroup(p: Person, groupID: string): Promise<void> {
  const panel = byTestId(p.page, 'chat-panel')
  if ((await panel.count()) > 0 && (await panel.first().getAttribute('data-conversation')) === `GROUP${groupID}`) return
  await p.page.locator(`[data-testid="conv-row"][data-id="GROUP${groupID}"]`).filter({ visible: true }).first().click()
  await waitUntil(`${p.account.nickName}: the group chat`, async () => (await panel.first().getAttribute('data-conversation', { timeout: 500 })) === `GROUP${groupID}`)
}

/** The group's call entry → video → the members picked → Done. */
export async function startGroupVideoCall(owner: Person, groupID: string, invitees: Account[]): Promise<void> {
  await openGroup(owner, groupID)
  await byTestId(owner.page, 'tool-groupCall').first().click()
  await byTestId(owner.page, 'group-call-video').first().click()
  const picker = byTestId(owner.page, 'call-picker').first()
  for (const u of invitees) await picker.locator(`[data-testid="call-picker-item"][data-id="${u.wtId}"]`).click()
  await byTestId(owner.page, 'call-picker-done').first().click()
}

/** Everyone still on a call hangs up; waits until no call screen is left. */
export async function hangUpAll(people: Person[]): Promise<void> {
  for (const p of people) {
    if ((await layoutOf(p)) === null) continue
    try {
      await byTestId(p.page, 'call-btn-hangup').first().click()
    } catch (err) {
      // The call may end by itself between the check and the press (the last of a group call).
      if ((await layoutOf(p)) !== null) throw err
    }
  }
  await waitClosed(people)
}

/** Waits until none of these people has a call screen. */
export async function waitClosed(people: Person[]): Promise<void> {
  for (const p of people) await waitUntil(`${p.account.nickName}: the call screen to close`, async () => (await layoutOf(p)) === null)
}
