import { View } from '@tarojs/components'
import { Suspense, useEffect, useRef, useState } from 'react'
import AppShell from '@/components/layout/AppShell'
import EmptyState from '@/components/layout/EmptyState'
import { useNarrowScreen } from '@/components/layout/useNarrowScreen'
import ConversationPane from '@/components/conversation/ConversationPane'
import { usePageShareCard } from '@/components/share/offeredCard'
import { ChatPanel } from '@/root/deferredScreens'
import { useApp, useAppStore } from '@/root/AppContext'
import { back, currentQuery, hasPageBelow } from '@/router/navigation'
import emptyChat from '@/assets/empty-chat.svg'
import { useChatBackEntry } from './useChatBackEntry'
import { CONVERSATION_QUERY, useConversationInAddress } from './useConversationInAddress'
import './index.scss'

export default function MessagesPage() {
  const { closeConversation } = useApp().chat
  const narrow = useNarrowScreen()
  const activeID = useAppStore((s) => s.activeConversationID)
  // Another page opened this one to show a chat (a profile's 发消息): the chat's way back is to
  // that page, which the browser's back button reaches too, so the chat needs no entry of its own.
  const [backToOpener, setBackToOpener] = useState(() => Boolean(currentQuery()[CONVERSATION_QUERY]) && hasPageBelow())
  // Once that chat has closed some other way (the friend was deleted), the list is this page's own.
  const opened = useRef(false)
  useEffect(() => {
    if (activeID) opened.current = true
    else if (opened.current) setBackToOpener(false)
  }, [activeID])
  const leaveChat = backToOpener ? () => void back() : closeConversation
  // Before the address is rewritten for the open chat, so the rewrite lands on the chat's entry.
  useChatBackEntry(narrow && !backToOpener, activeID, closeConversation)
  useConversationInAddress()
  // 转发 shares the group or profile open on the list (group info, a profile), else the app.
  usePageShareCard()

  // The chat's code is fetched when the first chat opens, so the list does not wait for it.
  const chat = activeID ? (
    <Suspense fallback={<View className='messages-chat__loading' data-testid='chat-loading' />}>
      <ChatPanel key={activeID} conversationID={activeID} onBack={narrow ? leaveChat : undefined} />
    </Suspense>
  ) : null
  return (
    <AppShell route='messages'>
      <ConversationPane narrow={narrow} />
      {narrow ? (
        chat ? (
          // On a phone the chat covers the whole screen, tab bar included, until its back button.
          <View className='messages-chat messages-chat--full' data-testid='messages-chat'>
            {chat}
          </View>
        ) : null
      ) : (
        <View className='messages-chat' data-testid='messages-chat'>
          {chat ?? (
            <View className='messages-chat__empty'>
              <EmptyState image={emptyChat} title='未选择会话' hint='从左侧选择一个会话开始聊天' />
            </View>
          )}
        </View>
      )}
    </AppShell>
  )
}
