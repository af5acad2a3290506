import type { IncomingMessage } from 'node:http'
import type { Config } from '../config.js'

/**
 * Browsers always send Origin on a WebSocket upgrade; refusing foreign origins stops other
 * sites from riding a user's token. Clients without an Origin (the mini-program, native
 * tools) are not browsers and are judged by their token alone.
 */
export function originAllowed(req: IncomingMessage, config: Pick<Config, 'publicUrl' | 'allowedOrigins'>): boolean {
  const origin = req.headers.origin
  if (!origin) return true
  let host: string
  try {
    host = new URL(origin).host
  } catch {
    return false
  }
  if (host === req.headers.host) return true
  if (config.publicUrl && new URL(config.publicUrl).origin === origin) return true
  return config.allowedOrigins.includes(origin)
}
