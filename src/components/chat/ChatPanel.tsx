import { View } from '@tarojs/components'
import { useCallback, useEffect, useMemo, useState } from 'react'
import { MsgType } from '@shared/chat'
import JoinGroupCallBanner from '@/components/call/JoinGroupCallBanner'
import Dialog from '@/components/layout/Dialog'
import { useNarrowScreen } from '@/components/layout/useNarrowScreen'
import { GroupChatLayer, GroupHeaderActions, useGroupChatUi, useSpeakBlock } from '@/components/group/GroupChatLayer'
import GroupNoticeBar from '@/components/group/GroupNoticeBar'
import { useApp, useAppStore } from '@/root/AppContext'
import { messageKey } from '@/stores/chat/uiMessage'
import { selectMessages, selectTypingUsers } from '@/stores/selectors/chat'
import type { UiMessage } from '@/stores/slices/messages'
import { canPreview } from './bubbles/ImageBubble'
import { headerActionsFor } from '@/domain/chat/specialConversations'
import ChatHeader from './ChatHeader'
import HelperFaqDialog from './HelperFaqDialog'
import { ChatScreenContext, type ChatScreen } from './chatContext'
import ImagePreview from './ImagePreview'
import InputArea from './InputArea'
import { LEAVE_BANNER_TEXT, leaveCodeOf, leaveReasonText } from './messageDisplay'
import MessageList from './MessageList'
import { MessageOpsOverlays, MessageOpsPanel } from './menu/MessageOpsLayer'
import { useGroupRole } from './menu/useGroupRole'
import { useMessageOps } from './menu/useMessageOps'
import MessageSearch from './ops/MessageSearch'
import PinnedBar from './ops/PinnedBar'
import ReceiptPanel from './ReceiptPanel'
import { useContainerWidth } from './useContainerWidth'
import './chat.scss'
import { pressable } from '@/platform/focus'

interface ChatPanelProps {
  conversationID: string
  /** Mobile: the chat is full screen and the header offers a way back to the list. */
  onBack?: () => void
}

/** The chat screen of one conversation (spec section 2 "Chat screen"). */
export default function ChatPanel({ conversationID, onBack }: ChatPanelProps) {
  const app = useApp()
  const { closeConversation, openConversation, resendMessage } = app.chat
  const narrow = useNarrowScreen()
  const containerWidth = useContainerWidth()
  const conversation = useAppStore((s) => s.conversations[conversationID])
  const entry = useAppStore((s) => selectMessages(s, conversationID))
  const loaded = useAppStore((s) => s.messages[conversationID] !== undefined)
  const typingUsers = useAppStore((s) => selectTypingUsers(s, conversationID))
  const selfID = useAppStore((s) => s.user?.wtId ?? '')
  const isGroup = conversationID.startsWith('GROUP')
  const groupNumber = conversation?.groupProfile?.groupNumber ?? ''
  const group = useGroupChatUi()

  useEffect(() => {
    if (app.store.getState().activeConversationID !== conversationID) void openConversation(conversationID)
    return () => {
      // The list may already have opened the next conversation; only leave the one that is ours.
      if (app.store.getState().activeConversationID === conversationID) closeConversation()
    }
  }, [conversationID])

  const [previewKey, setPreviewKey] = useState<string | null>(null)
  const [receiptsFor, setReceiptsFor] = useState<UiMessage | null>(null)
  const [resendFor, setResendFor] = useState<UiMessage | null>(null)
  const [inject, setInject] = useState<{ text: string; nonce: number } | null>(null)
  const [searching, setSearching] = useState(false)
  const [faqOpen, setFaqOpen] = useState(false)
  const headerActions = headerActionsFor(conversationID)
  const canSearch = useAppStore((s) => s.chatFeatures.messageSearch)
  const readStatusOn = useAppStore((s) => s.chatFeatures.readStatus)
  const opsState = useMessageOps(conversationID, isGroup)
  const role = useGroupRole(conversation, selfID, opsState.roleVersion)
  const { ops } = opsState

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
      openMember: isGroup ? group.openMember : undefined,
      ...ops,
    }),
    [conversationID, conversation, selfID, isGroup, narrow, containerWidth, group.openMember, ops],
  )

  const closePreview = useCallback(() => setPreviewKey(null), [])
  const confirmResend = () => {
    const m = resendFor
    setResendFor(null)
    if (m) resendMessage(conversationID, m.clientMsgId).catch((err: unknown) => console.warn('resend failed', err))
  }

  const left = isGroup && conversation?.groupProfile?.isMember === false
  const speakBlock = useSpeakBlock(isGroup ? groupNumber : '')
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
            <>
              {headerActions.faq ? (
                <View {...pressable()} className='chat-header__action link' data-testid='chat-faq' aria-label='常见问题' onClick={() => setFaqOpen(true)}>
                  常见问题
                </View>
              ) : null}
              {canSearch && headerActions.search ? (
                <View {...pressable()} className='chat-header__action link' data-testid='chat-search' aria-label='搜索聊天记录' onClick={() => setSearching((v) => !v)}>
                  搜索
                </View>
              ) : null}
              {isGroup ? <GroupHeaderActions groupNumber={groupNumber} isMember={!left} onInfo={group.openPanel} onApply={group.openDrawer} /> : null}
            </>
          }
        />
        {isGroup || headerActions.faq ? null : <PinnedBar conversationID={conversationID} />}
        {isGroup && !left && groupNumber ? <GroupNoticeBar key={groupNumber} groupNumber={groupNumber} onOpen={group.openPanel} /> : null}
        <MessageSearch conversationID={conversationID} open={searching} onClose={() => setSearching(false)} />
        {isGroup && !left ? <JoinGroupCallBanner groupID={conversationID.slice(5)} /> : null}
        <MessageList
          list={list}
          isCompleted={entry.isCompleted}
          hasNewer={entry.hasNewer}
          loadingOlder={entry.loadingOlder}
          loadingNewer={entry.loadingNewer}
          loading={!loaded}
        />
        {ops.selecting ? (
          <MessageOpsPanel list={list} screen={screen} state={opsState} />
        ) : left ? (
          <View className='chat-leave' data-testid='leave-banner'>
            <View className='chat-leave__title'>{LEAVE_BANNER_TEXT}</View>
            {leaveReason ? <View className='chat-leave__reason'>{leaveReason}</View> : null}
          </View>
        ) : speakBlock ? (
          <View className='chat-speak-block' data-testid='group-speak-hint'>
            {speakBlock}
          </View>
        ) : (
          <InputArea
            key={conversationID}
            conversationID={conversationID}
            draft={conversation?.draftText ?? ''}
            inject={inject}
            quote={opsState.quote}
            onQuoteDone={opsState.clearQuote}
          />
        )}
        <MessageOpsOverlays screen={screen} state={opsState} role={role} narrow={narrow} />
        {previewIndex >= 0 ? (
          <ImagePreview images={images} index={previewIndex} onIndex={(i) => setPreviewKey(messageKey(images[i]!))} onClose={closePreview} />
        ) : null}
        {headerActions.faq ? <HelperFaqDialog open={faqOpen} onClose={() => setFaqOpen(false)} /> : null}
        <ReceiptPanel conversationID={conversationID} message={readStatusOn ? receiptMessage : null} onClose={() => setReceiptsFor(null)} />
        {isGroup && !left ? <GroupChatLayer conversationID={conversationID} groupNumber={groupNumber} ui={group.ui} openMember={group.openMember} close={group.close} /> : null}
        <Dialog
          open={resendFor !== null}
          title='提示'
          onClose={() => setResendFor(null)}
          testId='resend-dialog'
          confirm={{ label: '确定', testId: 'resend-confirm', cancelTestId: 'resend-cancel', onConfirm: confirmResend }}
        >
          确认重发该消息？
        </Dialog>
      </View>
    </ChatScreenContext.Provider>
  )
}
