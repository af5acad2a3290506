import { fireEvent, screen, waitFor } from '@testing-library/react'
import InputArea from '@/components/chat/InputArea'
import type { App } from '@/root/createApp'
import { c2c } from '../helpers/chatFixtures'
import { FakeChatEngine } from '../helpers/fakeChatEngine'
import { renderInApp, mockMethods, testApp } from '../helpers/testApp'

/**
 * The editor and the stored draft: emptying the editor clears the stored draft at once (a reload
 * before leaving the chat saves nothing); a chat opened on a desktop has the editor focused, one
 * opened on a phone does not (the keyboard would cover the chat).
 */
const ME = '10000001'
const PEER = '10000002'
const ID = `C2C${PEER}`
const flush = () => new Promise((r) => setTimeout(r, 0))

let engine: FakeChatEngine
let app: App

function setWidth(width: number) {
  Object.defineProperty(document.documentElement, 'clientWidth', { value: width, configurable: true })
}

/** The chat's editor with a stored draft; the text area is put where the browser's Textarea has it. */
function open(draftText: string) {
  const conversation = c2c(PEER, '李四', { draftText })
  engine.conversations = [conversation]
  app.store.setState({ conversations: { [ID]: conversation }, activeConversationID: ID })
  const view = renderInApp(app, <InputArea conversationID={ID} draft={draftText} inject={null} />)
  const area = document.createElement('textarea')
  screen.getByTestId('chat-editor').appendChild(area)
  return { view, area }
}

const type = (value: string) => fireEvent(screen.getByTestId('chat-editor'), new CustomEvent('input', { bubbles: true, detail: { value, cursor: value.length } }))
const storedDraft = () => app.store.getState().conversations[ID]?.draftText

beforeEach(() => {
  jest.spyOn(console, 'warn').mockImplementation(() => undefined)
  engine = new FakeChatEngine()
  engine.ready = true
  app = testApp(engine)
  mockMethods(app.chat, ['setTyping'])
  app.store.setState({ user: { token: 't', wtId: ME, imToken: 'i', avatar: '', nickName: '张三', vipLevel: 0, vipType: 0 } })
  setWidth(1280)
})

afterAll(() => setWidth(0))

test('clearing the editor clears the stored draft while the chat is still open', async () => {
  open('上次没写完')
  type('')
  await flush()
  expect(engine.setDraft).toHaveBeenCalledWith(ID, '')
  expect(storedDraft()).toBe('')
})

test('typing saves nothing until the chat is left, which saves the text', async () => {
  const { view } = open('草稿')
  type('草稿还在')
  await flush()
  expect(engine.setDraft).not.toHaveBeenCalled()
  view.unmount()
  await flush()
  expect(engine.setDraft).toHaveBeenCalledWith(ID, '草稿还在')
})

test('sending what the editor held also ends the stored draft', async () => {
  const { area } = open('发出去')
  fireEvent.keyDown(area, { key: 'Enter', code: 'Enter', keyCode: 13 })
  await flush()
  expect(engine.setDraft).toHaveBeenCalledWith(ID, '')
  expect(storedDraft()).toBe('')
})

test('on a desktop the editor has the focus once the chat opens', async () => {
  const { area } = open('')
  await waitFor(() => expect(document.activeElement).toBe(area))
})

test('on a phone the editor is not focused (the keyboard would cover the chat)', async () => {
  setWidth(390)
  const { area } = open('')
  await new Promise((resolve) => requestAnimationFrame(() => resolve(null)))
  await flush()
  expect(document.activeElement).not.toBe(area)
})
