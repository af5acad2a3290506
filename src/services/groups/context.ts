import { ConvType } from '@shared/chat'
import { isApiError } from '../api/errors'
import { state } from '../chat/context'
import { toast } from '../toast'

export { me, state } from '../chat/context'

/** The group number of a group conversation, from its profile ('' when not known). */
export function groupNumberOf(conversationID: string): string {
  return state().conversations[conversationID]?.groupProfile?.groupNumber ?? ''
}

/** The group conversation of a group number, if this user holds it. */
export function conversationOfGroup(groupNumber: string): string | null {
  for (const c of Object.values(state().conversations)) {
    if (c.type === ConvType.Group && c.groupProfile?.groupNumber === groupNumber) return c.conversationID
  }
  return null
}

/** The server's reason of a failed call, or the fallback when there is none. */
export function reasonOf(err: unknown, fallback: string): string {
  return isApiError(err) && err.msg ? err.msg : fallback
}

/** Runs a group request: the success toast, or the server's reason (else `failed`) as an error toast. */
export async function actWithToasts(call: () => Promise<unknown>, ok: string, failed: string): Promise<boolean> {
  try {
    await call()
  } catch (err) {
    toast.error(reasonOf(err, failed))
    return false
  }
  toast.success(ok)
  return true
}
