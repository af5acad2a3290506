import { useEffect, useMemo, useRef, useState } from 'react'
import type { PressPoint } from '@/components/conversation/usePressMenu'
import { focusItem } from '@/platform/focus'
import { scroller } from '@/platform/scroller'
import { useApp, useAppStore } from '@/root/AppContext'
import type { App } from '@/root/createApp'
import { messageKey } from '@/stores/chat/uiMessage'
import type { UiMessage } from '@/stores/slices/messages'
import type { MessageOpsScreen } from '../chatContext'
import { anchorIdOf, CHAT_SCROLL_ID } from '../MessageList'
import type { ForwardJob } from './ForwardDialog'
import { BLINK_MS, QUOTE_NOT_FOUND_TEXT } from './quote'

/**
 * The message, held at once or after the page around it was loaded in place of the window (however
 * far back it is); undefined when the user cannot see it (deleted for them, cleared, never there).
 */
async function findLoading({ store, chat }: App, conversationID: string, messageID: string): Promise<UiMessage | undefined> {
  const find = () => store.getState().messages[conversationID]?.list.find((m) => m.ID === messageID)
  try {
    if (!(await chat.loadAround(conversationID, messageID))) return undefined
  } catch (err) {
    console.warn('loading the messages around a jump failed', err)
  }
  return find()
}

export interface MessageOpsState {
  /** The screen-context part of the message operations. */
  ops: MessageOpsScreen
  menu: { message: UiMessage; point: PressPoint } | null
  closeMenu(): void
  quote: UiMessage | null
  clearQuote(): void
  forward: ForwardJob | null
  setForward(job: ForwardJob | null): void
  merged: Record<string, unknown> | null
  closeMerged(): void
  endSelecting(): void
  /** Bumped when a menu opens in a group, so the viewer's role is read again. */
  roleVersion: number
}

/** The state of the chat's message operations: menu, quote, multi-select, forward, merged viewer, jumps. */
export function useMessageOps(conversationID: string, isGroup: boolean): MessageOpsState {
  const app = useApp()
  const { toast } = app
  const [menu, setMenu] = useState<MessageOpsState['menu']>(null)
  const [quote, setQuote] = useState<UiMessage | null>(null)
  const [selecting, setSelecting] = useState(false)
  const [selectedKeys, setSelectedKeys] = useState<ReadonlySet<string>>(new Set())
  const [forward, setForward] = useState<ForwardJob | null>(null)
  const [merged, setMerged] = useState<Record<string, unknown> | null>(null)
  const [highlightKey, setHighlightKey] = useState<string | null>(null)
  const [roleVersion, setRoleVersion] = useState(0)
  const blinkTimer = useRef<ReturnType<typeof setTimeout> | null>(null)

  useEffect(
    () => () => {
      if (blinkTimer.current) clearTimeout(blinkTimer.current)
    },
    [],
  )
  useEffect(() => {
    setQuote(null)
    setSelecting(false)
    setSelectedKeys(new Set())
    setMenu(null)
  }, [conversationID])

  const ops = useMemo<MessageOpsScreen>(
    () => ({
      openMenu: (message, point) => {
        // The role may have changed since the chat opened (made admin): read it again for this menu.
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
        const found = await findLoading(app, conversationID, messageID)
        if (!found) {
          toast.info(QUOTE_NOT_FOUND_TEXT)
          return false
        }
        const key = messageKey(found)
        setHighlightKey(key)
        if (blinkTimer.current) clearTimeout(blinkTimer.current)
        blinkTimer.current = setTimeout(() => setHighlightKey(null), BLINK_MS)
        // After the rows of the loaded pages are laid out. Focus on the message tells a screen reader
        // where the jump went (it reads the message out) and leaves ↑ ↓ and its menu keys there.
        setTimeout(() => {
          const id = anchorIdOf(key)
          void scroller.revealChild(CHAT_SCROLL_ID, id).then(() => focusItem(id))
        }, 60)
        return true
      },
      highlightKey,
    }),
    [conversationID, isGroup, selecting, selectedKeys, highlightKey],
  )

  // A chat-history hit picked in the conversation list: shown once the chat's first page is held.
  const pendingJump = useAppStore((s) => s.pendingJump)
  const held = useAppStore((s) => Boolean(s.messages[conversationID]))
  useEffect(() => {
    if (!pendingJump || pendingJump.conversationID !== conversationID || !held) return
    app.store.getState().setPendingJump(null)
    void ops.jumpToMessage(pendingJump.messageID)
  }, [pendingJump, conversationID, held])

  return {
    ops,
    menu,
    closeMenu: () => setMenu(null),
    quote,
    clearQuote: () => setQuote(null),
    forward,
    setForward,
    merged,
    closeMerged: () => setMerged(null),
    endSelecting: () => {
      setSelecting(false)
      setSelectedKeys(new Set())
    },
    roleVersion,
  }
}
