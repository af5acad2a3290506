import { isDeepStrictEqual } from 'node:util'
import type { FastifyReply, FastifyRequest } from 'fastify'
import { z } from 'zod'
import { ResultCode } from '../../../types/codes.js'

/** A successful answer that the route table does not describe: the contract and the code drifted apart. */
export class AnswerDrift extends Error {
  constructor(method: string, path: string, problem: string) {
    super(`${method} ${path}: the answer does not match the route table: ${problem}`)
    this.name = 'AnswerDrift'
  }
}

/** The first field of `sent` that parsing dropped, i.e. one the schema does not declare. */
function undeclaredField(parsed: unknown, sent: unknown, at: string): string | null {
  if (sent === null || typeof sent !== 'object') return null
  for (const [key, value] of Object.entries(sent)) {
    const there = (parsed as Record<string, unknown>)[key]
    if (!Object.hasOwn(parsed as object, key)) return `${at}.${key}`
    const deeper = undeclaredField(there, value, Array.isArray(sent) ? `${at}[${key}]` : `${at}.${key}`)
    if (deeper) return deeper
  }
  return null
}

/**
 * preSerialization hook: the `data` of every successful answer of a table route is checked
 * against the entry's answer schema, as the client will receive it (after JSON), fields the
 * schema does not declare included. Tests and development run with it, so a drifted answer
 * fails there; production skips it (Config.checkAnswers).
 */
export async function checkAnswers(req: FastifyRequest, _reply: FastifyReply, payload: unknown): Promise<unknown> {
  const route = req.routeOptions.config.apiRoute
  if (!route) return payload
  const plain = !(route.answer instanceof z.ZodType) && 'plain' in route.answer ? route.answer.plain : null
  if (!plain && !(route.answer instanceof z.ZodType)) return payload
  const envelope = payload as { code?: unknown; data?: unknown } | null
  if (!plain && envelope?.code !== ResultCode.Ok) return payload
  // A plain answer is checked whole, failures included: they are the contract too.
  const sent: unknown = JSON.parse(JSON.stringify(plain ? payload : (envelope?.data ?? null)))
  const schema = plain ?? (route.answer as z.ZodType)
  const result = schema.safeParse(sent)
  if (!result.success) throw new AnswerDrift(route.method, route.path, z.prettifyError(result.error))
  if (!isDeepStrictEqual(result.data, sent)) {
    const field = undeclaredField(result.data, sent, 'data')
    throw new AnswerDrift(route.method, route.path, field ? `${field} is not declared` : 'the schema changes the data (answer schemas take no defaults or transforms)')
  }
  return payload
}
