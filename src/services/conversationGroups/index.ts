import { conversationGroupRoutes } from '@shared/routes/conversationGroups'
import { HideStatus, ConversationGroupText, type SessionRelation } from '@shared/conversationGroup'
import type { ServiceContext } from '../context'

export type ConversationGroupsService = ReturnType<typeof createConversationGroups>

/**
 * Conversation groups (分组, spec 2 "Conversation list", 4 "Conversation groups"): the list in the
 * store, kept in step with the user's other devices by the sessionGroups frame, and the changes
 * the tabs manager and the manage-groups screen make, each followed by the new list.
 */
export function createConversationGroups(ctx: ServiceContext) {
  const { api, engine, state, toast } = ctx
  let loading: Promise<void> | null = null
  let again = false

  /** One load at a time; a request during a load makes one more load after it. */
  function reload(): Promise<void> {
    if (loading) {
      again = true
      return loading
    }
    loading = (async () => {
      do {
        again = false
        try {
          state().setConversationGroups(await api.call(conversationGroupRoutes.list, undefined, { silent: true }))
        } catch (err) {
          // Spec 8: fetch failures in stores are logged to the console only.
          console.warn('loading conversation groups failed', err)
        }
      } while (again)
    })().finally(() => {
      loading = null
    })
    return loading
  }

  /** Runs a change, shows its toast (the spec's failure text when it fails) and reads the list again. */
  async function change<T>(run: () => Promise<T>, ok: string | null, failed: string): Promise<T> {
    try {
      const result = await run()
      if (ok) toast.success(ok)
      return result
    } catch (err) {
      toast.error(failed)
      throw err
    } finally {
      void reload()
    }
  }

  const quiet = { silent: true }

  const add = (groupName: string, relationList: SessionRelation[]) =>
    change(() => api.call(conversationGroupRoutes.add, { groupName, relationList }, quiet), ConversationGroupText.Created, ConversationGroupText.ChangeFailed)

  const update = (id: number, groupName: string, relationList: SessionRelation[]) =>
    change(() => api.call(conversationGroupRoutes.update, { id, groupName, relationList }, quiet), ConversationGroupText.Changed, ConversationGroupText.ChangeFailed)

  /** Spec 4: the call sends 1 to show and 0 to hide. */
  const setShown = (id: number, shown: boolean) =>
    change(() => api.call(conversationGroupRoutes.hide, { id, hideStatus: shown ? HideStatus.Shown : HideStatus.Hidden }, quiet), null, ConversationGroupText.ChangeFailed)

  const sort = (ids: number[]) => change(() => api.call(conversationGroupRoutes.sort, { ids }, quiet), null, ConversationGroupText.SortFailed)

  const remove = (ids: number[]) => change(() => api.call(conversationGroupRoutes.delete, { ids }, quiet), ConversationGroupText.Deleted, ConversationGroupText.DeleteFailed)

  let bound = false

  const inSomeGroup = (conversationID: string) => state().conversationGroups.some((g) => g.relationList.some((r) => r.sessionId === conversationID))

  /** Connects the engine's frames to the list; binding again does nothing. */
  function bindConversationGroups(): void {
    if (bound) return
    bound = true
    engine().on('ready', () => void reload())
    engine().on('conversationGroups', (frame) => state().setConversationGroups(frame.groups))
    // The server takes a deleted conversation, or a group the user left, out of every group.
    engine().on('conversationDeleted', () => void reload())
    engine().on('conversationChanged', (c) => {
      if (c.groupProfile && !c.groupProfile.isMember && inSomeGroup(c.conversationID)) void reload()
    })
  }

  return { reload, add, update, setShown, sort, remove, bindConversationGroups }
}
