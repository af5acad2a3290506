import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest, onRouteHookHandler, preHandlerHookHandler, RouteHandlerMethod } from 'fastify'
import type { z } from 'zod'
import type { ApiEnvelope } from '../../../types/envelope.js'
import { API_BASE_PATH, type ApiRoute } from '../../../types/routes/route.js'

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The table entry a route was registered from (read by the answer check). */
    apiRoute?: ApiRoute
  }
}

type Parsed<S> = S extends z.ZodType ? z.output<S> : unknown

/** The request as the entry's schemas leave it: body, path parameters and query already parsed. */
export type RouteRequest<R extends ApiRoute> = FastifyRequest<{ Body: Parsed<R['body']>; Params: Parsed<R['params']>; Querystring: Parsed<R['query']> }>

/** A JSON route resolves with the envelope of its answer; a file route with the reply it sent. */
export type RouteResult<R extends ApiRoute> = R['answer'] extends z.ZodType
  ? ApiEnvelope<z.input<R['answer']>>
  : R['answer'] extends { plain: infer P extends z.ZodType }
    ? z.input<P>
    : FastifyReply

export type RouteHandler<R extends ApiRoute> = (req: RouteRequest<R>, reply: FastifyReply) => Promise<RouteResult<R>>

export interface ServeOptions {
  preHandler?: preHandlerHookHandler
  /** Answers this route's failures, validation included, in its own shape (a plain answer's route). */
  errorHandler?: (err: FastifyError, req: FastifyRequest, reply: FastifyReply) => unknown
  /** A larger body than the app's 1 MB (a robot's image comes inside the JSON). */
  bodyLimit?: number
  /**
   * A tighter limit than the app's default (http/rateLimits.ts): `max` requests per `timeWindow` ms per key;
   * `false` exempts the route (probes a load balancer calls from one address).
   */
  rateLimit?: { max: number; timeWindow: number; keyGenerator: (req: FastifyRequest) => string } | false
}

/** Fastify warns (FSTWRN001) about a schema part present but undefined. */
const definedOnly = <T extends object>(o: T) => Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>

/**
 * Registers the handler of a route of the table at /api + its path. Its body, path parameters
 * and query are validated with the entry's schemas (zod, through the app's validator compiler);
 * the answer is checked against the entry where the app turns that on (checkAnswers).
 */
export function serve<R extends ApiRoute>(app: FastifyInstance, route: R, handler: RouteHandler<R>): void
export function serve<R extends ApiRoute>(app: FastifyInstance, route: R, options: ServeOptions, handler: RouteHandler<R>): void
export function serve<R extends ApiRoute>(app: FastifyInstance, route: R, ...rest: [RouteHandler<R>] | [ServeOptions, RouteHandler<R>]): void {
  const [{ rateLimit, ...options }, handler] = rest.length === 1 ? [{} as ServeOptions, rest[0]] : rest
  app.route({
    method: route.method,
    url: API_BASE_PATH + route.path,
    schema: definedOnly({ body: route.body, params: route.params, querystring: route.query }),
    config: { apiRoute: route, ...(rateLimit !== undefined && { rateLimit }) },
    ...options,
    handler: handler as RouteHandlerMethod,
  })
}

/**
 * onRoute hook: an /api route that does not come from the table stops the app at start-up, so
 * the table (and the OpenAPI document made from it) lists every route the server answers.
 */
export function onlyTableRoutes(table: readonly ApiRoute[]): onRouteHookHandler {
  const listed = new Set(table)
  return (route) => {
    const entry = route.config?.apiRoute
    if (!route.url.startsWith(`${API_BASE_PATH}/`) || (entry && listed.has(entry))) return
    throw new Error(`${String(route.method)} ${route.url} is not in the route table (types/routes); register it with serve()`)
  }
}
