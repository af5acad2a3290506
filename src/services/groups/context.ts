import { ConvType } from '@shared/chat'
import { isApiError } from '../api/errors'
import type { ServiceContext } from '../context'
import type { GroupApi } from './api'

/** The server's reason of a failed call, or the fallback when there is none. */
export function reasonOf(err: unknown, fallback: string): string {
  return isApiError(err) && err.msg ? err.msg : fallback
}

export type GroupHelpers = ReturnType<typeof createGroupHelpers>

/** What each group module is built on besides the app's context: the endpoints and the shared helpers. */
export interface GroupParts {
  groupApi: GroupApi
  helpers: GroupHelpers
}

/** What the group actions share: finding a group's conversation, and a request with its toasts. */
export function createGroupHelpers({ state, toast }: ServiceContext) {
  /** The group number of a group conversation, from its profile ('' when not known). */
  function groupNumberOf(conversationID: string): string {
    return state().conversations[conversationID]?.groupProfile?.groupNumber ?? ''
  }

  /** The group conversation of a group number, if this user holds it. */
  function conversationOfGroup(groupNumber: string): string | null {
    for (const c of Object.values(state().conversations)) {
      if (c.type === ConvType.Group && c.groupProfile?.groupNumber === groupNumber) return c.conversationID
    }
    return null
  }

  /** Runs a group request: the success toast, or the server's reason (else `failed`) as an error toast. */
  async function actWithToasts(call: () => Promise<unknown>, ok: string, failed: string): Promise<boolean> {
    try {
      await call()
    } catch (err) {
      toast.error(reasonOf(err, failed))
      return false
    }
    toast.success(ok)
    return true
  }

  return { groupNumberOf, conversationOfGroup, actWithToasts }
}
