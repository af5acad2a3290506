import type { DictEntry } from '../../../types/complaint.js'
import type { AppContext } from '../context.js'
import * as dict from '../data/dict.js'

/** One dictionary list in display order (the report types); an unknown type is an empty list. */
export const dictList = (ctx: Pick<AppContext, 'db'>, dictType: string): Promise<DictEntry[]> => dict.dictList(ctx.db, dictType)
