import { CollectContentType } from '@shared/messageOps'
import { FAVORITES_PAGE_SIZE, FavoriteText, type Favorite, type HelperQuestion, type Phrase } from '@shared/favorites'
import { favoriteRoutes } from '@shared/routes/favorites'
import { mergePage, movePhrase, sortFavorites, withoutRows, withTopStatus } from '@/domain/favorites/favoriteList'
import { collectMessageData } from '@/domain/favorites/collectMessage'
import type { FavoriteListKey } from '@/stores/slices/favorites'
import type { ServiceContext } from '../context'
import type { StoredMedia } from '../chat/send'

interface ChatSend {
  sendText(conversationID: string, text: string): Promise<void>
  sendCustom(conversationID: string, data: object, description?: string): Promise<void>
  sendStored(conversationID: string, stored: StoredMedia): Promise<void>
}

/** Favorites, quick phrases and the official helper: the calls of spec 7 and the store they fill. */
export function createFavorites(ctx: ServiceContext, chat: ChatSend) {
  const { api, store, toast } = ctx
  const lists = () => store.getState().favoriteLists
  const setList = (key: FavoriteListKey, update: Parameters<ReturnType<typeof store.getState>['setFavoriteList']>[1]) =>
    store.getState().setFavoriteList(key, update)

  /** Page 1 (a new search) replaces the list, a later page appends (spec 4). An answer for an older search is dropped. */
  async function loadFavorites(key: FavoriteListKey, pageNum: number, query: string): Promise<void> {
    setList(key, (l) => ({ ...l, loading: true, ...(pageNum === 1 ? { query } : {}) }))
    try {
      const page = await api.call(favoriteRoutes.collectionList, { pageNum, pageSize: FAVORITES_PAGE_SIZE, collectTitle: query })
      if (lists()[key].query !== query) return
      setList(key, (l) => mergePage(l, page, pageNum, query))
    } catch (err) {
      setList(key, (l) => ({ ...l, loading: false }))
      console.warn('favorites load failed', err)
    }
  }

  const bothLists = (update: Parameters<typeof setList>[1]) => {
    setList('page', update)
    setList('panel', update)
  }

  async function setTop(f: Favorite, on: boolean): Promise<void> {
    await api.call(on ? favoriteRoutes.collectionTopSet : favoriteRoutes.collectionTopCancel, { id: f.id })
    bothLists((l) => withTopStatus(l, f.id, on ? 1 : 0))
    toast.success(on ? FavoriteText.Pinned : FavoriteText.Unpinned)
  }

  async function deleteFavorites(ids: number[]): Promise<void> {
    await api.call(favoriteRoutes.collectionBatchDel, { ids })
    bothLists((l) => withoutRows(l, new Set(ids)))
    toast.success(FavoriteText.Deleted)
  }

  /** A note of the user's own (content type 99), shown at the top of the page's list. */
  async function addNote(text: string): Promise<void> {
    const { id } = await api.call(favoriteRoutes.collectionAdd, { contentType: CollectContentType.Note, collectTitle: text })
    toast.success('已保存笔记')
    const { query } = lists().page
    await loadFavorites('page', 1, query)
    void id
  }

  /**
   * Sends a favorite into a chat as what it is: text and links as text (what the receiver expects
   * to copy and click), a picture as a picture and a file as a file, from the stored upload;
   * everything else (video, place, note) as the spec's `collect` card, which the receiver opens
   * (docs/ui-favorites.md).
   */
  async function sendFavorite(conversationID: string, f: Favorite): Promise<void> {
    if (f.contentType === CollectContentType.Text || f.contentType === CollectContentType.Link) return chat.sendText(conversationID, f.collectTitle)
    if (f.contentType === CollectContentType.Image && f.imageUrl) return chat.sendStored(conversationID, { kind: 'image', url: f.imageUrl, name: '', size: 0 })
    if (f.contentType === CollectContentType.File && f.fileUrl) return chat.sendStored(conversationID, { kind: 'file', url: f.fileUrl, name: f.fileName || f.collectTitle, size: f.fileSize })
    const { data, description } = collectMessageData(f)
    return chat.sendCustom(conversationID, data, description)
  }

  async function loadPhrases(): Promise<Phrase[]> {
    const phrases = await api.call(favoriteRoutes.phraseList)
    store.getState().setPhrases(phrases)
    return phrases
  }
  const phrases = () => store.getState().phrases ?? []

  /** Answers the stored phrase, so the list can bring it into view. */
  async function addPhrase(word: string): Promise<Phrase> {
    const added = await api.call(favoriteRoutes.phraseAdd, { word })
    store.getState().setPhrases([...phrases(), added])
    return added
  }

  async function updatePhrase(id: number, word: string): Promise<void> {
    const saved = await api.call(favoriteRoutes.phraseUpdate, { id, word })
    store.getState().setPhrases(phrases().map((p) => (p.id === id ? saved : p)))
  }

  async function deletePhrase(id: number): Promise<void> {
    await api.call(favoriteRoutes.phraseDelete, { ids: [id] })
    store.getState().setPhrases(phrases().filter((p) => p.id !== id))
  }

  /** Shown at once, saved after; a refused save puts the server's order back. */
  async function movePhraseTo(from: number, to: number): Promise<void> {
    const before = phrases()
    const next = movePhrase(before, from, to)
    if (next === before) return
    store.getState().setPhrases(next)
    try {
      store.getState().setPhrases(await api.call(favoriteRoutes.phraseSort, { ids: next.map((p) => p.id) }))
    } catch (err) {
      store.getState().setPhrases(before)
      throw err
    }
  }

  async function setPhraseSwitch(on: boolean): Promise<void> {
    const { phraseSwitch } = await api.call(favoriteRoutes.phraseSwitch, { phraseSwitch: on ? 1 : 0 })
    const config = store.getState().userConfig
    if (config) store.getState().setUserConfig({ ...config, phraseSwitch })
  }

  const helperQuestions = (): Promise<HelperQuestion[]> => api.call(favoriteRoutes.helperList)
  /** The question and its answer arrive in the helper conversation as messages. */
  const askHelper = async (id: number): Promise<void> => void (await api.call(favoriteRoutes.helperQuestion, { id }))

  return {
    loadFavorites,
    setTop,
    deleteFavorites,
    addNote,
    sendFavorite,
    sortFavorites,
    loadPhrases,
    addPhrase,
    updatePhrase,
    deletePhrase,
    movePhraseTo,
    setPhraseSwitch,
    helperQuestions,
    askHelper,
  }
}

export type FavoritesService = ReturnType<typeof createFavorites>
