import { FavoriteText, PHRASES_MAX, type Phrase } from '../../../../types/favorites.js'
import type { Db, Queryable } from '../../db/Db.js'
import { badRequest, notFound } from '../refusal.js'

const SELECT = 'SELECT id::int AS id, word, word_sort AS "wordSort" FROM user_daily_words'

/** The caller's quick phrases in their order; the first read of an account gives it the default set. */
export async function listPhrases(db: Db, me: string): Promise<Phrase[]> {
  await db.tx(async (q) => {
    const { rows } = await q.query('INSERT INTO user_daily_word_seeds (wt_id) VALUES ($1) ON CONFLICT DO NOTHING RETURNING wt_id', [me])
    if (rows[0]) await q.query('INSERT INTO user_daily_words (wt_id, word, word_sort) SELECT $1, word, word_sort FROM default_daily_words ORDER BY word_sort', [me])
  })
  return phrasesOf(db, me)
}

async function phrasesOf(q: Queryable, me: string): Promise<Phrase[]> {
  const { rows } = await q.query<Phrase>(`${SELECT} WHERE wt_id = $1 ORDER BY word_sort, id`, [me])
  return rows
}

/** A new phrase goes last unless the caller gives its place. */
export async function addPhrase(db: Db, me: string, word: string, wordSort: number | undefined): Promise<Phrase> {
  return db.tx(async (q) => {
    // Serialises two adds of one account, so the count and the end position hold.
    await q.query('SELECT 1 FROM users WHERE wt_id = $1 FOR UPDATE', [me])
    const { rows: s } = await q.query<{ n: number; last: number | null }>('SELECT count(*)::int AS n, max(word_sort)::int AS last FROM user_daily_words WHERE wt_id = $1', [me])
    if (s[0]!.n >= PHRASES_MAX) throw badRequest(`word: 最多保存${PHRASES_MAX}条常用语`)
    await q.query('INSERT INTO user_daily_word_seeds (wt_id) VALUES ($1) ON CONFLICT DO NOTHING', [me])
    const { rows } = await q.query<Phrase>(
      'INSERT INTO user_daily_words (wt_id, word, word_sort) VALUES ($1, $2, $3) RETURNING id::int AS id, word, word_sort AS "wordSort"',
      [me, word, wordSort ?? (s[0]!.last ?? -1) + 1],
    )
    return rows[0]!
  })
}

export async function updatePhrase(q: Queryable, me: string, id: number, word: string, wordSort: number | undefined): Promise<Phrase> {
  const { rows } = await q.query<Phrase>(
    `UPDATE user_daily_words SET word = $3, word_sort = COALESCE($4, word_sort) WHERE id = $1 AND wt_id = $2
     RETURNING id::int AS id, word, word_sort AS "wordSort"`,
    [id, me, word, wordSort ?? null],
  )
  if (!rows[0]) throw notFound(FavoriteText.PhraseNotFound)
  return rows[0]
}

async function checkOwned(q: Queryable, me: string, ids: number[]): Promise<void> {
  const { rows } = await q.query<{ id: number }>('SELECT id::int AS id FROM user_daily_words WHERE wt_id = $1 AND id = ANY($2::bigint[])', [me, ids])
  const mine = new Set(rows.map((r) => r.id))
  const foreign = ids.filter((id) => !mine.has(id))
  if (foreign.length) throw badRequest(`ids: ${FavoriteText.PhraseNotFound}: ${foreign.slice(0, 10).join(', ')}`)
}

/** `ids` in their new order go first, numbered from 0; phrases not named keep their order after them. */
export async function sortPhrases(db: Db, me: string, ids: number[]): Promise<Phrase[]> {
  const order = [...new Set(ids)]
  return db.tx(async (q) => {
    await checkOwned(q, me, order)
    await q.query(
      `UPDATE user_daily_words w SET word_sort = o.pos - 1 FROM unnest($2::bigint[]) WITH ORDINALITY AS o(id, pos)
       WHERE w.wt_id = $1 AND w.id = o.id`,
      [me, order],
    )
    await q.query(
      `UPDATE user_daily_words w SET word_sort = $3 + r.n FROM
         (SELECT id, row_number() OVER (ORDER BY word_sort, id)::int AS n FROM user_daily_words WHERE wt_id = $1 AND NOT (id = ANY($2::bigint[]))) r
       WHERE w.id = r.id`,
      [me, order, order.length - 1],
    )
    return phrasesOf(q, me)
  })
}

/** All or none: an id that is not the caller's refuses the batch. */
export async function deletePhrases(db: Db, me: string, ids: number[]): Promise<number> {
  const unique = [...new Set(ids)]
  return db.tx(async (q) => {
    await checkOwned(q, me, unique)
    await q.query('DELETE FROM user_daily_words WHERE wt_id = $1 AND id = ANY($2::bigint[])', [me, unique])
    return unique.length
  })
}

export async function setPhraseSwitch(q: Queryable, me: string, value: 0 | 1): Promise<{ phraseSwitch: number }> {
  await q.query(
    `INSERT INTO user_config (wt_id, phrase_switch) VALUES ($1, $2) ON CONFLICT (wt_id) DO UPDATE SET phrase_switch = EXCLUDED.phrase_switch`,
    [me, value],
  )
  return { phraseSwitch: value }
}
