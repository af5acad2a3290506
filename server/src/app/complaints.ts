import fs from 'node:fs/promises'
import path from 'node:path'
import { AdminText } from '../../../types/admin.js'
import { ComplaintTarget, ComplaintText, DictType, splitComplaintImages } from '../../../types/complaint.js'
import type { AppContext } from '../context.js'
import { groupIdOf, insertComplaint, ownUploads, reportableUser } from '../data/complaints.js'
import { dictHasValue } from '../data/dict.js'
import type { Queryable } from '../db/Db.js'
import { sniffImage } from '../domain/files.js'
import { badRequest, notFound } from '../domain/refusal.js'
import { serverMsgId } from '../domain/serverMsgIds.js'
import { outcome, record, newEffects, type Outcome } from './effects.js'

export interface ComplaintInput {
  complaintDetail: string
  complaintImage: string
  complaintType: string
  targetId: string
  type: number
}

/** An upload of this server: its path, optionally with the origin and the ?t= media token. */
const UPLOAD_URL = /^(?:https?:\/\/[^/?#]+)?\/api\/oss\/file\/([\w-]{16,64})(?:\?[^#]*)?$/

/** The sniffed image format of a stored upload, from its first bytes. */
async function storedFormat(uploadDir: string, id: string): Promise<string | null> {
  const file = await fs.open(path.join(uploadDir, id), 'r').catch(() => null)
  if (!file) return null
  try {
    const head = Buffer.alloc(16)
    await file.read(head, 0, 16, 0)
    return sniffImage(head)
  } finally {
    await file.close()
  }
}

/**
 * Every image must be a png or jpeg the reporter uploaded here. The stored bytes decide, not
 * the URL, the file name or the type recorded at upload (a plain file upload keeps its name's type).
 */
async function checkImages(q: Queryable, uploadDir: string, me: string, urls: string[]): Promise<void> {
  const ids = urls.map((u) => UPLOAD_URL.exec(u)?.[1])
  if (ids.some((id) => !id)) throw badRequest(ComplaintText.ImageNotAllowed)
  const mine = await ownUploads(q, ids as string[], me)
  for (const id of new Set(ids as string[])) {
    const format = mine.has(id) ? await storedFormat(uploadDir, id) : null
    if (format !== 'png' && format !== 'jpeg') throw badRequest(ComplaintText.ImageNotAllowed)
  }
}

async function checkTarget(q: Queryable, me: string, type: number, targetId: string): Promise<string> {
  const target = type === ComplaintTarget.User ? await reportableUser(q, me, targetId) : await groupIdOf(q, targetId)
  if (!target) throw notFound(ComplaintText.TargetNotFound)
  return target
}

/**
 * A report of a user or a group, stored after checking its target, type and images; the helper
 * then thanks the reporter (spec section 8).
 */
export async function fileComplaint(ctx: Pick<AppContext, 'db' | 'config'>, me: string, input: ComplaintInput): Promise<Outcome<number>> {
  const q = ctx.db
  const target = await checkTarget(q, me, input.type, input.targetId)
  const dict = input.type === ComplaintTarget.User ? DictType.UserComplaint : DictType.GroupComplaint
  if (!(await dictHasValue(q, dict, input.complaintType))) throw badRequest(`complaintType: ${ComplaintText.TypeRequired}`)
  const images = splitComplaintImages(input.complaintImage)
  await checkImages(q, ctx.config.uploadDir, me, images)
  const id = await insertComplaint(q, { reporter: me, targetType: input.type, target, complaintType: input.complaintType, detail: input.complaintDetail, images })
  return outcome(id, record(newEffects(), { kind: 'helperNotice', to: me, key: serverMsgId('report', String(id)), text: AdminText.ReportThanks }))
}
