import type { DictEntry } from '../../../types/complaint.js'
import type { Db, Queryable } from '../db/Db.js'

/** One dictionary list in display order; an unknown type is an empty list. */
export async function dictList(q: Queryable, dictType: string): Promise<DictEntry[]> {
  const { rows } = await q.query<{ dict_label: string; dict_value: string; dict_sort: number }>(
    'SELECT dict_label, dict_value, dict_sort FROM dict_data WHERE dict_type = $1 ORDER BY dict_sort, dict_value',
    [dictType],
  )
  return rows.map((r) => ({ dictLabel: r.dict_label, dictValue: r.dict_value, dictSort: r.dict_sort }))
}

export async function dictHasValue(q: Queryable, dictType: string, value: string): Promise<boolean> {
  const { rows } = await q.query('SELECT 1 FROM dict_data WHERE dict_type = $1 AND dict_value = $2', [dictType, value])
  return rows.length > 0
}

/**
 * Makes `value` the one entry of a single-valued dictionary key (web_media_switch): the entries'
 * primary key includes the value, so the old value goes and the new one is written, in one
 * transaction.
 */
export async function setSingleDictValue(db: Db, dictType: string, value: string, label = dictType): Promise<void> {
  await db.tx(async (q) => {
    await q.query('DELETE FROM dict_data WHERE dict_type = $1 AND dict_value <> $2', [dictType, value])
    await q.query(
      `INSERT INTO dict_data (dict_type, dict_value, dict_label, dict_sort) VALUES ($1, $2, $3, 0)
       ON CONFLICT (dict_type, dict_value) DO UPDATE SET dict_label = EXCLUDED.dict_label`,
      [dictType, value, label],
    )
  })
}
