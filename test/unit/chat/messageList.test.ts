import { contiguousSequence, fromServer, highestSequence, lowestSequence, mergeMessageList, type UiMessage } from '@/stores/chat/uiMessage'
import { message } from '../helpers/chatFixtures'

const CONV = 'C2C10000002'
const stored = (sequence: number, over: Partial<UiMessage> = {}) => fromServer(message({ conversationID: CONV, sequence }), over)

function local(clientMsgId: string, anchorSequence: number): UiMessage {
  return {
    ...fromServer(message({ conversationID: CONV, sequence: 0, from: '10000001', clientMsgId })),
    ID: `local-${clientMsgId}`,
    status: 'unSend',
    progress: 0,
    anchorSequence,
  }
}

const seqs = (list: UiMessage[]) => list.map((m) => m.sequence)

test('messages are ordered by sequence whatever order they arrive in', () => {
  const list = mergeMessageList([], [stored(3), stored(1), stored(2)])
  expect(seqs(list)).toEqual([1, 2, 3])
  expect(seqs(mergeMessageList(list, [stored(5), stored(4)]))).toEqual([1, 2, 3, 4, 5])
})

test('a message delivered twice (push and catch-up) is held once', () => {
  const m = stored(2)
  const list = mergeMessageList([stored(1), m], [{ ...m }, stored(3)])
  expect(seqs(list)).toEqual([1, 2, 3])
  expect(list.filter((x) => x.ID === m.ID)).toHaveLength(1)
})

test('merging only duplicates returns the same array', () => {
  const list = mergeMessageList([], [stored(1), stored(2)])
  expect(mergeMessageList(list, [{ ...list[0]! }])).toBe(list)
})

test('the acknowledged message replaces its local copy, keeping the local preview', () => {
  const pending = { ...local('abc12345', 2), localUrl: 'blob:x' }
  const list = mergeMessageList([stored(1), stored(2)], [pending])
  expect(list.map((m) => m.status)).toEqual(['success', 'success', 'unSend'])
  const acked = fromServer(message({ conversationID: CONV, sequence: 3, from: '10000001', clientMsgId: 'abc12345' }))
  const after = mergeMessageList(list, [acked])
  expect(after).toHaveLength(3)
  expect(after[2]).toMatchObject({ sequence: 3, status: 'success', progress: 1, localUrl: 'blob:x', ID: acked.ID })
  expect(after[2]!.anchorSequence).toBeUndefined()
})

test('a local update never takes a stored message back to unSend', () => {
  const acked = fromServer(message({ conversationID: CONV, sequence: 3, from: '10000001', clientMsgId: 'abc12345' }))
  const list = mergeMessageList([], [acked])
  expect(mergeMessageList(list, [local('abc12345', 2)])).toBe(list)
})

test('local messages stay after their anchor, in the order they were composed, as newer ones arrive', () => {
  let list = mergeMessageList([stored(1), stored(2)], [local('first000', 2), local('second00', 2)])
  list = mergeMessageList(list, [stored(3), stored(4)])
  expect(list.map((m) => m.clientMsgId.startsWith('client') ? m.sequence : m.clientMsgId)).toEqual([1, 2, 'first000', 'second00', 3, 4])
})

test('highest and lowest sequences skip local messages', () => {
  const list = mergeMessageList([], [stored(4), stored(7), local('pending0', 7)])
  expect(highestSequence(list)).toBe(7)
  expect(lowestSequence(list)).toBe(4)
  expect(highestSequence([])).toBe(0)
})

test('the played mark and higher receipt counts are not lost to an older report', () => {
  const played = stored(1, { played: true, readReceiptInfo: { readCount: 2, unreadCount: 0 } })
  const list = mergeMessageList([played], [{ ...played, played: undefined, readReceiptInfo: { readCount: 1, unreadCount: 1 } }])
  expect(list[0]).toMatchObject({ played: true, readReceiptInfo: { readCount: 2, unreadCount: 0 } })
})

test('the catch-up point is the end of the unbroken run from the oldest message', () => {
  expect(contiguousSequence(mergeMessageList([], [stored(3), stored(4), stored(7), local('pending0', 7)]))).toBe(4)
  expect(contiguousSequence(mergeMessageList([], [stored(3), stored(4), stored(5)]))).toBe(5)
  expect(contiguousSequence([])).toBe(0)
})
