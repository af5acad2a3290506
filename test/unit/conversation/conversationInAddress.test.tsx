import { act } from '@testing-library/react'
import { useConversationInAddress } from '@/pages/messages/useConversationInAddress'
import { appLocation } from '@/platform/location'
import type { App } from '@/root/createApp'
import type { ChatService } from '@/services/chat'
import type { AppStore } from '@/stores'
import { setCurrentRoute } from '../../setup/taroState'
import { mockedWith, renderHookInApp, testApp } from '../helpers/testApp'

// Like the real actions: opening makes the conversation active, closing clears it.
const chatMocks = (store: () => ReturnType<AppStore['getState']>) => ({
  openConversation: jest.fn(async (id: string) => {
    if (id === 'C2Cbad') throw new Error('进入会话失败')
    store().setActiveConversation(id)
  }),
  closeConversation: jest.fn(() => store().setActiveConversation(null)),
})

let app: App
let useAppStore: AppStore
let mocked: jest.Mocked<ChatService>
const renderHook = <R,>(hook: () => R) => renderHookInApp(app, hook)

let addresses: string[]
beforeEach(() => {
  app = testApp()
  useAppStore = app.store
  mocked = mockedWith(app.chat, chatMocks(() => useAppStore.getState()))
  useAppStore.setState({
    user: { token: 't', wtId: '10000001', imToken: 'i', avatar: '', nickName: '张三', vipLevel: 0, vipType: 0 },
  })
  addresses = []
  jest.spyOn(appLocation, 'replaceUrl').mockImplementation((url) => {
    addresses.push(url)
  })
})

const flush = () => act(async () => undefined)

test('a link naming a conversation opens it once messaging is ready, and the address follows the open chat', async () => {
  setCurrentRoute('/pages/messages/index?conversationID=C2C10000002&qrLogin=abc')
  const { unmount } = renderHook(() => useConversationInAddress())
  await flush()
  expect(mocked.openConversation).not.toHaveBeenCalled()
  expect(addresses).toEqual([])

  act(() => useAppStore.setState({ imReady: true }))
  await flush()
  expect(mocked.openConversation).toHaveBeenCalledWith('C2C10000002')
  expect(addresses[addresses.length - 1]).toBe('/messages?conversationID=C2C10000002')

  act(() => useAppStore.getState().setActiveConversation('GROUPG1'))
  expect(addresses[addresses.length - 1]).toBe('/messages?conversationID=GROUPG1')
  act(() => useAppStore.getState().setActiveConversation(null))
  expect(addresses[addresses.length - 1]).toBe('/messages')

  // Leaving the page leaves the conversation.
  act(() => useAppStore.getState().setActiveConversation('GROUPG1'))
  unmount()
  expect(mocked.closeConversation).toHaveBeenCalled()
})

test('a conversation that cannot be opened leaves the address', async () => {
  setCurrentRoute('/pages/messages/index?conversationID=C2Cbad')
  useAppStore.setState({ imReady: true })
  renderHook(() => useConversationInAddress())
  await flush()
  expect(mocked.openConversation).toHaveBeenCalledWith('C2Cbad')
  expect(addresses[addresses.length - 1]).toBe('/messages')
})

test('without a link nothing is opened', async () => {
  setCurrentRoute('/pages/messages/index')
  useAppStore.setState({ imReady: true })
  renderHook(() => useConversationInAddress())
  await flush()
  expect(mocked.openConversation).not.toHaveBeenCalled()
  expect(addresses).toEqual(['/messages'])
})

test('a page left behind (or a logged-out user) never rewrites the address', async () => {
  setCurrentRoute('/pages/messages/index')
  useAppStore.setState({ imReady: true })
  renderHook(() => useConversationInAddress())
  await flush()
  const written = addresses.length
  setCurrentRoute('/pages/login/index?redirect=%2Fmessages')
  act(() => useAppStore.getState().setActiveConversation('C2C10000002'))
  expect(addresses).toHaveLength(written)
  setCurrentRoute('/pages/messages/index')
  act(() => useAppStore.setState({ user: null }))
  act(() => useAppStore.getState().setActiveConversation('C2C10000003'))
  expect(addresses).toHaveLength(written)
})
