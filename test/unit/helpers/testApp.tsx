import { render, renderHook, type RenderOptions } from '@testing-library/react'
import type { PropsWithChildren, ReactElement } from 'react'
import type { ChatEngine } from '@/engines/chat/ChatEngine'
import { AppProvider } from '@/root/AppContext'
import { createApp, type App, type AppDeps } from '@/root/createApp'

/** A fresh app for one test: its own store and services, on the given chat engine (a fake, usually). */
export function testApp(chatEngine?: ChatEngine, deps: AppDeps = {}): App {
  return createApp(chatEngine ? { ...deps, chatEngine: () => chatEngine } : deps)
}

const providerOf = (app: App) =>
  function TestAppProvider({ children }: PropsWithChildren) {
    return <AppProvider app={app}>{children}</AppProvider>
  }

/** Renders inside the app's provider, as every page is rendered. */
export function renderInApp(app: App, ui: ReactElement, options: Omit<RenderOptions, 'wrapper'> = {}) {
  return render(ui, { ...options, wrapper: providerOf(app) })
}

/** Runs a hook inside the app's provider. */
export function renderHookInApp<R>(app: App, hook: () => R) {
  return renderHook(hook, { wrapper: providerOf(app) })
}

/**
 * The functions of a service (all, or the named ones) replaced by mocks that return nothing, as
 * jest's automock does for a module. The service object itself is changed, so the components and
 * services that call through it get the mocks.
 */
export function mockMethods<T extends object>(service: T, keys: ReadonlyArray<keyof T> = Object.keys(service) as Array<keyof T>): T {
  for (const key of keys) {
    if (typeof service[key] === 'function') jest.spyOn(service, key as never).mockImplementation((() => undefined) as never)
  }
  return service
}

/** Puts the given mocks in place of some of a service's functions, as a jest.mock factory does for a module. */
export function mockedWith<T extends object>(service: T, mocks: { [K in keyof T]?: unknown }): jest.Mocked<T> {
  return Object.assign(service, mocks) as unknown as jest.Mocked<T>
}
