import { ResultCode } from '../../../types/codes.js'
import { MEMBER_UPLOAD_FACTOR } from '../../../types/member.js'
import { UPLOAD_BUDGET_TEXT } from '../../../types/upload.js'
import type { AppContext } from '../context.js'
import { bytesUploadedSince, findUpload, recordUpload, type UploadRecord } from '../data/uploads.js'
import { isMember } from './calls/limits.js'
import { Refusal } from '../domain/refusal.js'

type Ctx = Pick<AppContext, 'db' | 'config'>

/**
 * Records an uploaded file within the account's byte budget of the last hour, all its devices
 * together; members get MEMBER_UPLOAD_FACTOR times the budget (what /member promises).
 */
export async function recordWithinBudget(ctx: Ctx, u: UploadRecord): Promise<void> {
  const budget = ctx.config.rateLimits.uploadBytesPerHour * ((await isMember(ctx.db, u.owner)) ? MEMBER_UPLOAD_FACTOR : 1)
  if ((await bytesUploadedSince(ctx.db, u.owner, 3600)) + u.size > budget) {
    throw new Refusal(ResultCode.TooManyRequests, UPLOAD_BUDGET_TEXT)
  }
  await recordUpload(ctx.db, u)
}

export const uploadedFile = (ctx: Pick<AppContext, 'db'>, id: string) => findUpload(ctx.db, id)
