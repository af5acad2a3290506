// The part of types/trtc.ts without zod: constants, texts and plain functions, which the
// client imports without the schemas (types/trtc.ts re-exports all of it).
import { ResultCode } from '../codes'

/** Without a TRTC application the UserSig route answers this (never a 500). */
export const TRTC_NOT_CONFIGURED = { code: ResultCode.NotConfigured, msg: '服务端未配置实时音视频（TRTC）' } as const

/** The TRTC room of a call: its inviteID, so both sides find it from the call messages alone. */
export const trtcRoomOf = (inviteID: string): string => inviteID
