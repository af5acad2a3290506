import type { AdminDictEntry } from '../../../types/admin.js'
import type { DictEntry } from '../../../types/complaint.js'
import type { Queryable } from '../db/Db.js'

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
 * primary key includes the value, so the old value goes and the new one is written. Run it in a
 * transaction.
 */
export async function replaceSingleDictValue(q: Queryable, dictType: string, value: string, label: string): Promise<void> {
  await q.query('DELETE FROM dict_data WHERE dict_type = $1 AND dict_value <> $2', [dictType, value])
  await q.query(
    `INSERT INTO dict_data (dict_type, dict_value, dict_label, dict_sort) VALUES ($1, $2, $3, 0)
     ON CONFLICT (dict_type, dict_value) DO UPDATE SET dict_label = EXCLUDED.dict_label`,
    [dictType, value, label],
  )
}

/** The entries of these dictionaries, as the operator's console lists them. */
export async function dictEntries(q: Queryable, dictTypes: readonly string[]): Promise<AdminDictEntry[]> {
  const { rows } = await q.query<AdminDictEntry>(
    `SELECT dict_type AS "dictType", dict_value AS "dictValue", dict_label AS "dictLabel", dict_sort AS "dictSort"
     FROM dict_data WHERE dict_type = ANY($1::text[]) ORDER BY dict_type, dict_sort, dict_value`,
    [dictTypes],
  )
  return rows
}

export async function upsertDictEntry(q: Queryable, e: AdminDictEntry): Promise<void> {
  await q.query(
    `INSERT INTO dict_data (dict_type, dict_value, dict_label, dict_sort) VALUES ($1, $2, $3, $4)
     ON CONFLICT (dict_type, dict_value) DO UPDATE SET dict_label = EXCLUDED.dict_label, dict_sort = EXCLUDED.dict_sort`,
    [e.dictType, e.dictValue, e.dictLabel, e.dictSort],
  )
}

/** Answers whether the entry was there. */
export async function deleteDictEntry(q: Queryable, dictType: string, dictValue: string): Promise<boolean> {
  const r = await q.query('DELETE FROM dict_data WHERE dict_type = $1 AND dict_value = $2', [dictType, dictValue])
  return r.rowCount === 1
}
