import { act, fireEvent, screen } from '@testing-library/react'
import type { ReactElement } from 'react'
import { LoadingBar } from '@/components/common/LoadingBar'
import { ToastHost } from '@/components/common/ToastHost'
import { TOAST_GAP_PX, TOAST_HEIGHT_PX, TOAST_TOP_PX, toastTop } from '@/components/common/toastLayout'
import type { App } from '@/root/createApp'
import { TOAST_DURATION_MS, TOAST_LEAVE_MS, type Toast } from '@/services/toast'
import type { AppStore } from '@/stores'
import { emitPageEvent } from '../../setup/taroState'
import { renderInApp, testApp } from '../helpers/testApp'

let app: App
let useAppStore: AppStore
let toast: Toast
const render = (ui: ReactElement) => renderInApp(app, ui)

beforeEach(() => {
  jest.useFakeTimers()
  app = testApp()
  ;({ store: useAppStore, toast } = app)
})

afterEach(() => {
  jest.useRealTimers()
})

const shown = () => screen.queryAllByTestId('toast')
const tops = () => shown().map((el) => (el as HTMLElement).style.top)
const texts = () => shown().map((el) => el.textContent)

test('the stack starts 30 px from the top with 20 px between toasts', () => {
  expect([TOAST_TOP_PX, TOAST_GAP_PX]).toEqual([30, 20])
  expect([0, 1, 2].map(toastTop)).toEqual([30, 30 + TOAST_HEIGHT_PX + 20, 30 + 2 * (TOAST_HEIGHT_PX + 20)])
})

test('each type renders with its data-type, in the order shown', () => {
  render(<ToastHost />)
  act(() => {
    toast.info('提示')
    toast.waring('注意')
    toast.error('出错了')
    toast.success('修改成功')
  })
  expect(shown().map((el) => el.getAttribute('data-type'))).toEqual(['info', 'waring', 'error', 'success'])
  expect(texts().map((t) => t?.slice(1))).toEqual(['提示', '注意', '出错了', '修改成功'])
  expect(tops()).toEqual(['30px', '90px', '150px', '210px'])
})

test('a toast stays 3000 ms, slides out, is removed, and the rest move up', () => {
  render(<ToastHost />)
  act(() => {
    toast.error('first')
  })
  act(() => {
    jest.advanceTimersByTime(1000)
    toast.success('second')
    toast.info('third', { duration: 10_000 })
  })
  expect(tops()).toEqual(['30px', '90px', '150px'])

  act(() => {
    jest.advanceTimersByTime(TOAST_DURATION_MS - 1000)
  })
  // Sliding out: still in its slot, so nothing below it has moved yet.
  expect(shown()[0]!.className).toContain('wt-toast--leaving')
  expect(tops()).toEqual(['30px', '90px', '150px'])

  act(() => {
    jest.advanceTimersByTime(TOAST_LEAVE_MS)
  })
  expect(texts().map((t) => t?.slice(1))).toEqual(['second', 'third'])
  expect(tops()).toEqual(['30px', '90px'])

  act(() => {
    jest.advanceTimersByTime(1000 + TOAST_LEAVE_MS)
  })
  expect(texts().map((t) => t?.slice(1))).toEqual(['third'])
  expect(tops()).toEqual(['30px'])
})

test('the default duration is 3000 ms and 0 keeps a toast until it is closed', () => {
  expect(TOAST_DURATION_MS).toBe(3000)
  render(<ToastHost />)
  act(() => {
    toast.waring('留着', { duration: 0, showClose: true })
    toast.info('走了')
  })
  expect(useAppStore.getState().toasts.map((t) => t.duration)).toEqual([0, 3000])
  act(() => {
    jest.advanceTimersByTime(60_000)
  })
  expect(texts()).toHaveLength(1)
  expect(screen.queryAllByTestId('toast-close')).toHaveLength(1)
})

test('the close icon is optional and dismisses its toast', () => {
  render(<ToastHost />)
  act(() => {
    toast.info('plain')
    toast.error('closable', { showClose: true })
  })
  const closes = screen.getAllByTestId('toast-close')
  expect(closes).toHaveLength(1)
  act(() => {
    fireEvent.click(closes[0]!)
  })
  expect(shown()[1]!.className).toContain('wt-toast--leaving')
  act(() => {
    jest.advanceTimersByTime(TOAST_LEAVE_MS)
  })
  expect(texts().map((t) => t?.slice(1))).toEqual(['plain'])
})

test('a host on a page covered by another page renders nothing', () => {
  render(<ToastHost />)
  act(() => {
    toast.info('x', { duration: 0 })
  })
  expect(shown()).toHaveLength(1)
  act(() => emitPageEvent('hide'))
  expect(shown()).toHaveLength(0)
  act(() => emitPageEvent('show'))
  expect(shown()).toHaveLength(1)
})

test('the loading bar shows the store state', () => {
  render(<LoadingBar />)
  const bar = () => screen.getByTestId('loading-bar')
  expect(bar().getAttribute('data-state')).toBe('idle')
  for (const state of ['loading', 'done', 'error'] as const) {
    act(() => useAppStore.getState().setLoadingBar(state))
    expect(bar().getAttribute('data-state')).toBe(state)
    expect(bar().className).toContain(`wt-loading-bar--${state}`)
  }
})
