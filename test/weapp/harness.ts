import path from 'node:path'
import type { LoginResult } from '../../types/auth'
import { installDeviceStandIns, type Navigation } from './device'
import { bridgeNetwork, type Bridge } from './network'

/** One node of a rendered component's `toJSON()` tree (j-component's format). */
export interface SimNode {
  tagName: string
  attrs: { name: string; value: unknown }[]
  children: (SimNode | string)[]
}

type Options = Record<string, unknown>
type Fn = (this: unknown, ...args: unknown[]) => unknown

interface MiniProgramGlobals {
  App: (options: Options) => void
  getApp: () => Options
  Page: (options: Options) => void
  Component: (options: Options) => void
  getCurrentPages: () => unknown[]
  wx: Record<string, unknown>
}

const globals = globalThis as unknown as MiniProgramGlobals

export const DIST_ROOT = path.resolve(__dirname, '../../dist/weapp')

/**
 * Gives the compiled bundle the globals WeChat provides (App, getApp, Page,
 * getCurrentPages), runs dist/weapp/app.js and launches the app. The simulator only knows
 * components, so a page is registered as a component whose page functions are methods.
 */
export function bootMiniProgram(distRoot: string): Options {
  let app: Options = {}
  globals.App = (options) => {
    app = options
  }
  globals.getApp = () => app
  globals.getCurrentPages = () => []
  globals.Page = (options) => {
    const methods: Record<string, Fn> = {}
    const rest: Options = {}
    for (const [key, value] of Object.entries(options)) {
      if (typeof value === 'function') methods[key] = value as Fn
      else rest[key] = value
    }
    globals.Component({ ...rest, methods })
  }
  require(path.join(distRoot, 'app.js'))
  const onLaunch = app.onLaunch as Fn | undefined
  if (typeof onLaunch !== 'function') throw new Error('dist/weapp/app.js did not register an App with onLaunch')
  onLaunch.call(app, {})
  return app
}

export function nodeAttr(node: SimNode, name: string): unknown {
  return node.attrs.find((a) => a.name === name)?.value
}

/** The node's text, its descendants' included. */
export function nodeText(node: SimNode | string): string {
  if (typeof node === 'string') return node
  return node.children.map(nodeText).join('')
}

/** The text directly inside the node, without its descendants'. */
export function ownText(node: SimNode): string {
  return node.children.filter((c): c is string => typeof c === 'string').join('')
}

/** Every node in document order that matches; a match's descendants are searched too. */
export function findNodes(root: SimNode, match: (node: SimNode) => boolean): SimNode[] {
  const found: SimNode[] = []
  const visit = (node: SimNode | string) => {
    if (typeof node === 'string') return
    if (match(node)) found.push(node)
    node.children.forEach(visit)
  }
  visit(root)
  return found
}

export const classesOf = (n: SimNode) => String(nodeAttr(n, 'class') ?? '').split(/\s+/)
/** The compiled pages keep class names but not data-* attributes: nodes are found by class. */
export const withClass = (root: SimNode, name: string) => findNodes(root, (n) => classesOf(n).includes(name))

/** Polls until `check` returns true (Taro renders through setData, asynchronously). */
export async function waitFor(check: () => boolean, what: string, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`)
    await new Promise((r) => setTimeout(r, 20))
  }
}

/** Polls an asynchronous check (a question to the server) until it holds. */
export async function eventually(check: () => Promise<boolean>, what: string, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`)
    await new Promise((r) => setTimeout(r, 50))
  }
}

interface SimComponent {
  toJSON(): SimNode
  querySelector(selector: string): { dispatchEvent(name: string, options?: object): void } | null
  attach(parent: Element): void
  instance: Record<string, unknown>
}

interface Simulate {
  load(file: string, options: Options): string
  render(id: string): unknown
}

/** A page of the compiled mini-program, rendered and connected to the suite's server. */
export interface MiniPage {
  tree(): SimNode
  /** Nodes whose own text is exactly `text`. */
  byText(text: string): SimNode[]
  withClass(name: string, root?: SimNode): SimNode[]
  /** Taps a node through its id, the way the mini-program runtime delivers a user's tap to Taro. */
  tap(node: SimNode | undefined): void
  /** Types into an input or textarea (the runtime's input event with the whole value). */
  type(node: SimNode | undefined, value: string): void
  /** Any event a native component delivers (a live-pusher's statechange), with its detail. */
  dispatch(node: SimNode | undefined, event: string, detail: object): void
  /** Every request, upload and socket the page opened, in order. */
  requests: Bridge['requests']
  /** Page changes the app asked for (wx.navigateTo and the like). */
  navigations: Navigation[]
  /** What the app keeps in wx storage, by key (JSON text). */
  storage: Map<string, string>
  /** The page's 转发 (WeChat's onShareAppMessage, from its menu or a share button): the card it sends. */
  share(from?: 'menu' | 'button'): { title?: string; path?: string; imageUrl?: string } | undefined
  /** The user leaves the mini-program (WeChat's onAppHide) and comes back to it (onAppShow). */
  hideApp(): void
  showApp(): void
}

const bridges: Bridge[] = []
// Each test's app stops talking to the server when the test ends, whatever the test did.
afterEach(() => {
  for (const bridge of bridges.splice(0)) bridge.close()
})

/**
 * Boots a fresh copy of the compiled app (modules reset, so no store, cache or page of an
 * earlier test is left), logged in as `session` when given, with its network bridged to the
 * suite's server, then renders `pagePath` (`pages/member/index`) and runs its onLoad(query).
 * `album`: the files the photo picker hands over.
 */
export function openPage(
  pagePath: string,
  { session = null, query = {}, album = [] }: { session?: LoginResult | null; query?: Record<string, string>; album?: string[] } = {},
): MiniPage {
  jest.resetModules()
  const simulate = require('miniprogram-simulate') as Simulate
  const wx = globals.wx
  // The bundle's chunks queue on wx, which outlives the module reset: an earlier boot's would run again.
  delete wx.webpackJsonp
  const { storage, navigations, lifecycle } = installDeviceStandIns(wx, { session, album })
  const bridge = bridgeNetwork(wx)
  bridges.push(bridge)

  bootMiniProgram(DIST_ROOT)
  const id = simulate.load(path.join(DIST_ROOT, pagePath), { compiler: 'official', rootPath: DIST_ROOT })
  const page = simulate.render(id) as SimComponent
  page.attach(document.createElement('parent-wrapper'))
  ;(page.instance.onLoad as (q: object) => void).call(page.instance, query)

  const tree = () => page.toJSON()
  const target = (node: SimNode | undefined) => {
    if (!node) throw new Error('no such node')
    const nodeId = nodeAttr(node, 'id')
    const found = nodeId ? page.querySelector(`#${String(nodeId)}`) : null
    if (!found) throw new Error(`the node <${node.tagName}> "${nodeText(node).slice(0, 40)}" has no id to reach it by`)
    return found
  }
  return {
    tree,
    byText: (text) => findNodes(tree(), (n) => ownText(n) === text),
    withClass: (name, root) => withClass(root ?? tree(), name),
    tap: (node) => target(node).dispatchEvent('tap'),
    type: (node, value) => target(node).dispatchEvent('input', { detail: { value, cursor: value.length } }),
    dispatch: (node, event, detail) => target(node).dispatchEvent(event, { detail }),
    requests: bridge.requests,
    navigations,
    storage,
    share: (from = 'menu') => {
      const onShare = page.instance.onShareAppMessage as ((o: object) => { title?: string; path?: string; imageUrl?: string }) | undefined
      if (typeof onShare !== 'function') throw new Error(`${pagePath} does not enable 转发 (enableShareAppMessage in its page config)`)
      return onShare.call(page.instance, { from })
    },
    hideApp: lifecycle.hide,
    showApp: lifecycle.show,
  }
}
