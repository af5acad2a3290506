import { Image, View } from '@tarojs/components'
import { Suspense, useCallback, useEffect, useMemo, useState } from 'react'
import type { Conversation } from '@shared/chat'
import { icons } from '@/assets/icons'
import VirtualRows from '@/components/common/VirtualRows'
import EmptyState from '@/components/layout/EmptyState'
import { groupNumberFromQuery } from '@/services/groups/qr'
import { currentQuery, navigate, relaunch } from '@/router/navigation'
import { useApp, useAppStore } from '@/root/AppContext'
import { isArchived, selectArchivedList, selectConversationList, selectTabUnread } from '@/stores/selectors/chat'
import { selectGroupConversations, selectGroupUnreads, selectShownGroups } from '@/stores/selectors/conversationGroups'
import ArchiveEntry from './ArchiveEntry'
import ConversationMenu, { type ConversationAction } from './ConversationMenu'
import ConversationRow from './ConversationRow'
import ConversationTabs from './ConversationTabs'
import DeleteConversationDialog from './DeleteConversationDialog'
import ListHeader from './ListHeader'
import { CreateGroupDialog, GroupCardDialog, ManageGroupsDialog } from '@/root/deferredScreens'
import TabsManager from './groups/TabsManager'
import MoveToGroupDialog from './groups/MoveToGroupDialog'
import ListSkeleton from './ListSkeleton'
import NetBanner from './NetBanner'
import SearchResults from './SearchResults'
import { conversationName } from './conversationInfo'
import type { SearchEntry } from './searchResults'
import { useConversationSearch } from './useConversationSearch'
import type { PaneTab } from './tabs'
import type { PressPoint } from './usePressMenu'
import './conversation.scss'
import { useRove } from '@/components/common/useRove'
import { focusSearch, onShortcut, pressable } from '@/platform/focus'
import { usePageVisible } from '@/components/common/usePageVisible'

interface ConversationPaneProps {
  /** Mobile layout: the list fills the screen and menus open as bottom sheets. */
  narrow: boolean
}

type PaneView = 'list' | 'archive'

/** Row heights of conversation.scss (.conv-row, and on phones): the virtual list counts rows by them. */
const ROW_HEIGHT = 64
const ROW_HEIGHT_NARROW = 72
const LIST_SCROLL_ID = 'conv-list-scroll'
const ARCHIVE_ENTRY = 'archive-entry'

const lastTime = (c: Conversation) => c.lastMessage?.time ?? c.updatedAt

/**
 * Everything left of the chat pane: search and '+' menu, the network banner, the tabs and the
 * conversation list with its context menu, the archive view, and the create-group dialog.
 */
export default function ConversationPane({ narrow }: ConversationPaneProps) {
  const app = useApp()
  const { scanGroupQr, pinConversation } = app.groups
  const { deleteConversation, moveAllOutOfArchive, openConversation, searchById, setFolded, setMuted } = app.chat
  const viewerID = useAppStore((s) => s.user?.wtId ?? '')
  const loaded = useAppStore((s) => s.conversationsLoaded)
  const activeID = useAppStore((s) => s.activeConversationID)
  const conversations = useAppStore((s) => s.conversations)
  const [tab, setTab] = useState<PaneTab>('all')
  const [view, setView] = useState<PaneView>('list')
  useRove(LIST_SCROLL_ID, 'vertical')
  const list = useAppStore((s) => (typeof tab === 'number' ? selectGroupConversations(s, tab) : selectConversationList(s, tab)))
  const shownGroups = useAppStore(selectShownGroups)
  const groupUnread = useAppStore(selectGroupUnreads)
  const [managerOpen, setManagerOpen] = useState(false)
  const [managingGroups, setManagingGroups] = useState(false)
  const archived = useAppStore(selectArchivedList)
  const unreadAll = useAppStore((s) => selectTabUnread(s, 'all'))
  const unreadUnread = useAppStore((s) => selectTabUnread(s, 'unread'))
  const unreadAtMe = useAppStore((s) => selectTabUnread(s, 'atMe'))
  const unreadC2c = useAppStore((s) => selectTabUnread(s, 'c2c'))
  const unreadGroup = useAppStore((s) => selectTabUnread(s, 'group'))
  const [query, setQuery] = useState('')
  const [menu, setMenu] = useState<{ conversationID: string; point: PressPoint } | null>(null)
  const [deletingID, setDeletingID] = useState<string | null>(null)
  const [movingID, setMovingID] = useState<string | null>(null)
  const [creatingGroup, setCreatingGroup] = useState(false)
  const [movingOut, setMovingOut] = useState(false)
  // A group found by number (joinType 3) or scanned (1) that the user is not in: its card.
  const [card, setCard] = useState<{ groupNumber: string; joinType: 1 | 3 } | null>(null)

  // A group QR opened by a phone camera lands here as /messages?joinGroup={number}: the card, as a scan.
  useEffect(() => {
    const linked = groupNumberFromQuery(currentQuery())
    if (linked) setCard({ groupNumber: linked, joinType: 1 })
  }, [])

  const everything = useMemo(() => Object.values(conversations), [conversations])
  const friends = useAppStore((s) => s.friends)
  const search = useConversationSearch(query, everything, viewerID, searchById, friends, app.search.everything)
  // Newest first, whatever the pin state: the entry row previews the latest archived message.
  const archivedByTime = useMemo(() => [...archived].sort((a, b) => lastTime(b) - lastTime(a)), [archived])

  // A group tab that is hidden or deleted (here or on another device) gives way to 全部.
  useEffect(() => {
    if (typeof tab === 'number' && !shownGroups.some((g) => g.id === tab)) setTab('all')
  }, [tab, shownGroups])

  // The archive view closes itself once its last conversation has been moved out.
  useEffect(() => {
    if (view === 'archive' && loaded && archived.length === 0) setView('list')
  }, [view, loaded, archived.length])

  const open = useCallback((conversationID: string) => {
    openConversation(conversationID).catch(() => undefined)
  }, [])
  const openMenu = useCallback((conversation: Conversation, point: PressPoint) => {
    setMenu({ conversationID: conversation.conversationID, point })
  }, [])

  const onAction = (conversation: Conversation, action: ConversationAction) => {
    const id = conversation.conversationID
    const run = (p: Promise<unknown>) => p.catch(() => undefined)
    if (action === 'pin') run(pinConversation(id, !conversation.isPinned))
    else if (action === 'mute') run(setMuted(id, !conversation.isMuted))
    else if (action === 'fold') run(setFolded(id, !isArchived(conversation)))
    else if (action === 'group') setMovingID(id)
    else setDeletingID(id)
  }

  const confirmDelete = async (clearHistory: boolean) => {
    if (!deletingID) return
    // Deleting the open conversation also closes its chat.
    await deleteConversation(deletingID, clearHistory)
  }

  const pickResult = (entry: SearchEntry) => {
    setQuery('')
    setView('list')
    if (entry.kind === 'group' && conversations[entry.conversationID]?.groupProfile?.isMember !== true) {
      setCard({ groupNumber: entry.id, joinType: 3 })
      return
    }
    // A chat-history hit opens its chat at that message.
    if (entry.kind === 'message') app.store.getState().setPendingJump({ conversationID: entry.conversationID, messageID: entry.id })
    open(entry.conversationID)
  }
  const searchPicks = {
    onPick: pickResult,
    onMessage: (conversationID: string, messageID: string) => pickResult({ kind: 'message', id: messageID, conversationID, name: '', avatar: '', detail: '', hint: '' }),
    onFavorite: () => {
      setQuery('')
      void relaunch('favorites')
    },
    onMoment: (hit: { id: number }) => {
      setQuery('')
      void navigate('momentDetail', { id: String(hit.id) })
    },
  }

  // Alt+↑ and Alt+↓ open the conversation above or below the open one, as in desktop chat apps.
  const pageVisible = usePageVisible()
  const shown = view === 'archive' ? archived : list
  useEffect(() => {
    if (!pageVisible) return
    return onShortcut((shortcut) => {
      if (shortcut === 'search' || shown.length === 0) return false
      const at = shown.findIndex((c) => c.conversationID === activeID)
      const next = at < 0 ? 0 : Math.min(shown.length - 1, Math.max(0, at + (shortcut === 'next' ? 1 : -1)))
      if (shown[next]!.conversationID !== activeID) open(shown[next]!.conversationID)
      return true
    })
  }, [pageVisible, shown, activeID, open])

  const scan = async () => {
    const groupNumber = await scanGroupQr()
    if (groupNumber) setCard({ groupNumber, joinType: 1 })
  }

  const moveAllOut = async () => {
    if (movingOut) return
    setMovingOut(true)
    try {
      await moveAllOutOfArchive()
    } catch {
      // The action has reported the failure; the archive stays as it is.
    } finally {
      setMovingOut(false)
    }
  }

  const tabUnread = { all: unreadAll, unread: unreadUnread, atMe: unreadAtMe, c2c: unreadC2c, group: unreadGroup }
  const menuConversation = menu ? conversations[menu.conversationID] : undefined
  const deleting = deletingID ? conversations[deletingID] : undefined
  const rowHeight = narrow ? ROW_HEIGHT_NARROW : ROW_HEIGHT
  const virtualRows = (items: ReadonlyArray<Conversation | typeof ARCHIVE_ENTRY>) => (
    <VirtualRows
      id={LIST_SCROLL_ID}
      className='conv-pane__body conv-list'
      testId='conv-list'
      listRole='listbox'
      listLabel='会话列表'
      count={items.length}
      rowHeight={rowHeight}
      renderRow={(i) => {
        const item = items[i]!
        return item === ARCHIVE_ENTRY ? (
          <ArchiveEntry key={ARCHIVE_ENTRY} archived={archivedByTime} viewerID={viewerID} onOpen={() => setView('archive')} />
        ) : (
          <ConversationRow key={item.conversationID} conversation={item} active={item.conversationID === activeID} viewerID={viewerID} onOpen={open} onMenu={openMenu} />
        )
      }}
    />
  )

  const renderList = () => {
    if (!loaded) return <View className='conv-pane__body'><ListSkeleton /></View>
    if (view === 'archive') return virtualRows(archived)
    const showArchive = tab === 'all' && archivedByTime.length > 0
    if (list.length === 0 && !showArchive) {
      return (
        <View className='conv-pane__body'>
          {tab === 'all' ? (
            <EmptyState testId='messages-empty' title='暂无会话' hint='点击右上角的 + 发起群聊，或搜索对方的 ID 发起聊天。' />
          ) : (
            <EmptyState testId='messages-empty' title='暂无会话' />
          )}
        </View>
      )
    }
    if (!showArchive) return virtualRows(list)
    // The archive entry sits where its newest conversation would, below the pinned rows.
    const entryTime = lastTime(archivedByTime[0]!)
    const at = list.findIndex((c) => !c.isPinned && lastTime(c) <= entryTime)
    const split = at === -1 ? list.length : at
    return virtualRows((list.slice(0, split) as Array<Conversation | typeof ARCHIVE_ENTRY>).concat(ARCHIVE_ENTRY, list.slice(split)))
  }

  return (
    <View className={`conv-pane${narrow ? ' conv-pane--narrow' : ''}`} data-testid='conv-pane'>
      <ListHeader query={query} onQuery={setQuery} onCreateGroup={() => setCreatingGroup(true)} onAddFriend={() => relaunch('contacts', { view: 'add' })} onScan={() => void scan()} />
      <NetBanner />
      {search.searching ? (
        <View className='conv-pane__body'>
          <SearchResults
            keyword={search.keyword}
            results={search.results}
            sections={search.sections}
            pending={search.pending}
            onClose={() => {
              setQuery('')
              focusSearch()
            }}
            {...searchPicks}
          />
        </View>
      ) : (
        <>
          {view === 'archive' ? (
            <View className='conv-archive-head'>
              <View {...pressable()} className='conv-archive-head__back' aria-label='返回' data-testid='archive-back' onClick={() => setView('list')}>
                <Image nativeProps={{ alt: '' }} className='icon icon--sm' src={icons.back} />
              </View>
              <View className='conv-archive-head__title'>折叠的会话</View>
              <View {...pressable()}
                className={`conv-archive-head__action${movingOut ? ' conv-archive-head__action--busy' : ''}`}
                data-testid='archive-move-all'
                onClick={moveAllOut}
              >
                {movingOut ? '正在移出…' : '全部移出'}
              </View>
            </View>
          ) : (
            <ConversationTabs
              active={tab}
              unread={tabUnread}
              groups={shownGroups}
              groupUnread={groupUnread}
              onChange={setTab}
              onManage={() => setManagerOpen(true)}
            >
              {managerOpen ? (
                <TabsManager
                  active={tab}
                  unread={tabUnread}
                  groups={shownGroups}
                  groupUnread={groupUnread}
                  onPick={setTab}
                  onManage={() => setManagingGroups(true)}
                  onClose={() => setManagerOpen(false)}
                />
              ) : null}
            </ConversationTabs>
          )}
          {renderList()}
        </>
      )}
      {menu && menuConversation ? (
        <ConversationMenu
          conversation={menuConversation}
          point={menu.point}
          sheet={narrow}
          onAction={(action) => onAction(menuConversation, action)}
          onClose={() => setMenu(null)}
        />
      ) : null}
      {/* Each dialog's code is fetched the first time it opens. */}
      <Suspense fallback={null}>
        {managingGroups ? <ManageGroupsDialog open onClose={() => setManagingGroups(false)} /> : null}
      </Suspense>
      <MoveToGroupDialog conversation={movingID ? (conversations[movingID] ?? null) : null} onClose={() => setMovingID(null)} />
      <DeleteConversationDialog name={deleting ? conversationName(deleting) : null} onConfirm={confirmDelete} onClose={() => setDeletingID(null)} />
      <Suspense fallback={null}>
        {creatingGroup ? <CreateGroupDialog open onClose={() => setCreatingGroup(false)} onCreated={open} /> : null}
        {card ? <GroupCardDialog groupNumber={card.groupNumber} joinType={card.joinType} onClose={() => setCard(null)} /> : null}
      </Suspense>
    </View>
  )
}
