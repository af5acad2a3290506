import type { FastifyRequest } from 'fastify'
import type { Actor } from '../domain/actor.js'
import { sessionOf } from './auth.js'

/** The caller as a use case names them. */
export function actorOf(req: FastifyRequest): Actor {
  const { wtId, tokenHash } = sessionOf(req)
  return { wtId, session: tokenHash }
}
