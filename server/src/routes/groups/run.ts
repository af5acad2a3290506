import type { AppContext } from '../../context.js'
import type { Queryable } from '../../db/Db.js'
import { newEffects, type GroupEffects } from '../../domain/groups/effects.js'
import { publishEffects } from '../../realtime/groupEvents.js'

/** Runs a group change in one transaction, then tells everyone concerned (only after the commit). */
export async function runGroupChange<T>(ctx: AppContext, fn: (q: Queryable, fx: GroupEffects) => Promise<T>): Promise<T> {
  const fx = newEffects()
  const result = await ctx.db.tx((q) => fn(q, fx))
  await publishEffects(ctx, fx)
  return result
}
