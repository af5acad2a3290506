import type { MessageOpsService } from '@/services/messageOps/actions'
import type { AppStore } from '@/stores'
import { fromServer } from '@/stores/chat/uiMessage'
import { message as storedMessage } from '../helpers/chatFixtures'
import { testApp } from '../helpers/testApp'

let useAppStore: AppStore
let applyReactionFrame: MessageOpsService['applyReactionFrame']

const message = (sequence: number) => storedMessage({ conversationID: 'GROUPG1', sequence, payload: { text: 'x' }, from: '10001', nick: '', time: 0 })

const reaction = (reactionID: string, totalUserCount: number, reacted = false) => ({ reactionID, totalUserCount, partialUserList: [], reacted })

describe('live reaction frames', () => {
  beforeEach(() => {
    const app = testApp()
    useAppStore = app.store
    applyReactionFrame = app.messageOps.applyReactionFrame
  })

  it("keep the viewer's own reactions from a shared group frame and take the operator's change", () => {
    useAppStore.getState().mergeMessages('GROUPG1', [fromServer({ ...message(3), reactionList: [reaction('[微笑]', 1, true)] })])
    const frame = { type: 'reaction' as const, conversationID: 'GROUPG1', sequence: 3, reactionID: '[赞]', added: true }
    applyReactionFrame({ ...frame, operator: '20002', reactionList: [reaction('[微笑]', 2), reaction('[赞]', 1)] }, '10001')
    const held = () => useAppStore.getState().messages.GROUPG1!.list[0]!.reactionList
    expect(held()).toEqual([reaction('[微笑]', 2, true), reaction('[赞]', 1, false)])
    applyReactionFrame({ ...frame, operator: '10001', reactionList: [reaction('[微笑]', 2), reaction('[赞]', 2)] }, '10001')
    expect(held()).toEqual([reaction('[微笑]', 2, true), reaction('[赞]', 2, true)])
    applyReactionFrame({ ...frame, reactionID: '[微笑]', added: false, operator: '10001', reactionList: [reaction('[赞]', 2)] }, '10001')
    expect(held()).toEqual([reaction('[赞]', 2, true)])
  })

  it('ignore messages not held', () => {
    applyReactionFrame({ type: 'reaction', conversationID: 'GROUPG1', sequence: 9, reactionID: 'x', added: true, operator: '1', reactionList: [] }, '1')
    expect(useAppStore.getState().messages.GROUPG1).toBeUndefined()
  })
})
