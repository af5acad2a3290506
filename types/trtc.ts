import { z } from 'zod'

export * from './plain/trtc'

/**
 * TRTC (Tencent real-time audio and video) as the call media path, when the server holds a TRTC
 * application (TRTC_SDK_APP_ID, TRTC_SECRET_KEY). The secret key never leaves the server: a
 * client only ever sees a UserSig signed for its own user.
 */

/** GET /api/media/trtc/userSig: what the TRTC SDKs need to enter a room as the logged-in user. */
export const TrtcUserSig = z.object({
  sdkAppId: z.number().int().positive(),
  /** The TRTC user ID: the user's wtId, so the call messages and the rooms name people alike. */
  userId: z.string().min(1),
  userSig: z.string().min(1),
  /** Unix seconds after which TRTC refuses the signature; the client asks again for each call. */
  expiresAt: z.number().int(),
})
export type TrtcUserSig = z.infer<typeof TrtcUserSig>
