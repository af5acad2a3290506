import type { Queryable } from '../../db/Db.js'
import { badRequest } from '../refusal.js'

/** A device-local address (a browser blob, a mini-program temp file): the upload has not finished. */
export const LOCAL_FILE = /^(blob:|wxfile:|http:\/\/tmp\/|file:)/

const UPLOAD_ID = /^[\w-]{16,64}$/
const UPLOAD_URL = /\/api\/oss\/file\/([\w-]{16,64})(?:[?#].*)?$/

/** The upload id a message names its file by: the id itself or its /api/oss/file/<id> address. */
export function uploadIdOf(ref: string): string | null {
  if (UPLOAD_ID.test(ref)) return ref
  return UPLOAD_URL.exec(ref)?.[1] ?? null
}

export const uploadUrl = (id: string) => (id ? `/api/oss/file/${id}` : '')

/**
 * The upload ids behind the given fields, each checked to exist: a favorite keeps its file by id,
 * so it still opens after the message is revoked or the conversation deleted. Empty fields stay empty.
 */
export async function resolveUploads<K extends string>(q: Queryable, refs: Record<K, string | undefined>): Promise<Record<K, string>> {
  const out = {} as Record<K, string>
  const wanted = new Map<string, K[]>()
  for (const [field, ref] of Object.entries(refs) as Array<[K, string | undefined]>) {
    out[field] = ''
    if (!ref) continue
    const id = uploadIdOf(ref)
    if (!id) throw badRequest(`${field}: 不是本站上传的文件`)
    wanted.set(id, [...(wanted.get(id) ?? []), field])
  }
  if (!wanted.size) return out
  const { rows } = await q.query<{ id: string }>('SELECT id FROM uploads WHERE id = ANY($1::text[])', [[...wanted.keys()]])
  const found = new Set(rows.map((r) => r.id))
  for (const [id, fields] of wanted) {
    if (!found.has(id)) throw badRequest(`${fields[0]}: 文件不存在`)
    for (const f of fields) out[f] = id
  }
  return out
}
