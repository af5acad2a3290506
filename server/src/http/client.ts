import type { FastifyRequest } from 'fastify'
import type { Config } from '../config.js'
import type { ClientInfo } from '../domain/clientInfo.js'

/** The origin a link or QR code should point at: PUBLIC_URL, else the origin this request came to. */
export function publicOrigin(config: Pick<Config, 'publicUrl'>, req: FastifyRequest): string {
  if (config.publicUrl) return config.publicUrl
  const origin = req.headers.origin
  if (typeof origin === 'string' && /^https?:\/\//.test(origin)) return origin
  return `${req.protocol}://${req.host}`
}

export function clientInfo(req: FastifyRequest): ClientInfo {
  const deviceId = req.headers['device-id']
  return {
    ip: req.ip,
    deviceId: typeof deviceId === 'string' ? deviceId : '',
    userAgent: req.headers['user-agent'] ?? '',
  }
}
