import type { FastifyRequest } from 'fastify'
import type { ClientInfo } from '../domain/login.js'

export function clientInfo(req: FastifyRequest): ClientInfo {
  const deviceId = req.headers['device-id']
  return {
    ip: req.ip,
    deviceId: typeof deviceId === 'string' ? deviceId : '',
    userAgent: req.headers['user-agent'] ?? '',
  }
}
