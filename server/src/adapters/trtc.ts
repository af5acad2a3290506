import { Api } from 'tls-sig-api-v2'
import { TRTC_NOT_CONFIGURED, type TrtcUserSig } from '../../../types/trtc.js'
import type { TrtcConfig } from '../config.js'
import { refuse } from '../domain/refusal.js'

/** Signs TRTC UserSigs for this server's application. */
export interface TrtcSigner {
  /** The UserSig of one user, valid the configured time from now; 501 without a TRTC application. */
  userSig(userId: string): TrtcUserSig
}

/** Tencent's published algorithm through its own library, with the application's secret key. */
export function issueTrtcUserSig(cfg: TrtcConfig | null, userId: string, now: () => number = Date.now): TrtcUserSig {
  if (!cfg) throw refuse(TRTC_NOT_CONFIGURED)
  const issuedAt = Math.floor(now() / 1000)
  const userSig = new Api(cfg.sdkAppId, cfg.secretKey).genUserSig(userId, cfg.userSigTtlSeconds)
  return { sdkAppId: cfg.sdkAppId, userId, userSig, expiresAt: issuedAt + cfg.userSigTtlSeconds }
}

export const trtcSigner = (cfg: TrtcConfig | null, now: () => number = Date.now): TrtcSigner => ({ userSig: (userId) => issueTrtcUserSig(cfg, userId, now) })
