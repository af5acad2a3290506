import path from 'node:path'

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
}

/**
 * Gives the compiled bundle the globals WeChat provides (App, getApp, Page,
 * getCurrentPages), runs dist/weapp/app.js and launches the app. The simulator only knows
 * components, so a page is registered as a component whose page functions are methods.
 */
export function bootMiniProgram(distRoot: string): Options {
  const globals = globalThis as unknown as MiniProgramGlobals
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

/** Polls until `check` returns true (Taro renders through setData, asynchronously). */
export async function waitFor(check: () => boolean, what: string, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`)
    await new Promise((r) => setTimeout(r, 20))
  }
}

/** A rendered page of the compiled mini-program. */
export interface RenderedPage {
  toJSON(): SimNode
  attach(parent: Element): void
  instance: Record<string, unknown>
}

export interface WxRequest {
  url: string
  data?: unknown
  success?: (res: unknown) => void
  complete?: (res: unknown) => void
}

/**
 * Stands in for wx.request: every call is answered a moment later, as the network would, with
 * the envelope `{code: 200, data}` around what `dataFor` gives for it.
 */
export function answerRequests(dataFor: (options: WxRequest) => unknown): void {
  const wx = (globalThis as unknown as { wx: Record<string, unknown> }).wx
  wx.request = (options: WxRequest) => {
    const res = { statusCode: 200, header: {}, errMsg: 'request:ok', data: { code: 200, msg: '', data: dataFor(options) } }
    setTimeout(() => {
      options.success?.(res)
      options.complete?.(res)
    }, 5)
    return { abort() {}, onHeadersReceived() {}, offHeadersReceived() {} }
  }
}

/** Boots the compiled app, then renders one of its pages (`pages/member/index`) and runs its onLoad. */
export function renderPage(distRoot: string, pagePath: string, simulate: { load(file: string, options: Options): string; render(id: string): unknown }): RenderedPage {
  bootMiniProgram(distRoot)
  const id = simulate.load(path.join(distRoot, pagePath), { compiler: 'official', rootPath: distRoot })
  const page = simulate.render(id) as RenderedPage
  page.attach(document.createElement('parent-wrapper'))
  ;(page.instance.onLoad as (query: object) => void).call(page.instance, {})
  return page
}
