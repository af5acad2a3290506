/**
 * The compiled mini-program's login page (dist/weapp/pages/login), rendered by
 * miniprogram-simulate with the official WXML compiler. Build first: `npm run build:weapp`.
 *
 * The simulator loads each page path once per file (a module-level cache), so the tests
 * below share one rendered page and run in order.
 */
import path from 'node:path'
import simulate from 'miniprogram-simulate'
import { bootMiniProgram, findNodes, nodeAttr, nodeText, ownText, waitFor, type SimNode } from './harness'

const distRoot = path.resolve(__dirname, '../../dist/weapp')

interface RenderedPage {
  toJSON(): SimNode
  querySelector(selector: string): { dispatchEvent(name: string, options?: object): void } | null
  attach(parent: Element): void
  instance: Record<string, unknown>
}

let page: RenderedPage

beforeAll(async () => {
  bootMiniProgram(distRoot)
  const id = simulate.load(path.join(distRoot, 'pages/login/index'), { compiler: 'official', rootPath: distRoot })
  page = simulate.render(id) as unknown as RenderedPage
  page.attach(document.createElement('parent-wrapper'))
  ;(page.instance.onLoad as (query: object) => void).call(page.instance, {})
  await waitFor(() => inputs().length > 0, 'the login form')
})

const tree = () => page.toJSON()
const byText = (text: string) => findNodes(tree(), (n) => ownText(n) === text)
const inputs = () => findNodes(tree(), (n) => n.tagName === 'wx-input')
const placeholders = () => inputs().map((n) => nodeAttr(n, 'placeholder'))

/** Taps a node through its id, the way the mini-program runtime delivers a user's tap to Taro. */
function tap(node: SimNode | undefined) {
  expect(node).toBeDefined()
  const id = nodeAttr(node!, 'id')
  expect(id).toBeTruthy()
  const target = page.querySelector(`#${String(id)}`)
  expect(target).not.toBeNull()
  target!.dispatchEvent('tap')
}

test('renders the login card with its four tabs', () => {
  expect(byText('登录微谈')).toHaveLength(1)
  for (const label of ['手机号登录', 'ID 登录', '扫码登录', '注册']) {
    expect({ label, found: byText(label).length }).toEqual({ label, found: 1 })
  }
})

test('the phone tab shows a phone input, a password input and the login button', () => {
  const fields = inputs()
  expect(placeholders()).toEqual(['请输入手机号', '请输入密码'])
  expect(nodeAttr(fields[0], 'password')).toBeFalsy()
  expect(nodeAttr(fields[1], 'password')).toBe(true)
  expect(nodeAttr(fields[0], 'maxlength')).toBe(11)

  const buttons = findNodes(tree(), (n) => n.tagName === 'wx-button' && nodeText(n) === '登录')
  expect(buttons).toHaveLength(1)
})

test('tapping 登录 with an empty form shows the validation message inline', async () => {
  const button = findNodes(tree(), (n) => n.tagName === 'wx-button' && nodeText(n) === '登录')[0]
  tap(button)
  await waitFor(() => byText('请输入11位手机号').length === 1, 'the phone validation message')
})

test('tapping the ID tab switches the form to the ID fields', async () => {
  tap(byText('ID 登录')[0])
  await waitFor(() => placeholders()[0] === '请输入 ID', 'the ID form')
  expect(placeholders()).toEqual(['请输入 ID', '请输入密码'])
  expect(byText('微谈 ID')).toHaveLength(1)
})

test('tapping the register tab shows the registration form', async () => {
  tap(byText('注册')[0])
  await waitFor(() => byText('注册微谈账号').length === 1, 'the registration form')
  expect(inputs()).toHaveLength(3)
})
