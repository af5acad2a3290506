import { MsgType, type Conversation } from '@shared/chat'
import fc from 'fast-check'
import {
  compareConversations,
  selectArchivedList,
  selectConversationList,
  selectMessages,
  selectTabUnread,
  selectTotalUnread,
  sortConversations,
} from '@/stores/selectors/chat'
import { createAppStore, type AppStore } from '@/stores'
import { conversation, message } from '../helpers/chatFixtures'

let useAppStore: AppStore

const last = (time: number) => ({ type: 'TIMTextElem' as const, payload: { text: 'x' }, from: '1', nick: '', time, sequence: 1, isRevoked: false })

function seed(list: Conversation[]) {
  useAppStore.getState().setConversations(list)
  return useAppStore.getState()
}

beforeEach(() => {
  useAppStore = createAppStore()
})

const ids = (list: Conversation[]) => list.map((c) => c.conversationID)

test('pinned first, then the newest last message first; archived ones are left out', () => {
  const s = seed([
    conversation('C2C1', { lastMessage: last(100) }),
    conversation('C2C2', { lastMessage: last(300) }),
    conversation('GROUPg', { lastMessage: last(50), isPinned: true }),
    conversation('C2C3', { lastMessage: last(999), markList: [4], isMuted: true }),
  ])
  expect(ids(selectConversationList(s, 'all'))).toEqual(['GROUPg', 'C2C2', 'C2C1'])
  expect(ids(selectArchivedList(s))).toEqual(['C2C3'])
})

test('tabs: unread excludes muted, @me needs a mention, c2c and group by type', () => {
  const s = seed([
    conversation('C2C1', { unreadCount: 2, lastMessage: last(5) }),
    conversation('C2C2', { unreadCount: 4, isMuted: true, lastMessage: last(4) }),
    conversation('GROUPa', { unreadCount: 1, groupAtInfoList: [{ messageSequence: 3, atTypeArray: [1] }], lastMessage: last(3) }),
    conversation('GROUPb', { lastMessage: last(2) }),
  ])
  expect(ids(selectConversationList(s, 'unread'))).toEqual(['C2C1', 'GROUPa'])
  expect(ids(selectConversationList(s, 'atMe'))).toEqual(['GROUPa'])
  expect(ids(selectConversationList(s, 'c2c'))).toEqual(['C2C1', 'C2C2'])
  expect(ids(selectConversationList(s, 'group'))).toEqual(['GROUPa', 'GROUPb'])
  expect(selectTabUnread(s, 'all')).toBe(3)
  expect(selectTabUnread(s, 'c2c')).toBe(2)
  expect(selectTotalUnread(s)).toBe(3)
})

test('the sidebar badge follows the unread total, muted excluded', () => {
  seed([conversation('C2C1', { unreadCount: 2 }), conversation('C2C2', { unreadCount: 5, isMuted: true })])
  expect(useAppStore.getState().badges.messages).toBe(2)
  useAppStore.getState().patchConversation('C2C2', { isMuted: false })
  expect(useAppStore.getState().badges.messages).toBe(7)
  useAppStore.getState().removeConversation('C2C1')
  expect(useAppStore.getState().badges.messages).toBe(5)
})

test('lists are the same array until the conversations change (stable for subscribers)', () => {
  const s = seed([conversation('C2C1'), conversation('C2C2')])
  expect(selectConversationList(s, 'all')).toBe(selectConversationList(useAppStore.getState(), 'all'))
  useAppStore.getState().setActiveConversation('C2C1')
  expect(selectConversationList(useAppStore.getState(), 'all')).toBe(selectConversationList(s, 'all'))
  useAppStore.getState().patchConversation('C2C1', { isPinned: true })
  expect(selectConversationList(useAppStore.getState(), 'all')).not.toBe(selectConversationList(s, 'all'))
})

test('an unopened conversation has one shared empty message state', () => {
  const s = useAppStore.getState()
  expect(selectMessages(s, 'C2C9')).toBe(selectMessages(s, 'C2C8'))
  expect(selectMessages(s, 'C2C9').list).toEqual([])
  useAppStore.getState().mergeMessages('C2C9', [{ ...message({ conversationID: 'C2C9', sequence: 1 }), status: 'success', progress: 1 }])
  expect(selectMessages(useAppStore.getState(), 'C2C9').list).toHaveLength(1)
})

test('logout clears the chat state', () => {
  seed([conversation('C2C1', { unreadCount: 1 })])
  useAppStore.getState().setActiveConversation('C2C1')
  useAppStore.getState().clearSession()
  const s = useAppStore.getState()
  expect(s.conversations).toEqual({})
  expect(s.conversationsLoaded).toBe(false)
  expect(s.activeConversationID).toBeNull()
  expect(s.messages).toEqual({})
})

test('conversations written to in the same second are ordered by arrival', () => {
  seed([conversation('C2C1', { lastSequence: 1, lastMessage: last(100) }), conversation('C2C2', { lastSequence: 1, lastMessage: last(100) })])
  const me = '10000001'
  const s = useAppStore.getState()
  const order = ids(selectConversationList(s, 'all'))
  expect(order).toEqual(['C2C1', 'C2C2'])
  useAppStore.getState().applyConversationMessage(message({ conversationID: 'C2C2', sequence: 2, time: 200 }), me)
  useAppStore.getState().applyConversationMessage(message({ conversationID: 'C2C1', sequence: 2, time: 200 }), me)
  expect(ids(selectConversationList(useAppStore.getState(), 'all'))).toEqual(['C2C1', 'C2C2'])
  useAppStore.getState().applyConversationMessage(message({ conversationID: 'C2C2', sequence: 3, time: 200 }), me)
  expect(ids(selectConversationList(useAppStore.getState(), 'all'))).toEqual(['C2C2', 'C2C1'])
})

test("a call step without a card (the callee's accept, an invite) leaves the unread count alone; its card counts", () => {
  seed([conversation('C2C2', { lastSequence: 1, readSequence: 1, unreadCount: 0, lastMessage: last(100) })])
  const me = '10000001'
  const call = (sequence: number, actionType: number, data: Record<string, unknown> = {}) =>
    message({
      conversationID: 'C2C2',
      sequence,
      type: MsgType.Custom,
      payload: { data: JSON.stringify({ businessID: 1, inviteID: 'call-abcdefgh', actionType, inviter: me, inviteeList: ['10000002'], groupID: '', data: { call_type: 2, ...data } }), description: '', extension: '' },
    })
  useAppStore.getState().applyConversationMessage(call(2, 1, { data: { cmd: 'videoCall' } }), me)
  useAppStore.getState().applyConversationMessage(call(3, 3), me)
  expect(useAppStore.getState().conversations.C2C2).toMatchObject({ lastSequence: 3, unreadCount: 0 })
  useAppStore.getState().applyConversationMessage(call(4, 1, { call_end: 5, data: { cmd: 'hangup' } }), me)
  expect(useAppStore.getState().conversations.C2C2).toMatchObject({ lastSequence: 4, unreadCount: 1 })
})

describe('sortConversations', () => {
  // Few distinct values, so ties on pin, time and activity are common and the tie-breaks are exercised.
  const arbitraryList = fc.array(
    fc.record({ id: fc.integer({ min: 1, max: 40 }), pinned: fc.boolean(), time: fc.integer({ min: 0, max: 4 }), activity: fc.option(fc.integer({ min: 0, max: 3 })), withMessage: fc.boolean() }),
    { maxLength: 60 },
  )

  it('orders exactly as compareConversations does, keys read once', () => {
    fc.assert(
      fc.property(arbitraryList, (rows) => {
        const byId = new Map<string, Conversation>()
        const activity: Record<string, number> = {}
        for (const r of rows) {
          const id = `C2C${r.id}`
          const time = 1_700_000_000 + r.time
          byId.set(id, conversation(id, { isPinned: r.pinned, updatedAt: time, lastMessage: r.withMessage ? ({ time: time + 1 } as Conversation['lastMessage']) : null }))
          if (r.activity !== null) activity[id] = r.activity
        }
        const list = [...byId.values()]
        const expected = [...list].sort((a, b) => compareConversations(a, b, activity)).map((c) => c.conversationID)
        expect(sortConversations(list, activity).map((c) => c.conversationID)).toEqual(expected)
      }),
    )
  })

  it('keeps only what the filter lets through', () => {
    const list = [conversation('C2C1', { updatedAt: 1 }), conversation('C2C2', { updatedAt: 3, isPinned: true }), conversation('C2C3', { updatedAt: 2 })]
    expect(sortConversations(list, {}).map((c) => c.conversationID)).toEqual(['C2C2', 'C2C3', 'C2C1'])
    expect(sortConversations(list, {}, (c) => !c.isPinned).map((c) => c.conversationID)).toEqual(['C2C3', 'C2C1'])
  })
})
