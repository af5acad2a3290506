import { useDidHide, useDidShow } from '@tarojs/taro'
import { useCallback, useEffect, useRef, useState } from 'react'
import { appLocation } from '@/platform/location'
import { useApp } from '@/root/AppContext'
import type { App } from '@/root/createApp'
import { splitUrl, stringifyQuery } from '@/utils/query'
import { currentQuery, matchPath, openPath, routeByName } from './navigation'
import type { RouteName } from './routes'

export type Access = { kind: 'allow' } | { kind: 'redirect'; to: string }

export const NOT_FOUND_PATH = '/404'

/** The login page URL that brings the user back to `pathWithQuery` afterwards. */
export function loginRedirectUrl(pathWithQuery: string): string {
  return `/login?redirect=${encodeURIComponent(pathWithQuery)}`
}

function isH5Path(path: string): boolean {
  return path === '/h5' || path.startsWith('/h5/')
}

/**
 * The route guard of spec section 2, as a pure function of the path (query included) and whether
 * a user token exists. Paths under /h5 skip every check; guests may open guest and public routes.
 */
export function resolveAccess(pathWithQuery: string, session: { loggedIn: boolean }): Access {
  const { path } = splitUrl(pathWithQuery)
  if (isH5Path(path)) return { kind: 'allow' }
  const match = matchPath(pathWithQuery)
  if (!match) return { kind: 'redirect', to: NOT_FOUND_PATH }
  if (match.route.access === 'login' && !session.loggedIn) return { kind: 'redirect', to: loginRedirectUrl(pathWithQuery) }
  return { kind: 'allow' }
}

/**
 * The H5 launch URL the router should see: /moments/{id} becomes /moments/detail?id={id}, Taro page
 * paths and trailing slashes become the public path, anything else outside the route table /404.
 * Null keeps the URL as it is.
 */
export function bootRewrite(path: string, search: string): string | null {
  if (path === '/' || path === '') return null
  const match = matchPath(path + search)
  if (!match) return NOT_FOUND_PATH
  const { route } = match
  if (route.path === '/' && path === `/${route.page}`) return null
  const canonical = route.path + (route.name === 'momentDetail' ? stringifyQuery(match.query) : search)
  return canonical === path + search ? null : canonical
}

export type GuardStatus = 'checking' | 'allowed' | 'redirecting'

/** Runs the guard for the current page; resolves with what the page should do. */
export async function runRouteGuard(app: Pick<App, 'store' | 'messaging'>, name: RouteName): Promise<GuardStatus> {
  const route = routeByName(name)
  const store = app.store.getState()
  appLocation.setTitle(route.title)
  store.setLoadingBar('loading')
  const pathWithQuery = route.path + stringifyQuery(currentQuery())
  try {
    const access = resolveAccess(pathWithQuery, { loggedIn: store.user !== null })
    if (access.kind === 'redirect') {
      app.store.getState().setLoadingBar('done')
      await openPath(access.to, 'redirect')
      return 'redirecting'
    }
    if (route.access === 'login') {
      try {
        await app.messaging.messagingLogin()
      } catch (err) {
        console.warn('messaging login failed', err)
        app.store.getState().setLoadingBar('error')
        await openPath(loginRedirectUrl(pathWithQuery), 'redirect')
        return 'redirecting'
      }
    }
    app.store.getState().setLoadingBar('done')
    return 'allowed'
  } catch (err) {
    console.error('route guard failed', err)
    app.store.getState().setLoadingBar('error')
    return 'allowed'
  }
}

/**
 * Every page calls this (through its layout): sets the title from routes.json, applies the guard,
 * logs the messaging service in first on login-only routes, and drives the loading bar. It runs
 * again when a page hidden under another one is shown again, since the session may have changed.
 */
export function useRouteGuard(name: RouteName): GuardStatus {
  const app = useApp()
  const [status, setStatus] = useState<GuardStatus>('checking')
  const hidden = useRef(false)
  const alive = useRef(true)

  const run = useCallback(() => {
    void runRouteGuard(app, name).then((next) => {
      if (alive.current) setStatus(next)
    })
  }, [app, name])

  useEffect(() => {
    alive.current = true
    run()
    return () => {
      alive.current = false
    }
  }, [run])

  useDidHide(() => {
    hidden.current = true
  })
  useDidShow(() => {
    if (!hidden.current) return
    hidden.current = false
    run()
  })

  return status
}
