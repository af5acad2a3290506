import path from 'node:path'
import automator from 'miniprogram-automator'
import type Element from 'miniprogram-automator/out/Element'
import type { InputElement } from 'miniprogram-automator/out/Element'
import type MiniProgram from 'miniprogram-automator/out/MiniProgram'
import type Page from 'miniprogram-automator/out/Page'
import type { LoginResult } from '../../types/auth'

export type { Element, MiniProgram, Page }

const DIST_ROOT = path.resolve(__dirname, '../../dist/weapp')

/**
 * Opens dist/weapp in WeChat DevTools (its command-line tool: WECHAT_DEVTOOLS_CLI, else the
 * default install path) with the address check off, since the suite's server is plain HTTP on
 * 127.0.0.1. DevTools needs its service port on (设置 → 安全设置 → 服务端口).
 */
export function launchDevTools(): Promise<MiniProgram> {
  return automator.launch({
    cliPath: process.env.WECHAT_DEVTOOLS_CLI,
    projectPath: DIST_ROOT,
    trustProject: true,
    projectConfig: { setting: { urlCheck: false } },
  })
}

/** Opens `url` (a page path with its query) as `session`, or logged out; every scenario starts here. */
export async function openAs(app: MiniProgram, url: string, session: LoginResult | null): Promise<Page> {
  if (session) await app.callWxMethod('setStorageSync', 'wt_session', JSON.stringify(session))
  else await app.callWxMethod('removeStorageSync', 'wt_session')
  const page = await app.reLaunch(url)
  if (!page) throw new Error(`DevTools did not open ${url}`)
  return page
}

/**
 * Every element matching `selector`, those inside Taro's `comp` wrappers included: Taro hands
 * deep trees to a custom component, and a page's query does not look inside one.
 */
export async function findAll(root: Page | Element, selector: string): Promise<Element[]> {
  const found: Element[] = [...((await root.$$(selector)) as Element[])]
  for (const wrapper of (await root.$$('comp')) as Element[]) found.push(...(await findAll(wrapper, selector)))
  return found
}

/** The elements matching `selector` whose text is `text` (or contains it, with `partial`). */
export async function withText(root: Page | Element, selector: string, text: string, partial = false): Promise<Element[]> {
  const out: Element[] = []
  for (const el of await findAll(root, selector)) {
    const t = (await el.text()).trim()
    if (partial ? t.includes(text) : t === text) out.push(el)
  }
  return out
}

/** Polls until `check` holds; DevTools renders asynchronously. */
export async function until(check: () => Promise<boolean>, what: string, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`)
    await new Promise((r) => setTimeout(r, 200))
  }
}

/** Waits for one element with the text and taps it. */
export async function tapText(root: Page | Element, selector: string, text: string): Promise<void> {
  await until(async () => (await withText(root, selector, text)).length > 0, `${selector} "${text}"`)
  await (await withText(root, selector, text))[0]!.tap()
}

/** Types into an input or textarea the way a user does (its value, then the input event). */
export async function typeInto(el: Element | undefined, value: string): Promise<void> {
  if (!el) throw new Error('no field to type into')
  await (el as InputElement).input(value)
}
