import { ConvType } from '@shared/chat'
import { setPinned } from '../chat'
import { toast } from '../toast'
import { groupApi } from './api'
import { groupNumberOf, reasonOf, state } from './context'
import { GroupToast } from './texts'

/**
 * Pins or unpins a conversation. A group conversation goes through member/setTop with 1 (pin) or
 * 2 (unpin) as spec 4 "Conversations" asks; the server pins the conversation along and pushes
 * it, and the store follows at once so the list moves without waiting for that push.
 */
export async function pinConversation(conversationID: string, isPinned: boolean): Promise<void> {
  const conversation = state().conversations[conversationID]
  const groupNumber = conversation?.type === ConvType.Group ? groupNumberOf(conversationID) : ''
  if (!groupNumber) {
    await setPinned(conversationID, isPinned)
    return
  }
  const topStatus = isPinned ? 1 : 2
  try {
    await groupApi.setTop({ groupNumber, topStatus }, { silent: true })
  } catch (err) {
    toast.error(reasonOf(err, GroupToast.operationFailed))
    throw err
  }
  state().patchConversation(conversationID, { isPinned })
  const info = state().groupInfos[groupNumber]
  if (info) state().patchGroupInfo(groupNumber, { selfMember: { ...info.selfMember, topStatus } })
}
