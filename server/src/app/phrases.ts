import { FavoriteText, PHRASES_MAX, type Phrase } from '../../../types/favorites.js'
import type { AppContext } from '../context.js'
import * as phrases from '../data/phrases.js'
import type { Queryable } from '../db/Db.js'
import { badRequest, notFound } from '../domain/refusal.js'

/** Quick phrases: every call is the caller's own. */

type Ctx = Pick<AppContext, 'db'>

/** The caller's quick phrases in their order; the first read of an account gives it the default set. */
export async function listPhrases(ctx: Ctx, me: string): Promise<Phrase[]> {
  await ctx.db.tx((q) => phrases.seedPhrases(q, me))
  return phrases.phrasesOf(ctx.db, me)
}

/** A new phrase goes last unless the caller gives its place. */
export const addPhrase = (ctx: Ctx, me: string, word: string, wordSort: number | undefined): Promise<Phrase> =>
  ctx.db.tx(async (q) => {
    const { n, last } = await phrases.lockedPhraseCount(q, me)
    if (n >= PHRASES_MAX) throw badRequest(`word: 最多保存${PHRASES_MAX}条常用语`)
    return phrases.insertPhrase(q, me, word, wordSort ?? (last ?? -1) + 1)
  })

export async function updatePhrase(ctx: Ctx, me: string, id: number, word: string, wordSort: number | undefined): Promise<Phrase> {
  const phrase = await phrases.updatePhrase(ctx.db, me, id, word, wordSort ?? null)
  if (!phrase) throw notFound(FavoriteText.PhraseNotFound)
  return phrase
}

/** All or none: an id that is not the caller's refuses the batch, and is named. */
async function checkOwned(q: Queryable, me: string, ids: number[]): Promise<void> {
  const mine = await phrases.ownPhraseIds(q, me, ids)
  const foreign = ids.filter((id) => !mine.has(id))
  if (foreign.length) throw badRequest(`ids: ${FavoriteText.PhraseNotFound}: ${foreign.slice(0, 10).join(', ')}`)
}

/** `ids` in their new order go first, numbered from 0; phrases not named keep their order after them. */
export function sortPhrases(ctx: Ctx, me: string, ids: number[]): Promise<Phrase[]> {
  const order = [...new Set(ids)]
  return ctx.db.tx(async (q) => {
    await checkOwned(q, me, order)
    await phrases.reorderPhrases(q, me, order)
    return phrases.phrasesOf(q, me)
  })
}

export function deletePhrases(ctx: Ctx, me: string, ids: number[]): Promise<number> {
  const unique = [...new Set(ids)]
  return ctx.db.tx(async (q) => {
    await checkOwned(q, me, unique)
    await phrases.deletePhrases(q, me, unique)
    return unique.length
  })
}

export async function setPhraseSwitch(ctx: Ctx, me: string, value: 0 | 1): Promise<{ phraseSwitch: number }> {
  await phrases.setPhraseSwitch(ctx.db, me, value)
  return { phraseSwitch: value }
}
