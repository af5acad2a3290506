import { Api } from 'tls-sig-api-v2'
import { TRTC_NOT_CONFIGURED, type TrtcUserSig } from '../../../../types/trtc.js'
import type { TrtcConfig } from '../../config.js'
import { refuse } from '../refusal.js'

/**
 * The TRTC UserSig of one user, signed with the application's secret key (Tencent's published
 * algorithm through its own library), valid the configured time from now.
 */
export function issueTrtcUserSig(cfg: TrtcConfig | null, userId: string, now: () => number = Date.now): TrtcUserSig {
  if (!cfg) throw refuse(TRTC_NOT_CONFIGURED)
  const issuedAt = Math.floor(now() / 1000)
  const userSig = new Api(cfg.sdkAppId, cfg.secretKey).genUserSig(userId, cfg.userSigTtlSeconds)
  return { sdkAppId: cfg.sdkAppId, userId, userSig, expiresAt: issuedAt + cfg.userSigTtlSeconds }
}
