import {
  MomentError,
  MomentMediaType,
  MomentVisibility,
  type Moment,
  type MomentLocation,
} from '../../../../types/moments.js'
import type { Paged } from '../../../../types/envelope.js'
import type { Queryable } from '../../db/Db.js'
import { refuse } from '../../domain/refusal.js'
import { audienceAdmits, feedAuthors, nameFor, unixTime, visibleTo } from './access.js'

/** What an upload is called in answers: the URL POST /api/oss/upload gave. */
export const uploadUrl = (id: string) => `/api/oss/file/${id}`
const UPLOAD_REF = /^(?:\/api\/oss\/file\/)?([\w-]{16,64})(?:\?.*)?$/

export interface NewMoment {
  content: string
  images: string[]
  video: string | null
  location: MomentLocation | null
  visibility: MomentVisibility
  tagIds: number[]
}

/** The upload ids behind the references, each the author's own and of the right kind. */
async function ownUploads(q: Queryable, me: string, refs: string[], kind: 'image' | 'video'): Promise<string[]> {
  const foreign = kind === 'image' ? MomentError.ForeignUpload : MomentError.ForeignVideo
  const ids = refs.map((ref) => UPLOAD_REF.exec(ref)?.[1] ?? null)
  if (ids.some((id) => id === null)) throw refuse(foreign)
  const { rows } = await q.query<{ id: string; mime: string }>('SELECT id, mime FROM uploads WHERE owner = $1 AND id = ANY($2::text[])', [me, ids])
  const mimes = new Map(rows.map((r) => [r.id, r.mime]))
  for (const id of ids as string[]) {
    const mime = mimes.get(id)
    if (mime === undefined) throw refuse(foreign)
    if (!mime.startsWith(`${kind}/`)) throw refuse(kind === 'image' ? MomentError.NotImage : MomentError.NotVideo)
  }
  return ids as string[]
}

/** The two-way friends carrying one of my tags now: the audience a Tags or ExceptTags moment keeps. */
async function tagAudience(q: Queryable, me: string, tagIds: number[]): Promise<string[]> {
  const unique = [...new Set(tagIds)]
  const { rows: own } = await q.query<{ n: number }>('SELECT count(*)::int AS n FROM user_tags WHERE owner_wt_id = $1 AND id = ANY($2::bigint[])', [me, unique])
  if (own[0]!.n !== unique.length) throw refuse(MomentError.TagNotFound)
  const { rows } = await q.query<{ wt_id: string }>(
    `SELECT DISTINCT m.wt_id FROM user_tag_members m JOIN user_tags t ON t.id = m.tag_id
     WHERE t.owner_wt_id = $1 AND t.id = ANY($2::bigint[])
       AND EXISTS (SELECT 1 FROM friendships f WHERE f.owner_wt_id = m.wt_id AND f.friend_wt_id = $1)`,
    [me, unique],
  )
  return rows.map((r) => r.wt_id)
}

export async function addMoment(q: Queryable, me: string, body: NewMoment): Promise<Moment> {
  const images = await ownUploads(q, me, body.images, 'image')
  const video = body.video ? await ownUploads(q, me, [body.video], 'video') : []
  const withTags = body.visibility === MomentVisibility.Tags || body.visibility === MomentVisibility.ExceptTags
  const audience = withTags ? await tagAudience(q, me, body.tagIds) : []
  const mediaType = images.length ? MomentMediaType.Images : video.length ? MomentMediaType.Video : MomentMediaType.Text
  const { rows } = await q.query<{ id: string }>(
    `INSERT INTO moments (author_wt_id, content, media_type, location, visibility, tag_ids) VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
    [me, body.content, mediaType, body.location ? JSON.stringify(body.location) : null, body.visibility, withTags ? [...new Set(body.tagIds)] : []],
  )
  const id = Number(rows[0]!.id)
  const files = [...images, ...video]
  if (files.length) {
    await q.query('INSERT INTO moment_files (moment_id, position, upload_id) SELECT $1, p - 1, u FROM unnest($2::text[]) WITH ORDINALITY AS x(u, p)', [id, files])
  }
  if (audience.length) await q.query('INSERT INTO moment_audience (moment_id, wt_id) SELECT $1, unnest($2::text[])', [id, audience])
  return (await momentsWhere(q, me, 'm.id = $2', [id]))[0]!
}

interface MomentRow {
  id: string
  author_wt_id: string
  name: string
  avatar: string
  content: string
  media_type: number
  location: MomentLocation | null
  visibility: number
  created: string
  files: Array<{ id: string; mime: string }>
}

const MOMENT_COLUMNS = `m.id, m.author_wt_id, ${nameFor('u', '$1')} AS name, u.avatar, m.content, m.media_type, m.location, m.visibility,
  ${unixTime('m.created_at')} AS created,
  COALESCE((SELECT json_agg(json_build_object('id', mf.upload_id, 'mime', up.mime) ORDER BY mf.position)
            FROM moment_files mf JOIN uploads up ON up.id = mf.upload_id WHERE mf.moment_id = m.id), '[]') AS files`

/** image/jpeg → jpg: the extension the preview's save checks. */
const formatOf = (mime: string) => {
  const sub = mime.split('/')[1]?.split(';')[0] ?? ''
  return sub === 'jpeg' ? 'jpg' : sub
}

function toMoment(r: MomentRow, viewer: string): Moment {
  const video = r.media_type === MomentMediaType.Video
  return {
    id: Number(r.id),
    wtId: r.author_wt_id,
    nickName: r.name,
    avatar: r.avatar,
    content: r.content,
    mediaType: r.media_type as MomentMediaType,
    images: video ? [] : r.files.map((f) => ({ url: uploadUrl(f.id), format: formatOf(f.mime) })),
    video: video && r.files[0] ? uploadUrl(r.files[0].id) : null,
    location: r.location,
    visibility: (r.author_wt_id === viewer ? r.visibility : MomentVisibility.AllFriends) as MomentVisibility,
    createTime: Number(r.created),
  }
}

/** Moments matching `where` that `$1` may read by id or in an album ($2... are the extra parameters). */
async function momentsWhere(q: Queryable, viewer: string, where: string, params: unknown[]): Promise<Moment[]> {
  const { rows } = await q.query<MomentRow>(
    `SELECT ${MOMENT_COLUMNS} FROM moments m JOIN users u ON u.wt_id = m.author_wt_id
     WHERE ${where} AND ${visibleTo('m', '$1')} ORDER BY m.id DESC`,
    [viewer, ...params],
  )
  return rows.map((r) => toMoment(r, viewer))
}

/** A moment the caller may read; a missing one and a hidden one get the same refusal. */
export async function readableMoment(q: Queryable, viewer: string, id: number): Promise<Moment> {
  const [moment] = await momentsWhere(q, viewer, 'm.id = $2', [id])
  if (!moment) throw refuse(MomentError.NotFound)
  return moment
}

/**
 * The feed (the caller's and their friends' moments, newest first), or with `wtId` one user's
 * album: only what the caller may read, paged as the spec's lists.
 */
export async function listMoments(q: Queryable, viewer: string, page: { pageNum: number; pageSize: number; wtId?: string }): Promise<Paged<Moment>> {
  const offset = (page.pageNum - 1) * page.pageSize
  if (page.wtId) {
    const filter = `FROM moments m WHERE m.author_wt_id = $2 AND ${visibleTo('m', '$1')}`
    const { rows } = await q.query<MomentRow>(
      `SELECT ${MOMENT_COLUMNS} FROM (SELECT m.* ${filter} ORDER BY m.id DESC LIMIT $3 OFFSET $4) m JOIN users u ON u.wt_id = m.author_wt_id ORDER BY m.id DESC`,
      [viewer, page.wtId, page.pageSize, offset],
    )
    const { rows: total } = await q.query<{ n: number }>(`SELECT count(*)::int AS n ${filter}`, [viewer, page.wtId])
    return { rows: rows.map((r) => toMoment(r, viewer)), total: total[0]!.n }
  }
  // The authors' set carries friendship, both flags and the blacklist; only the audience is left.
  const authors = feedAuthors('$1')
  const { rows } = await q.query<MomentRow>(
    `SELECT ${MOMENT_COLUMNS} FROM (SELECT m.* FROM moments m JOIN (${authors}) a ON a.wt_id = m.author_wt_id
       WHERE m.author_wt_id = $1 OR ${audienceAdmits('m', '$1')} ORDER BY m.id DESC LIMIT $2 OFFSET $3) m
     JOIN users u ON u.wt_id = m.author_wt_id ORDER BY m.id DESC`,
    [viewer, page.pageSize, offset],
    { planPerCall: true },
  )
  // The same set as the page's filter, counted from the per-author counts (031_moment_counts.sql).
  const { rows: total } = await q.query<{ n: number }>(
    `WITH a AS (${authors})
     SELECT (COALESCE((SELECT sum(CASE WHEN c.author_wt_id = $1 THEN c.total ELSE c.all_friends END)
                       FROM moment_author_counts c JOIN a ON a.wt_id = c.author_wt_id), 0)
           + (SELECT count(*) FROM moments m JOIN a ON a.wt_id = m.author_wt_id
              WHERE m.author_wt_id <> $1 AND m.visibility IN (${MomentVisibility.Tags}, ${MomentVisibility.ExceptTags}) AND ${audienceAdmits('m', '$1')}))::int AS n`,
    [viewer],
    { planPerCall: true },
  )
  return { rows: rows.map((r) => toMoment(r, viewer)), total: total[0]!.n }
}

/**
 * Deletes my moment; its likes, comments, notices and audience go with it. Answers the users
 * whose notices went (their badge changes) and the uploads no one else uses any more, whose
 * records are gone and whose bytes the caller removes.
 */
export async function removeMoment(q: Queryable, me: string, id: number): Promise<{ noticeOwners: string[]; orphanUploads: string[] }> {
  const { rows } = await q.query<{ author_wt_id: string }>('SELECT author_wt_id FROM moments WHERE id = $1', [id])
  const author = rows[0]?.author_wt_id
  if (!author) throw refuse(MomentError.NotFound)
  if (author !== me) {
    await readableMoment(q, me, id)
    throw refuse(MomentError.NotMomentOwner)
  }
  const { rows: owners } = await q.query<{ owner_wt_id: string }>(
    'SELECT DISTINCT owner_wt_id FROM moment_notices WHERE moment_id = $1 AND NOT is_read',
    [id],
  )
  const { rows: files } = await q.query<{ upload_id: string }>('SELECT upload_id FROM moment_files WHERE moment_id = $1', [id])
  await q.query('DELETE FROM moments WHERE id = $1', [id])
  const candidates = files.map((f) => f.upload_id)
  // Another moment, a message or a favorite of the author may show the same upload; those keep it.
  const { rows: orphans } = candidates.length
    ? await q.query<{ id: string }>(
        `DELETE FROM uploads up WHERE up.id = ANY($1::text[]) AND up.owner = $2
           AND NOT EXISTS (SELECT 1 FROM moment_files mf WHERE mf.upload_id = up.id)
           AND NOT EXISTS (SELECT 1 FROM messages msg WHERE msg.sender = $2 AND strpos(msg.payload::text, up.id) > 0)
           AND NOT EXISTS (SELECT 1 FROM user_collections c WHERE c.wt_id = $2 AND strpos(row_to_json(c)::text, up.id) > 0)
         RETURNING up.id`,
        [candidates, me],
      )
    : { rows: [] }
  return { noticeOwners: owners.map((o) => o.owner_wt_id), orphanUploads: orphans.map((o) => o.id) }
}
