import { EDITABLE_DICTS, type AdminDictEntry, type HelperEntry, type HelperSaveBody } from '../../../../types/admin.js'
import { MEDIA_SWITCH_DICT } from '../../../../types/call.js'
import type { Db, Queryable } from '../../db/Db.js'
import { setSingleDictValue } from '../dict.js'
import { badRequest, notFound } from '../refusal.js'

/** Every FAQ entry (hidden ones too) with its keywords, in the FAQ's order. */
export async function helperEntries(q: Queryable): Promise<HelperEntry[]> {
  const { rows } = await q.query<HelperEntry>(
    `SELECT r.id, r.question, r.reply_msg AS "replyMsg", r.jump_url AS "jumpUrl", r.sort, r.enabled,
            COALESCE((SELECT array_agg(k.keyword ORDER BY k.keyword) FROM helper_keywords k WHERE k.reply_id = r.id), ARRAY[]::text[]) AS keywords
     FROM helper_replies r ORDER BY r.sort, r.id`,
  )
  return rows
}

async function helperEntry(q: Queryable, id: number): Promise<HelperEntry> {
  const entry = (await helperEntries(q)).find((e) => e.id === id)
  if (!entry) throw notFound('问题不存在')
  return entry
}

/** Creates or changes an entry; a keyword belongs to one entry, so naming it here moves it. */
export async function saveHelperEntry(db: Db, b: HelperSaveBody): Promise<{ before: HelperEntry | null; after: HelperEntry }> {
  return db.tx(async (q) => {
    const before = b.id === undefined ? null : await helperEntry(q, b.id)
    const { rows } =
      b.id === undefined
        ? await q.query<{ id: number }>('INSERT INTO helper_replies (question, reply_msg, jump_url, sort, enabled) VALUES ($1, $2, $3, $4, $5) RETURNING id', [b.question, b.replyMsg, b.jumpUrl, b.sort, b.enabled])
        : await q.query<{ id: number }>('UPDATE helper_replies SET question = $2, reply_msg = $3, jump_url = $4, sort = $5, enabled = $6 WHERE id = $1 RETURNING id', [b.id, b.question, b.replyMsg, b.jumpUrl, b.sort, b.enabled])
    const id = rows[0]!.id
    const keywords = [...new Set(b.keywords.map((k) => k.toLowerCase()))]
    await q.query('DELETE FROM helper_keywords WHERE reply_id = $1 OR keyword = ANY($2::text[])', [id, keywords])
    if (keywords.length) await q.query('INSERT INTO helper_keywords (keyword, reply_id) SELECT k, $2 FROM unnest($1::text[]) AS t(k)', [keywords, id])
    return { before, after: await helperEntry(q, id) }
  })
}

export async function deleteHelperEntry(q: Queryable, id: number): Promise<HelperEntry> {
  const before = await helperEntry(q, id)
  await q.query('DELETE FROM helper_replies WHERE id = $1', [id])
  return before
}

export async function editableDicts(q: Queryable): Promise<AdminDictEntry[]> {
  const { rows } = await q.query<AdminDictEntry>(
    `SELECT dict_type AS "dictType", dict_value AS "dictValue", dict_label AS "dictLabel", dict_sort AS "dictSort"
     FROM dict_data WHERE dict_type = ANY($1::text[]) ORDER BY dict_type, dict_sort, dict_value`,
    [EDITABLE_DICTS],
  )
  return rows
}

/** web_media_switch holds one value, 1 (calls on) or 0; the report types are lists. */
export async function saveDictEntry(db: Db, e: AdminDictEntry): Promise<void> {
  if (e.dictType === MEDIA_SWITCH_DICT) {
    if (e.dictValue !== '0' && e.dictValue !== '1') throw badRequest('dictValue: web_media_switch 只能是 1（开）或 0（关）')
    await setSingleDictValue(db, MEDIA_SWITCH_DICT, e.dictValue, e.dictLabel)
    return
  }
  await db.query(
    `INSERT INTO dict_data (dict_type, dict_value, dict_label, dict_sort) VALUES ($1, $2, $3, $4)
     ON CONFLICT (dict_type, dict_value) DO UPDATE SET dict_label = EXCLUDED.dict_label, dict_sort = EXCLUDED.dict_sort`,
    [e.dictType, e.dictValue, e.dictLabel, e.dictSort],
  )
}

export async function deleteDictEntry(q: Queryable, dictType: string, dictValue: string): Promise<void> {
  if (dictType === MEDIA_SWITCH_DICT) throw badRequest('web_media_switch 不能删除，请把值改为 0 关闭')
  const r = await q.query('DELETE FROM dict_data WHERE dict_type = $1 AND dict_value = $2', [dictType, dictValue])
  if (r.rowCount !== 1) throw notFound('字典项不存在')
}
