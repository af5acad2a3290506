import type { AnswerOf, JsonRoute, RouteArgs } from '@shared/routes/route'

/**
 * The HTTP side of the self-hosted engine (/api/im/*, groups, search). The app wires it to its
 * /api client, so the error catalogue (toasts, session end) applies; `silent` opts a call out of
 * it for background work, whose failures are only logged (spec 8: fetch failures in stores).
 */
export interface ImCallOptions {
  silent?: boolean
}

export interface ImHttp {
  /** Calls a route of the table; resolves with the answer's data, rejects when the answer's code is not 200 or there is none. */
  call<R extends JsonRoute>(route: R, ...args: RouteArgs<R, ImCallOptions>): Promise<AnswerOf<R>>
}
