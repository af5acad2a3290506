import { ActionStatus } from '@shared/friends'
import { NOTHING_SELECTED_TEXT } from '@/services/chat/messageOps'
import { isSpecialConversation } from '@/domain/chat/specialConversations'
import { useApp, useAppStore } from '@/root/AppContext'
import { messageKey } from '@/stores/chat/uiMessage'
import type { UiMessage } from '@/stores/slices/messages'
import type { ChatScreen } from '../chatContext'
import { basicMenuEntries, createMessageMenuRegistry } from './actions'
import ForwardDialog from './ForwardDialog'
import MergedViewer from './MergedViewer'
import MessageMenu from './MessageMenu'
import { menuActions, type GroupRole } from '@/domain/chat/menuRules'
import MultiSelectPanel from './MultiSelectPanel'
import { anchorIdOf } from '../MessageList'
import type { MessageOpsState } from './useMessageOps'
import { reactionPinTranslateEntries } from './reactionPinTranslateEntries'

/** The message menu's entries: the basic ones, then the feature modules'. */
const messageMenuRegistry = createMessageMenuRegistry([basicMenuEntries, reactionPinTranslateEntries])

interface LayerProps {
  screen: ChatScreen
  state: MessageOpsState
  role: GroupRole
  narrow: boolean
}

/** The menu, the forward dialog and the merged viewer of the open chat. */
export function MessageOpsOverlays({ screen, state, role, narrow }: LayerProps) {
  const app = useApp()
  const friends = useAppStore((s) => s.friends)
  const selfName = useAppStore((s) => s.user?.nickName ?? '')
  const { menu } = state
  const entries = menu
    ? menuActions({
        message: menu.message,
        selfID: screen.selfID,
        role,
        now: Math.floor(Date.now() / 1000),
        senderDeleted: friends.some((f) => f.wtId === menu.message.from && f.actionStatus === ActionStatus.Deleted),
        specialConversation: isSpecialConversation(screen.conversationID),
        ...messageMenuRegistry.inputExtras(menu.message, app.store.getState()),
      }).filter((e) => messageMenuRegistry.has(e.key))
    : []
  const peerName = screen.conversation?.userProfile?.nick ?? screen.conversationID.slice(3)
  const mergedTitle = screen.isGroup ? '群聊的聊天记录' : `${selfName}和${peerName}的聊天记录`
  return (
    <>
      {menu && entries.length > 0 ? (
        <MessageMenu
          entries={entries}
          point={menu.point}
          bubbleSelector={narrow ? `#${anchorIdOf(messageKey(menu.message))} .msg-row__line` : undefined}
          onAction={(key) => void messageMenuRegistry.run(key, { message: menu.message, screen, app })}
          onClose={state.closeMenu}
        />
      ) : null}
      <ForwardDialog
        conversationID={screen.conversationID}
        job={state.forward}
        mergedTitle={mergedTitle}
        onClose={() => state.setForward(null)}
        onDone={() => {
          state.setForward(null)
          state.endSelecting()
        }}
      />
      <MergedViewer payload={state.merged} onClose={state.closeMerged} />
    </>
  )
}

/** The multi-select panel that replaces the input while messages are ticked. */
export function MessageOpsPanel({ list, screen, state }: { list: UiMessage[]; screen: ChatScreen; state: MessageOpsState }) {
  const app = useApp()
  const { collectMessages, deleteMessages } = app.chat
  const { toast } = app
  const withSelection = (action: (messages: UiMessage[]) => void) => () => {
    const picked = list.filter((m) => screen.selectedKeys.has(messageKey(m)))
    if (!picked.length) {
      toast.info(NOTHING_SELECTED_TEXT)
      return
    }
    action(picked)
  }
  return (
    <MultiSelectPanel
      count={screen.selectedKeys.size}
      onForwardEach={withSelection((ms) => state.setForward({ messages: ms, merged: false }))}
      onForwardMerged={withSelection((ms) => state.setForward({ messages: ms, merged: true }))}
      onFavorite={withSelection((ms) => void collectMessages(ms).then(state.endSelecting))}
      onDelete={withSelection((ms) => void deleteMessages(screen.conversationID, ms).then((ok) => ok && state.endSelecting()))}
      onCancel={state.endSelecting}
    />
  )
}
