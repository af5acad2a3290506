import type { SearchResult } from '../../../types/search.js'
import type { AppContext } from '../context.js'
import { searchById as byId } from '../data/searchById.js'

/** Exact match on a user ID, a phone number or a group number: active users first (the ID before the phone), then live groups. */
export const searchById = (ctx: Pick<AppContext, 'db'>, id: string): Promise<SearchResult[]> => byId(ctx.db, id)
