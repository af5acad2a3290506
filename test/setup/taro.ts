/**
 * @tarojs/taro for unit tests: the H5 implementation, with the router APIs replaced by recorders
 * (there is no Taro router under Jest) and the page lifecycle hooks turned into effects that tests
 * can fire with emitPageEvent.
 */
import { useEffect, useRef } from 'react'
import { setCurrentRoute, taroState } from './taroState'

// The H5 package puts its APIs (request, storage…) in named exports and the core in the default one.
const actual = jest.requireActual('@tarojs/taro-h5') as Record<string, unknown> & { default?: Record<string, unknown> }
const base: Record<string, unknown> = { ...actual, ...(actual.default ?? {}) }
delete base.default

function recorder(method: string) {
  return jest.fn(async (option: { url: string }) => {
    taroState.navigations.push({ method, url: option.url })
    setCurrentRoute(option.url)
    return { errMsg: `${method}:ok` }
  })
}

export const navigateTo = recorder('navigateTo')
export const redirectTo = recorder('redirectTo')
export const reLaunch = recorder('reLaunch')
export const switchTab = recorder('switchTab')
export const navigateBack = jest.fn(async () => ({ errMsg: 'navigateBack:ok' }))

export function getCurrentInstance() {
  return { router: { path: taroState.route.path, params: { ...taroState.route.params, $taroTimestamp: '1' } }, page: null, app: null }
}

function pageHook(event: 'show' | 'hide', callOnMount: boolean) {
  return (fn: () => void) => {
    const ref = useRef(fn)
    ref.current = fn
    useEffect(() => {
      const listener = () => ref.current()
      taroState.listeners[event].add(listener)
      if (callOnMount) listener()
      return () => {
        taroState.listeners[event].delete(listener)
      }
    }, [])
  }
}

export const useDidShow = pageHook('show', true)
export const useDidHide = pageHook('hide', false)

function mountEffect(fn: (...args: never[]) => void) {
  useEffect(() => {
    fn()
  }, [])
}

export const useLoad = mountEffect
export const useReady = mountEffect
export function useUnload(fn: () => void) {
  useEffect(() => fn, [])
}
export function useRouter() {
  return getCurrentInstance().router
}

const Taro = {
  ...base,
  navigateTo,
  redirectTo,
  reLaunch,
  switchTab,
  navigateBack,
  getCurrentInstance,
  useDidShow,
  useDidHide,
  useLoad,
  useReady,
  useUnload,
  useRouter,
}

// Named imports of any other API (`import { showToast } from '@tarojs/taro'`) work as in the build.
for (const [key, value] of Object.entries(base)) {
  if (!(key in exports)) (exports as Record<string, unknown>)[key] = value
}

export default Taro
