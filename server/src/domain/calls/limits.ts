import { createHmac } from 'node:crypto'
import type { CallConfig } from '../../config.js'
import type { IceConfig } from '../../../../types/call.js'

/**
 * The daily call-time limit of non-members (messaging-app section 4 "Calls from the messaging
 * application"). The caller's client reports a call when it connects, every 60 s and at the end;
 * a call counts from its start to its last report, on the calendar day (in the configured time
 * zone) it started. Members (vipType not 0) are never limited.
 */

export const LIMIT_REACHED_TEXT = '今日通话时长已达上限，请开通会员解锁'

/**
 * ICE servers for a user: the STUN URLs, and the TURN URLs with REST credentials (the scheme
 * coturn's use-auth-secret checks: username `{expiry}:{user}`, password base64 HMAC-SHA1).
 */
export function iceConfig(cfg: CallConfig, wtId: string, nowSeconds = Math.floor(Date.now() / 1000)): IceConfig {
  const iceServers: IceConfig['iceServers'] = []
  if (cfg.stunUrls.length) iceServers.push({ urls: cfg.stunUrls })
  if (cfg.turnUrls.length && cfg.turnSecret) {
    const username = `${nowSeconds + cfg.turnTtlSeconds}:${wtId}`
    const credential = createHmac('sha1', cfg.turnSecret).update(username).digest('base64')
    iceServers.push({ urls: cfg.turnUrls, username, credential })
    return { iceServers, ttl: cfg.turnTtlSeconds, sfu: cfg.janus !== null }
  }
  return { iceServers, ttl: 0, sfu: cfg.janus !== null }
}
