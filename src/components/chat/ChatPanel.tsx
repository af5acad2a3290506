import { View } from '@tarojs/components'
import { useCallback, useEffect, useMemo, useRef, useState } from 'react'
import { MsgType } from '@shared/chat'
import { ActionStatus } from '@shared/friends'
import type { PressPoint } from '@/components/conversation/usePressMenu'
import { scroller } from '@/platform/scroller'
import { loadOlderMessages } from '@/services/chat/loading'
import { collectMessages, deleteMessages, NOTHING_SELECTED_TEXT } from '@/services/chat/messageOps'
import { toast } from '@/services/toast'
import Button from '@/components/layout/Button'
import Dialog from '@/components/layout/Dialog'
import { useNarrowScreen } from '@/components/layout/useNarrowScreen'
import { closeConversation, openConversation } from '@/services/chat/conversations'
import { resendMessage } from '@/services/chat/send'
import { useAppStore } from '@/stores'
import { messageKey } from '@/stores/chat/uiMessage'
import { selectMessages, selectTypingUsers } from '@/stores/selectors/chat'
import type { UiMessage } from '@/stores/slices/messages'
import { canPreview } from './bubbles/ImageBubble'
import ChatHeader from './ChatHeader'
import { ChatScreenContext, type ChatScreen } from './chatContext'
import ImagePreview from './ImagePreview'
import InputArea from './InputArea'
import { LEAVE_BANNER_TEXT, leaveCodeOf, leaveReasonText } from './messageDisplay'
import MessageList, { anchorIdOf, CHAT_SCROLL_ID } from './MessageList'
import { hasMessageAction, runMessageAction } from './menu/actions'
import './menu/opsB'
import ForwardDialog, { type ForwardJob } from './menu/ForwardDialog'
import MergedViewer from './menu/MergedViewer'
import MessageMenu from './menu/MessageMenu'
import { menuActions, type MessageAction } from './menu/menuRules'
import MultiSelectPanel from './menu/MultiSelectPanel'
import { BLINK_MS, QUOTE_NOT_FOUND_TEXT } from './menu/quote'
import { useGroupRole } from './menu/useGroupRole'
import ReceiptPanel from './ReceiptPanel'
import MessageSearch from './ops/MessageSearch'
import PinnedBar from './ops/PinnedBar'
import { useContainerWidth } from './useContainerWidth'
import './chat.scss'

interface ChatPanelProps {
  conversationID: string
  /** Mobile: the chat is full screen and the header offers a way back to the list. */
  onBack?: () => void
}

/** The chat screen of one conversation (spec section 2 "Chat screen"). */
export default function ChatPanel({ conversationID, onBack }: ChatPanelProps) {
  const narrow = useNarrowScreen()
  const containerWidth = useContainerWidth()
  const conversation = useAppStore((s) => s.conversations[conversationID])
  const entry = useAppStore((s) => selectMessages(s, conversationID))
  const loaded = useAppStore((s) => s.messages[conversationID] !== undefined)
  const typingUsers = useAppStore((s) => selectTypingUsers(s, conversationID))
  const selfID = useAppStore((s) => s.user?.wtId ?? '')
  const isGroup = conversationID.startsWith('GROUP')

  useEffect(() => {
    if (useAppStore.getState().activeConversationID !== conversationID) void openConversation(conversationID)
    return () => {
      // The list may already have opened the next conversation; only leave the one that is ours.
      if (useAppStore.getState().activeConversationID === conversationID) closeConversation()
    }
  }, [conversationID])

  const [previewKey, setPreviewKey] = useState<string | null>(null)
  const [receiptsFor, setReceiptsFor] = useState<UiMessage | null>(null)
  const [resendFor, setResendFor] = useState<UiMessage | null>(null)
  const [inject, setInject] = useState<{ text: string; nonce: number } | null>(null)
  const [searching, setSearching] = useState(false)
  const canSearch = useAppStore((s) => s.chatFeatures.messageSearch)
  const [menu, setMenu] = useState<{ message: UiMessage; point: PressPoint } | null>(null)
  const [quote, setQuote] = useState<UiMessage | null>(null)
  const [selecting, setSelecting] = useState(false)
  const [selectedKeys, setSelectedKeys] = useState<ReadonlySet<string>>(new Set())
  const [forward, setForward] = useState<ForwardJob | null>(null)
  const [merged, setMerged] = useState<Record<string, unknown> | null>(null)
  const [highlightKey, setHighlightKey] = useState<string | null>(null)
  const [roleVersion, setRoleVersion] = useState(0)
  const role = useGroupRole(conversation, selfID, roleVersion)
  const blinkTimer = useRef<ReturnType<typeof setTimeout> | null>(null)
  useEffect(() => () => {
    if (blinkTimer.current) clearTimeout(blinkTimer.current)
  }, [])
  useEffect(() => {
    setQuote(null)
    setSelecting(false)
    setSelectedKeys(new Set())
    setMenu(null)
  }, [conversationID])

  const list = entry.list
  const images = useMemo(() => list.filter((m) => m.type === MsgType.Image && !m.hasRiskContent && canPreview(m)), [list])
  const previewIndex = previewKey ? images.findIndex((m) => messageKey(m) === previewKey) : -1
  // The receipt panel follows the message as its counts change.
  const receiptMessage = receiptsFor ? list.find((m) => messageKey(m) === messageKey(receiptsFor)) ?? receiptsFor : null

  const screen = useMemo<ChatScreen>(
    () => ({
      conversationID,
      conversation,
      selfID,
      isGroup,
      fit: { narrow, containerWidth },
      openPreview: (m) => setPreviewKey(messageKey(m)),
      openReceipts: (m) => setReceiptsFor(m),
      askResend: (m) => setResendFor(m),
      editText: (text) => setInject((prev) => ({ text, nonce: (prev?.nonce ?? 0) + 1 })),
      openMenu: (message, point) => {
        // The role may have changed since the chat opened (made admin): read it again for the next menu.
        if (isGroup) setRoleVersion((v) => v + 1)
        setMenu({ message, point })
      },
      startQuote: (message) => setQuote(message),
      startForward: (messages, asMerged = false) => setForward({ messages, merged: asMerged }),
      startMultiSelect: (message) => {
        setSelecting(true)
        setSelectedKeys(new Set([messageKey(message)]))
      },
      selecting,
      selectedKeys,
      toggleSelected: (message) =>
        setSelectedKeys((prev) => {
          const next = new Set(prev)
          const key = messageKey(message)
          if (next.has(key)) next.delete(key)
          else next.add(key)
          return next
        }),
      openMerged: (payload) => setMerged(payload),
      jumpToMessage: async (messageID) => {
        const find = () => useAppStore.getState().messages[conversationID]?.list.find((m) => m.ID === messageID)
        let found = find()
        // Older pages until the original turns up or the history ends.
        for (let page = 0; !found && page < 50; page++) {
          const held = useAppStore.getState().messages[conversationID]
          if (!held || held.isCompleted) break
          const before = held.list.length
          await loadOlderMessages(conversationID)
          found = find()
          if (!found && (useAppStore.getState().messages[conversationID]?.list.length ?? 0) === before) await new Promise((r) => setTimeout(r, 200))
        }
        if (!found) {
          toast.info(QUOTE_NOT_FOUND_TEXT)
          return false
        }
        const key = messageKey(found)
        setHighlightKey(key)
        if (blinkTimer.current) clearTimeout(blinkTimer.current)
        blinkTimer.current = setTimeout(() => setHighlightKey(null), BLINK_MS)
        // After the rows of the loaded pages are laid out.
        setTimeout(() => void scroller.revealChild(CHAT_SCROLL_ID, anchorIdOf(key)), 60)
        return true
      },
      highlightKey,
    }),
    [conversationID, conversation, selfID, isGroup, narrow, containerWidth, selecting, selectedKeys, highlightKey],
  )

  const friends = useAppStore((st) => st.friends)
  const chatFeatures = useAppStore((st) => st.chatFeatures)
  const openPanel = useAppStore((st) => (menu ? st.messagePanels[messageKey(menu.message)] : undefined))
  const closeMenu = useCallback(() => setMenu(null), [])
  const menuEntries = menu
    ? menuActions({
        message: menu.message,
        selfID,
        role,
        now: Math.floor(Date.now() / 1000),
        senderDeleted: friends.some((f) => f.wtId === menu.message.from && f.actionStatus === ActionStatus.Deleted),
        features: chatFeatures,
        translationShown: openPanel?.kind === 'translate',
        voiceTextShown: openPanel?.kind === 'voice',
      }).filter((e) => hasMessageAction(e.key))
    : []
  const onMenuAction = (key: MessageAction) => {
    if (menu) void runMessageAction(key, { message: menu.message, screen })
  }

  const selectedMessages = () => list.filter((m) => selectedKeys.has(messageKey(m)))
  const endSelecting = () => {
    setSelecting(false)
    setSelectedKeys(new Set())
  }
  const withSelection = (action: (messages: UiMessage[]) => void) => () => {
    const picked = selectedMessages()
    if (!picked.length) {
      toast.info(NOTHING_SELECTED_TEXT)
      return
    }
    action(picked)
  }
  const peerName = conversation?.userProfile?.nick ?? conversationID.slice(3)
  const selfName = useAppStore.getState().user?.nickName ?? ''
  const mergedTitle = isGroup ? '群聊的聊天记录' : `${selfName}和${peerName}的聊天记录`

  const closePreview = useCallback(() => setPreviewKey(null), [])
  const confirmResend = () => {
    const m = resendFor
    setResendFor(null)
    if (m) resendMessage(conversationID, m.clientMsgId).catch((err: unknown) => console.warn('resend failed', err))
  }

  const left = isGroup && conversation?.groupProfile?.isMember === false
  const leaveReason = left ? leaveReasonText(leaveCodeOf(list, selfID)) : null
  const typing = !isGroup && typingUsers.some((u) => u !== selfID)

  return (
    <ChatScreenContext.Provider value={screen}>
      <View className={`chat${narrow ? ' chat--narrow' : ''}`} data-testid='chat-panel' data-conversation={conversationID}>
        <ChatHeader
          conversationID={conversationID}
          conversation={conversation}
          typing={typing}
          onBack={onBack}
          actions={
            canSearch ? (
              <View className='chat-header__action link' data-testid='chat-search' aria-label='搜索聊天记录' onClick={() => setSearching((v) => !v)}>
                搜索
              </View>
            ) : null
          }
        />
        {isGroup ? null : <PinnedBar conversationID={conversationID} />}
        <MessageSearch conversationID={conversationID} open={searching} onClose={() => setSearching(false)} />
        <MessageList list={list} isCompleted={entry.isCompleted} loadingOlder={entry.loadingOlder} loading={!loaded} />
        {selecting ? (
          <MultiSelectPanel
            count={selectedKeys.size}
            onForwardEach={withSelection((ms) => setForward({ messages: ms, merged: false }))}
            onForwardMerged={withSelection((ms) => setForward({ messages: ms, merged: true }))}
            onFavorite={withSelection((ms) => void collectMessages(ms).then(endSelecting))}
            onDelete={withSelection((ms) => void deleteMessages(conversationID, ms).then((ok) => ok && endSelecting()))}
            onCancel={endSelecting}
          />
        ) : left ? (
          <View className='chat-leave' data-testid='leave-banner'>
            <View className='chat-leave__title'>{LEAVE_BANNER_TEXT}</View>
            {leaveReason ? <View className='chat-leave__reason'>{leaveReason}</View> : null}
          </View>
        ) : (
          <InputArea
            key={conversationID}
            conversationID={conversationID}
            draft={conversation?.draftText ?? ''}
            inject={inject}
            quote={quote}
            onQuoteDone={() => setQuote(null)}
          />
        )}
        {menu && menuEntries.length > 0 ? (
          <MessageMenu entries={menuEntries} point={menu.point} sheet={narrow} onAction={onMenuAction} onClose={closeMenu} />
        ) : null}
        <ForwardDialog
          conversationID={conversationID}
          job={forward}
          mergedTitle={mergedTitle}
          onClose={() => setForward(null)}
          onDone={() => {
            setForward(null)
            endSelecting()
          }}
        />
        <MergedViewer payload={merged} onClose={() => setMerged(null)} />
        {previewIndex >= 0 ? (
          <ImagePreview images={images} index={previewIndex} onIndex={(i) => setPreviewKey(messageKey(images[i]!))} onClose={closePreview} />
        ) : null}
        <ReceiptPanel conversationID={conversationID} message={receiptMessage} onClose={() => setReceiptsFor(null)} />
        <Dialog
          open={resendFor !== null}
          title='提示'
          onClose={() => setResendFor(null)}
          testId='resend-dialog'
          footer={
            <>
              <Button testId='resend-cancel' onClick={() => setResendFor(null)}>
                取消
              </Button>
              <Button variant='primary' testId='resend-confirm' onClick={confirmResend}>
                确定
              </Button>
            </>
          }
        >
          确认重发该消息？
        </Dialog>
      </View>
    </ChatScreenContext.Provider>
  )
}
