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
