import type { AppContext } from '../../context.js'
import type { Queryable } from '../../db/Db.js'
import { change, type Effects } from '../effects.js'
import { settle } from '../publish/index.js'

/** Runs a group change in one transaction, then tells everyone concerned (only after the commit). */
export const runGroupChange = <T>(ctx: AppContext, fn: (q: Queryable, fx: Effects) => Promise<T>): Promise<T> => settle(ctx, change(ctx.db, fn))
