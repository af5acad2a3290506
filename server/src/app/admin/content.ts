import { EDITABLE_DICTS, type AdminDictEntry, type HelperEntry, type HelperSaveBody } from '../../../../types/admin.js'
import { MEDIA_SWITCH_DICT } from '../../../../types/call.js'
import type { AppContext } from '../../context.js'
import { deleteDictEntry, dictEntries, replaceSingleDictValue, upsertDictEntry } from '../../data/dict.js'
import { deleteHelperReply, helperEntries, saveHelperReply, setHelperKeywords } from '../../data/helperReplies.js'
import type { Db, Queryable } from '../../db/Db.js'
import { audit } from '../../data/admin/audit.js'
import { badRequest, notFound } from '../../domain/refusal.js'

type Ctx = Pick<AppContext, 'db'>

/** Every FAQ entry (hidden ones too) with its keywords, in the FAQ's order. */
export const listHelperEntries = (ctx: Ctx): Promise<HelperEntry[]> => helperEntries(ctx.db)

async function helperEntry(q: Queryable, id: number): Promise<HelperEntry> {
  const entry = (await helperEntries(q)).find((e) => e.id === id)
  if (!entry) throw notFound('问题不存在')
  return entry
}

/** Creates or changes an entry (its keywords move to it), then the audit log has it. */
export async function saveHelperEntry(ctx: Ctx, operator: string, b: HelperSaveBody): Promise<HelperEntry> {
  const { before, after } = await ctx.db.tx(async (q) => {
    const before = b.id === undefined ? null : await helperEntry(q, b.id)
    const id = await saveHelperReply(q, b)
    await setHelperKeywords(q, id, [...new Set(b.keywords.map((k) => k.toLowerCase()))])
    return { before, after: await helperEntry(q, id) }
  })
  await audit(ctx.db, operator, 'helper.save', String(after.id), before, after)
  return after
}

export async function deleteHelperEntry(ctx: Ctx, operator: string, id: number): Promise<void> {
  const before = await helperEntry(ctx.db, id)
  await deleteHelperReply(ctx.db, id)
  await audit(ctx.db, operator, 'helper.delete', String(id), before, null)
}

export const editableDicts = (ctx: Ctx): Promise<AdminDictEntry[]> => dictEntries(ctx.db, EDITABLE_DICTS)

/**
 * Makes `value` the one entry of a single-valued dictionary key (web_media_switch), in one
 * transaction: the old value goes and the new one is written.
 */
export const setSingleDictValue = (db: Db, dictType: string, value: string, label = dictType): Promise<void> =>
  db.tx((q) => replaceSingleDictValue(q, dictType, value, label))

/** web_media_switch holds one value, 1 (calls on) or 0; the report types are lists. Answers the lists after the change. */
export async function saveDictEntry(ctx: Ctx, operator: string, e: AdminDictEntry): Promise<AdminDictEntry[]> {
  const before = (await editableDicts(ctx)).filter((x) => x.dictType === e.dictType)
  if (e.dictType === MEDIA_SWITCH_DICT) {
    if (e.dictValue !== '0' && e.dictValue !== '1') throw badRequest('dictValue: web_media_switch 只能是 1（开）或 0（关）')
    await setSingleDictValue(ctx.db, MEDIA_SWITCH_DICT, e.dictValue, e.dictLabel)
  } else {
    await upsertDictEntry(ctx.db, e)
  }
  const after = await editableDicts(ctx)
  await audit(ctx.db, operator, 'dict.save', e.dictType, before, after.filter((x) => x.dictType === e.dictType))
  return after
}

/** Answers the lists after the change. */
export async function removeDictEntry(ctx: Ctx, operator: string, entry: { dictType: string; dictValue: string }): Promise<AdminDictEntry[]> {
  if (entry.dictType === MEDIA_SWITCH_DICT) throw badRequest('web_media_switch 不能删除，请把值改为 0 关闭')
  if (!(await deleteDictEntry(ctx.db, entry.dictType, entry.dictValue))) throw notFound('字典项不存在')
  await audit(ctx.db, operator, 'dict.delete', entry.dictType, entry, null)
  return editableDicts(ctx)
}
