import type { Phrase } from '../../../types/favorites.js'
import type { Queryable } from '../db/Db.js'

const SELECT = 'SELECT id::int AS id, word, word_sort AS "wordSort" FROM user_daily_words'

/** The first read of an account gives it the default set of phrases, once. */
export async function seedPhrases(q: Queryable, me: string): Promise<void> {
  const { rows } = await q.query('INSERT INTO user_daily_word_seeds (wt_id) VALUES ($1) ON CONFLICT DO NOTHING RETURNING wt_id', [me])
  if (rows[0]) await q.query('INSERT INTO user_daily_words (wt_id, word, word_sort) SELECT $1, word, word_sort FROM default_daily_words ORDER BY word_sort', [me])
}

export async function phrasesOf(q: Queryable, me: string): Promise<Phrase[]> {
  const { rows } = await q.query<Phrase>(`${SELECT} WHERE wt_id = $1 ORDER BY word_sort, id`, [me])
  return rows
}

/** How many phrases the user has and the last place, with their user row locked so two adds of one account queue. */
export async function lockedPhraseCount(q: Queryable, me: string): Promise<{ n: number; last: number | null }> {
  await q.query('SELECT 1 FROM users WHERE wt_id = $1 FOR UPDATE', [me])
  const { rows } = await q.query<{ n: number; last: number | null }>('SELECT count(*)::int AS n, max(word_sort)::int AS last FROM user_daily_words WHERE wt_id = $1', [me])
  return rows[0]!
}

/** A phrase of the user's own: the defaults are no longer given to an account that has added one. */
export async function insertPhrase(q: Queryable, me: string, word: string, wordSort: number): Promise<Phrase> {
  await q.query('INSERT INTO user_daily_word_seeds (wt_id) VALUES ($1) ON CONFLICT DO NOTHING', [me])
  const { rows } = await q.query<Phrase>('INSERT INTO user_daily_words (wt_id, word, word_sort) VALUES ($1, $2, $3) RETURNING id::int AS id, word, word_sort AS "wordSort"', [
    me,
    word,
    wordSort,
  ])
  return rows[0]!
}

/** The changed phrase, or null when it is not the user's. */
export async function updatePhrase(q: Queryable, me: string, id: number, word: string, wordSort: number | null): Promise<Phrase | null> {
  const { rows } = await q.query<Phrase>(
    `UPDATE user_daily_words SET word = $3, word_sort = COALESCE($4, word_sort) WHERE id = $1 AND wt_id = $2
     RETURNING id::int AS id, word, word_sort AS "wordSort"`,
    [id, me, word, wordSort],
  )
  return rows[0] ?? null
}

/** Those of `ids` that are the user's. */
export async function ownPhraseIds(q: Queryable, me: string, ids: number[]): Promise<Set<number>> {
  const { rows } = await q.query<{ id: number }>('SELECT id::int AS id FROM user_daily_words WHERE wt_id = $1 AND id = ANY($2::bigint[])', [me, ids])
  return new Set(rows.map((r) => r.id))
}

/** `order` goes first, numbered from 0; the phrases it does not name keep their order after them. */
export async function reorderPhrases(q: Queryable, me: string, order: number[]): Promise<void> {
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
}

export async function deletePhrases(q: Queryable, me: string, ids: number[]): Promise<void> {
  await q.query('DELETE FROM user_daily_words WHERE wt_id = $1 AND id = ANY($2::bigint[])', [me, ids])
}

export async function setPhraseSwitch(q: Queryable, me: string, value: 0 | 1): Promise<void> {
  await q.query(`INSERT INTO user_config (wt_id, phrase_switch) VALUES ($1, $2) ON CONFLICT (wt_id) DO UPDATE SET phrase_switch = EXCLUDED.phrase_switch`, [me, value])
}
