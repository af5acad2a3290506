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
