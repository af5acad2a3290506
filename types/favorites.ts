import { z } from 'zod'
import { FAVORITES_PAGE_SIZE, FAVORITES_BATCH_MAX, PHRASE_MAX_CHARS, PHRASES_MAX } from './plain/favorites'

/**
 * Favorites (收藏), quick phrases (常用语) and the official helper (spec 3 "Favorite", "Quick
 * phrase", "Helper question"; spec 7 "Quick phrases, favorites, pinned messages, helper").
 * The add payload of a favorite is CollectionAddBody in messageOps.ts.
 */

export * from './plain/favorites'

const FavoriteId = z.number().int().min(1)

export const CollectionListBody = z.object({
  pageNum: z.number().int().min(1).max(100000).default(1),
  pageSize: z.number().int().min(1).max(50).default(FAVORITES_PAGE_SIZE),
  /** Matched case-insensitively inside the title (file name and place name count as titles). */
  collectTitle: z.string().max(100).default(''),
})
export type CollectionListBody = z.input<typeof CollectionListBody>

/** Spec 3 "Favorite", as the list answers it; file fields carry the upload id and its address. */
export const Favorite = z.object({
  id: z.number().int(),
  contentType: z.number().int(),
  collectTitle: z.string(),
  collectedUserId: z.string(),
  collectedUserName: z.string(),
  /** Unix seconds. */
  createTime: z.number().int(),
  topStatus: z.union([z.literal(0), z.literal(1)]),
  imageUuid: z.string(),
  imageUrl: z.string(),
  videoUuid: z.string(),
  videoUrl: z.string(),
  /** The video's poster address. */
  videoImage: z.string(),
  videoImageAddress: z.string(),
  fileUuid: z.string(),
  fileUrl: z.string(),
  fileName: z.string(),
  fileSize: z.number(),
  fileType: z.string(),
  addressTitle: z.string(),
  lat: z.number().nullable(),
  lng: z.number().nullable(),
  noteContent: z.string(),
})
export type Favorite = z.infer<typeof Favorite>

export const FavoritePage = z.object({ rows: z.array(Favorite), total: z.number().int() })
export type FavoritePage = z.infer<typeof FavoritePage>

export const CollectionBatchDelBody = z.object({ ids: z.array(FavoriteId).min(1, 'ids: 请选择要删除的收藏').max(FAVORITES_BATCH_MAX, `ids: 一次最多删除${FAVORITES_BATCH_MAX}条`) })
export const CollectionTopBody = z.object({ id: FavoriteId })

/** Spec 3 "Quick phrase". */
export const Phrase = z.object({ id: z.number().int(), word: z.string(), wordSort: z.number().int() })
export type Phrase = z.infer<typeof Phrase>

const Word = z
  .string()
  .transform((s) => s.trim())
  .pipe(z.string().min(1, '请输入常用语').max(PHRASE_MAX_CHARS, `常用语不能超过${PHRASE_MAX_CHARS}个字`))
const PhraseIds = z.array(z.number().int().min(1)).min(1).max(PHRASES_MAX)

export const PhraseAddBody = z.object({ word: Word, wordSort: z.number().int().min(0).max(100000).optional() })
export const PhraseUpdateBody = z.object({ id: z.number().int().min(1), word: Word, wordSort: z.number().int().min(0).max(100000).optional() })
export const PhraseSortBody = z.object({ ids: PhraseIds })
export const PhraseDeleteBody = z.object({ ids: PhraseIds })
export const PhraseSwitchBody = z.object({ phraseSwitch: z.union([z.literal(0), z.literal(1)]) })

/** Spec 3 "Helper question", with the optional link of the welcome card's entries. */
export const HelperQuestion = z.object({ id: z.number().int(), question: z.string(), replyMsg: z.string(), jumpUrl: z.string() })
export type HelperQuestion = z.infer<typeof HelperQuestion>
export const HelperQuestionBody = z.object({ id: z.number().int().min(1) })
export const HelperKeyWordBody = z.object({ keyWord: z.string().trim().min(1, '请输入问题').max(200) })
export const HelperAnswer = z.object({
  replyMsg: z.string(),
  /** False when no keyword matched and the answer is the fallback. */
  matched: z.boolean(),
})
export type HelperAnswer = z.infer<typeof HelperAnswer>
