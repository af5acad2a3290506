import { ConvType } from '@shared/chat'
import type { ChatService } from '../chat'
import type { ServiceContext } from '../context'
import { reasonOf, type GroupParts } from './context'
import { GroupToast } from './texts'

export function createPin({ state, toast }: ServiceContext, { groupApi, helpers, chat }: GroupParts & { chat: Pick<ChatService, 'setPinned'> }) {
  const { groupNumberOf } = helpers

  /**
   * Pins or unpins a conversation. A group conversation goes through member/setTop with 1 (pin) or
   * 2 (unpin) as spec 4 "Conversations" asks; the server pins the conversation along and pushes
   * it, and the store follows at once so the list moves without waiting for that push.
   */
  async function pinConversation(conversationID: string, isPinned: boolean): Promise<void> {
    const conversation = state().conversations[conversationID]
    const groupNumber = conversation?.type === ConvType.Group ? groupNumberOf(conversationID) : ''
    if (!groupNumber) {
      await chat.setPinned(conversationID, isPinned)
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

  return { pinConversation }
}
