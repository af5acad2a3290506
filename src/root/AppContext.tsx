import { createContext, useContext, type PropsWithChildren } from 'react'
import { useStore } from 'zustand'
import type { AppState } from '@/stores'
import type { App } from './createApp'

const AppContext = createContext<App | null>(null)

/** Gives the pages and components below it their app (src/app.ts wraps every page in it). */
export function AppProvider({ app, children }: PropsWithChildren<{ app: App }>) {
  return <AppContext.Provider value={app}>{children}</AppContext.Provider>
}

/** The app this component belongs to: its services, engines and store. */
export function useApp(): App {
  const app = useContext(AppContext)
  if (!app) throw new Error('useApp() outside an AppProvider')
  return app
}

/** The app, or null for a component drawn outside one (a unit test of a bare component). */
export function useOptionalApp(): App | null {
  return useContext(AppContext)
}

/** A value selected from the app's state; the component renders again when it changes. */
export function useAppStore<T>(selector: (state: AppState) => T): T {
  return useStore(useApp().store, selector)
}
