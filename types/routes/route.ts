import type { z } from 'zod'
import { refuseControlChars } from '../text'

/** Every route of the table lives under this path. */
export const API_BASE_PATH = '/api'

export type RouteMethod = 'GET' | 'POST'

/** An answer that is a file of this content type instead of the JSON envelope. */
export interface FileAnswer {
  file: string
}

/**
 * A JSON answer sent as it is, without the {code, msg, data} envelope: the group robots' webhook,
 * which answers in WeCom's shape so that tools written for WeCom read it.
 */
export interface PlainAnswer {
  plain: z.ZodType
}

/**
 * One /api route: where it is, what it takes and what it answers. The server registers its
 * handler from this entry, the client calls it by this entry, and the OpenAPI document is
 * made from the table.
 */
export interface ApiRoute {
  method: RouteMethod
  /** Under /api, with Fastify's `:name` for a path parameter. */
  path: string
  summary: string
  params?: z.ZodObject
  query?: z.ZodObject
  /** The JSON body, validated before the handler runs. */
  body?: z.ZodType
  /** A multipart form instead of a JSON body: the handler reads it as a stream, so only the document uses it. */
  form?: z.ZodObject
  /** The `data` of the `{code, msg, data}` answer, a file, or a plain answer. */
  answer: z.ZodType | FileAnswer | PlainAnswer
}

/** A route with a JSON body (or none) and a JSON answer: what the client's api module calls. */
export interface JsonRoute extends ApiRoute {
  params?: undefined
  form?: undefined
  answer: z.ZodType
}

/**
 * Keeps the literal method and path of an entry and checks it against ApiRoute. Everything a
 * client sends (body, path parameters, query) refuses control characters, naming the field.
 */
export const route = <const R extends ApiRoute>(entry: R): R => ({
  ...entry,
  ...(entry.body && { body: refuseControlChars(entry.body) }),
  ...(entry.params && { params: refuseControlChars(entry.params) }),
  ...(entry.query && { query: refuseControlChars(entry.query) }),
})

export type BodyOf<R extends ApiRoute> = R['body'] extends z.ZodType ? z.input<R['body']> : undefined
export type AnswerOf<R extends JsonRoute> = z.output<R['answer']>

/** The arguments after the route: a body when the route takes one, then the caller's options. */
export type RouteArgs<R extends JsonRoute, Options> = R['body'] extends z.ZodType
  ? [body: z.input<R['body']>, options?: Options]
  : [body?: undefined, options?: Options]
