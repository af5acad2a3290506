import { APP_VERSION, ResultCode, SESSION_ENDING_CODES } from '@shared/codes'
import type { ApiEnvelope } from '@shared/envelope'
import type { AnswerOf, JsonRoute, RouteArgs } from '@shared/routes/route'
import type { HttpMethod, HttpPort } from '@/platform/http'
import { HttpFailure } from '@/platform/httpFailure'
import { stringifyQuery, type Query } from '@/utils/query'
import {
  ApiError,
  ClientErrorCode,
  errorText,
  NETWORK_ERROR_TEXT,
  SESSION_ENDED_TEXT,
  TIMEOUT_ERROR_TEXT,
} from './errors'

/** Spec section 9. */
export const API_TIMEOUT_MS = 60_000
/** The same error text is not shown again within this window (spec section 8). */
export const ERROR_REPEAT_WINDOW_MS = 3000

export interface CallOptions {
  /** Opt out of the automatic error handling: no toast, no session end (QR polling, logout). */
  silent?: boolean
  /**
   * A login call. A 712 answer then carries the two-factor ticket instead of ending the session,
   * and the other session codes are returned to the caller like any error.
   */
  login?: boolean
  timeout?: number
}

export interface ApiClientDeps {
  http: HttpPort
  /** API_BASE + '/api'. */
  baseUrl: string
  token(): string | null
  deviceId(): string
  /** Shows an error toast. */
  showError(message: string): void
  /** Clears the stored session and opens the login page, which says why. */
  endSession(why: string): void
  now(): number
}

/** The transport by path: the spec's headers, the envelope and the error catalogue. */
export interface ApiClient {
  get<T>(path: string, query?: Query, options?: CallOptions): Promise<T>
  post<T>(path: string, body?: unknown, options?: CallOptions): Promise<T>
}

/**
 * What the app calls: a route of the table (types/routes) instead of a path, so the body it
 * takes and the answer it resolves with are the table's.
 */
export interface RouteClient {
  call<R extends JsonRoute>(route: R, ...args: RouteArgs<R, CallOptions>): Promise<AnswerOf<R>>
  /** A GET route with its query string (paged and filtered lists). */
  query<R extends JsonRoute>(route: R, query: Query, options?: CallOptions): Promise<AnswerOf<R>>
}

export function routeClient(client: ApiClient): RouteClient {
  return {
    call<R extends JsonRoute>(route: R, ...[body, options]: RouteArgs<R, CallOptions>) {
      return route.method === 'GET' ? client.get<AnswerOf<R>>(route.path, undefined, options) : client.post<AnswerOf<R>>(route.path, body, options)
    },
    query<R extends JsonRoute>(route: R, query: Query, options?: CallOptions) {
      return client.get<AnswerOf<R>>(route.path, query, options)
    },
  }
}

function asEnvelope(data: unknown): ApiEnvelope<unknown> | null {
  if (typeof data !== 'object' || data === null) return null
  const { code, msg } = data as Partial<ApiEnvelope<unknown>>
  if (typeof code !== 'number') return null
  return { code, msg: typeof msg === 'string' ? msg : '', data: (data as { data?: unknown }).data ?? null }
}

export function createApiClient(deps: ApiClientDeps): ApiClient {
  const lastShown = new Map<string, number>()

  function showOnce(message: string): void {
    const now = deps.now()
    const previous = lastShown.get(message)
    if (previous !== undefined && now - previous < ERROR_REPEAT_WINDOW_MS) return
    for (const [text, at] of lastShown) if (now - at >= ERROR_REPEAT_WINDOW_MS) lastShown.delete(text)
    lastShown.set(message, now)
    deps.showError(message)
  }

  /** Spec section 8 "HTTP", applied to one failed call. Returns the error to reject with. */
  function handleFailure(code: number, serverMsg: string, options: CallOptions): ApiError {
    if (options.silent) return new ApiError(code, code === ResultCode.TwoFactorRequired ? serverMsg : errorText(code, serverMsg), false)
    if (SESSION_ENDING_CODES.includes(code)) {
      if (options.login && code === ResultCode.TwoFactorRequired) return new ApiError(code, serverMsg, true)
      if (!options.login) {
        const text = code === ResultCode.TwoFactorRequired ? SESSION_ENDED_TEXT : serverMsg || SESSION_ENDED_TEXT
        showOnce(text)
        deps.endSession(text)
        return new ApiError(code, text, true)
      }
    }
    const text = errorText(code, serverMsg)
    showOnce(text)
    return new ApiError(code, text, true)
  }

  async function call<T>(method: HttpMethod, path: string, payload: unknown, options: CallOptions = {}): Promise<T> {
    const header: Record<string, string> = {
      'Content-Type': 'application/json',
      'Device-Id': deps.deviceId(),
      'App-Version': APP_VERSION,
    }
    const token = deps.token()
    if (token) header.Authorization = `Bearer ${token}`
    const query = method === 'GET' ? stringifyQuery(payload as Query | undefined) : ''
    let statusCode: number
    let data: unknown
    try {
      ;({ statusCode, data } = await deps.http.request({
        method,
        url: `${deps.baseUrl}${path}${query}`,
        // A JSON content type with an empty body is refused by the server, so POST always sends an object.
        data: method === 'POST' ? (payload ?? {}) : undefined,
        header,
        timeout: options.timeout ?? API_TIMEOUT_MS,
      }))
    } catch (err) {
      const timedOut = err instanceof HttpFailure && err.kind === 'timeout'
      throw handleFailure(
        timedOut ? ClientErrorCode.Timeout : ClientErrorCode.Network,
        timedOut ? TIMEOUT_ERROR_TEXT : NETWORK_ERROR_TEXT,
        options,
      )
    }
    const body = asEnvelope(data)
    if (body && body.code === ResultCode.Ok) return body.data as T
    const code = body ? body.code : statusCode >= 200 && statusCode < 300 ? ResultCode.ServerError : statusCode
    throw handleFailure(code, body?.msg ?? '', options)
  }

  return {
    get: (path, query, options) => call('GET', path, query, options),
    post: (path, body, options) => call('POST', path, body, options),
  }
}
