import fs from 'node:fs/promises'
import path from 'node:path'
import {
  ComplaintTarget,
  ComplaintText,
  DictType,
  splitComplaintImages,
} from '../../../types/complaint.js'
import type { Queryable } from '../db/Db.js'
import { badRequest, notFound } from './refusal.js'
import { dictHasValue } from './dict.js'
import { sniffImage } from './files.js'

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
  const { rows } = await q.query<{ id: string }>('SELECT id FROM uploads WHERE id = ANY($1::text[]) AND owner = $2', [ids, me])
  const mine = new Set(rows.map((r) => r.id))
  for (const id of new Set(ids as string[])) {
    const format = mine.has(id) ? await storedFormat(uploadDir, id) : null
    if (format !== 'png' && format !== 'jpeg') throw badRequest(ComplaintText.ImageNotAllowed)
  }
}

async function checkTarget(q: Queryable, me: string, type: number, targetId: string): Promise<string> {
  if (type === ComplaintTarget.User) {
    const { rows } = await q.query<{ wt_id: string }>('SELECT wt_id FROM users WHERE wt_id = $1 AND wt_id <> $2', [targetId, me])
    if (!rows[0]) throw notFound(ComplaintText.TargetNotFound)
    return rows[0].wt_id
  }
  const { rows } = await q.query<{ group_id: string }>('SELECT group_id FROM groups WHERE group_id = $1 OR group_number = $1', [targetId])
  if (!rows[0]) throw notFound(ComplaintText.TargetNotFound)
  return rows[0].group_id
}

/** Stores a report of a user or a group after checking its target, type and images. */
export async function addComplaint(q: Queryable, uploadDir: string, me: string, input: ComplaintInput): Promise<number> {
  const target = await checkTarget(q, me, input.type, input.targetId)
  const dict = input.type === ComplaintTarget.User ? DictType.UserComplaint : DictType.GroupComplaint
  if (!(await dictHasValue(q, dict, input.complaintType))) throw badRequest(`complaintType: ${ComplaintText.TypeRequired}`)
  const images = splitComplaintImages(input.complaintImage)
  await checkImages(q, uploadDir, me, images)
  const { rows } = await q.query<{ id: number }>(
    `INSERT INTO complaints (reporter_wt_id, target_type, target_id, complaint_type, detail, images)
     VALUES ($1, $2, $3, $4, $5, $6) RETURNING id::int AS id`,
    [me, input.type, target, input.complaintType, input.complaintDetail, JSON.stringify(images)],
  )
  return rows[0]!.id
}
