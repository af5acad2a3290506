import { countsAsUnread } from '@shared/callSteps'
import { MsgType, type LastMessage, type Message } from '@shared/chat'
import { conversationSummary, customMessageSummary, groupTipText, messageSummary } from '@/utils/summary'

const ME = '10000001'
const PEER = '10000002'

function msg(type: MsgType, payload: Record<string, unknown>, extra: Partial<Message> = {}): LastMessage & Partial<Message> {
  return { type, payload, from: PEER, nick: '李四', time: 1_700_000_000, sequence: 1, isRevoked: false, ...extra }
}

const custom = (data: unknown, description = '') => msg(MsgType.Custom, { data: typeof data === 'string' ? data : JSON.stringify(data), description, extension: '' })

describe('messageSummary', () => {
  test('text on one line, with [::n] placeholders as emoji names', () => {
    expect(messageSummary(msg(MsgType.Text, { text: '  第一行\n第二行[::0] [呲牙] ' }), ME)).toBe('第一行 第二行[微笑] [呲牙]')
  })

  test('each media kind has its label', () => {
    expect(messageSummary(msg(MsgType.Image, { url: '/api/oss/file/x', width: 1, height: 1, size: 1, format: 'png' }), ME)).toBe('[图片]')
    expect(messageSummary(msg(MsgType.Video, { videoUrl: '/v', videoSecond: 3, videoSize: 10 }), ME)).toBe('[视频]')
    expect(messageSummary(msg(MsgType.Audio, { url: '/a', second: 3, size: 10 }), ME)).toBe('[语音]')
    expect(messageSummary(msg(MsgType.Face, { index: 1, data: 'tuanzi-hello' }), ME)).toBe('[动画表情]')
    expect(messageSummary(msg(MsgType.Merger, { title: '聊天记录', abstractList: [], messageList: [] }), ME)).toBe('[聊天记录]')
  })

  test('files and places name what they are', () => {
    expect(messageSummary(msg(MsgType.File, { fileUrl: '/f', fileName: '季度 报告.pdf', fileSize: 9 }), ME)).toBe('[文件] 季度 报告.pdf')
    const place = { latitude: 31.2, longitude: 121.5, description: JSON.stringify({ title: '外滩', detail: '上海市黄浦区' }) }
    expect(messageSummary(msg(MsgType.Location, place), ME)).toBe('[位置] 外滩')
    expect(messageSummary(msg(MsgType.Location, { ...place, description: 'not json' }), ME)).toBe('[位置]')
  })

  test('revoked messages say who withdrew them', () => {
    expect(messageSummary(msg(MsgType.Text, { text: 'x' }, { isRevoked: true }), ME)).toBe('李四撤回了一条消息')
    expect(messageSummary(msg(MsgType.Text, { text: 'x' }, { isRevoked: true, from: ME, nick: '张三' }), ME)).toBe('你撤回了一条消息')
    expect(messageSummary(msg(MsgType.Text, { text: 'x' }, { isRevoked: true, nameCard: '小李' }), ME)).toBe('小李撤回了一条消息')
    expect(messageSummary(msg(MsgType.Text, { text: 'x' }, { isRevoked: true, revoker: 'administrator' }), ME)).toBe('管理员撤回了一条消息')
    expect(messageSummary(msg(MsgType.Text, { text: 'x' }, { isRevoked: true, revoker: ME }), ME)).toBe('你撤回了一条消息')
  })

  test('withSender prefixes other people, never oneself or system lines', () => {
    expect(messageSummary(msg(MsgType.Image, {}), ME, { withSender: true })).toBe('李四: [图片]')
    expect(messageSummary(msg(MsgType.Text, { text: '好' }, { nameCard: '群名片' }), ME, { withSender: true })).toBe('群名片: 好')
    expect(messageSummary(msg(MsgType.Text, { text: '好' }, { from: ME }), ME, { withSender: true })).toBe('好')
    const tip = msg(MsgType.GroupTip, { operationType: 2, operatorID: PEER, userIDList: [PEER], nickList: ['李四'] })
    expect(messageSummary(tip, ME, { withSender: true })).toBe('李四退出了群聊')
    expect(messageSummary(custom({ type: 'CustomMsg_Type_addFriend' }), ME, { withSender: true })).toBe('你们已经是好友了，现在可以开始聊天了')
  })

  test('a kind this client does not know still reads as a message', () => {
    expect(messageSummary(msg('TIMFutureElem' as MsgType, {}), ME)).toBe('[消息]')
  })
})

describe('groupTipText', () => {
  const tip = (operationType: number, extra: Record<string, unknown> = {}) => ({
    operationType,
    operatorID: PEER,
    userIDList: ['10000003', ME],
    nickList: ['王五', '张三'],
    newGroupProfile: null,
    ...extra,
  })

  test('group creation, as the server writes it', () => {
    expect(groupTipText(tip(1, { newGroupProfile: { groupName: '周末', created: true } }), ME, '李四')).toBe('李四创建了群聊，并邀请王五、你加入')
    expect(groupTipText(tip(1, { operatorID: ME, userIDList: [], nickList: [], newGroupProfile: { created: true } }), ME)).toBe('你创建了群聊')
  })

  test('joins, invitations, quits and removals', () => {
    expect(groupTipText(tip(1), ME, '李四')).toBe('李四邀请王五、你加入了群聊')
    expect(groupTipText(tip(1, { userIDList: [PEER], nickList: ['李四'] }), ME, '李四')).toBe('李四加入了群聊')
    expect(groupTipText(tip(2, { userIDList: [PEER], nickList: ['李四'] }), ME)).toBe('李四退出了群聊')
    expect(groupTipText(tip(3, { userIDList: ['10000003'], nickList: ['王五'] }), ME, '李四')).toBe('王五被李四移出了群聊')
  })

  test('robot changes join the name or 你 to the verb, as Chinese writes it', () => {
    const robot = (action: string, operatorID = PEER) => tip(6, { operatorID, userIDList: [], nickList: [], newGroupProfile: { robot: { action, name: '告警助手' } } })
    expect(groupTipText(robot('add', ME), ME)).toBe('你添加了群机器人 告警助手')
    expect(groupTipText(robot('remove'), ME, '李四')).toBe('李四移除了群机器人 告警助手')
    expect(groupTipText(robot('regenerate'), ME, '李四')).toBe('李四重置了群机器人 告警助手 的地址')
  })

  test('administrators, profile changes and muting', () => {
    expect(groupTipText(tip(4, { userIDList: ['10000003'], nickList: ['王五'] }), ME)).toBe('王五被设置为管理员')
    expect(groupTipText(tip(5, { userIDList: ['10000003'], nickList: ['王五'] }), ME)).toBe('王五被取消了管理员')
    expect(groupTipText(tip(6, { newGroupProfile: { groupName: '新名字' } }), ME, '李四')).toBe('李四修改群名称为“新名字”')
    expect(groupTipText(tip(6, { newGroupProfile: { groupNotice: '…' } }), ME, '李四')).toBe('李四修改了群公告')
    expect(groupTipText(tip(6, { newGroupProfile: { groupAvatar: '/a.png' } }), ME, '李四')).toBe('李四修改了群头像')
    expect(groupTipText(tip(6, { newGroupProfile: { ownerID: ME } }), ME, '李四')).toBe('你成为新的群主')
    expect(groupTipText(tip(6, { newGroupProfile: { muteAllMembers: true } }), ME, '李四')).toBe('李四开启了全员禁言')
    expect(groupTipText(tip(6, { userIDList: [], nickList: [], newGroupProfile: { dissolved: true } }), ME, '李四')).toBe('李四解散了群聊')
    expect(groupTipText(tip(7, { userIDList: ['10000003'], nickList: ['王五'], muteTime: 600 }), ME, '李四')).toBe('王五被李四禁言')
    expect(groupTipText(tip(7, { userIDList: ['10000003'], nickList: ['王五'], muteTime: 0 }), ME, '李四')).toBe('王五被李四解除禁言')
  })

  test('a missing nickname falls back to the user ID; unknown operations to a label', () => {
    expect(groupTipText(tip(2, { userIDList: ['10000009'], nickList: [] }), ME)).toBe('10000009退出了群聊')
    expect(groupTipText(tip(99), ME)).toBe('[群提示]')
  })

  test('messageSummary takes the operator name from the tip sender', () => {
    const created = msg(MsgType.GroupTip, { operationType: 1, operatorID: PEER, userIDList: [ME], nickList: ['张三'], newGroupProfile: { created: true } })
    expect(messageSummary(created, ME)).toBe('李四创建了群聊，并邀请你加入')
  })
})

describe('custom messages', () => {
  test('cards by businessID', () => {
    expect(customMessageSummary(custom({ businessID: 'order', title: '运动鞋', price: '99' }).payload)).toBe('[订单] 运动鞋')
    expect(customMessageSummary(custom({ businessID: 'evaluate', score: 5, comment: '很好' }).payload)).toBe('[评价] 很好')
    expect(customMessageSummary(custom({ businessID: 'link', text: '官网', link: 'https://a.cn' }).payload)).toBe('[链接] 官网')
    expect(customMessageSummary(custom({ businessID: 'av_call', actionType: 1 }).payload)).toBe('[通话邀请]')
    expect(customMessageSummary(custom({ businessID: 1, actionType: 2 }).payload)).toBe('[对方已取消]')
  })

  test('call messages read as their chat card, so a finished call never keeps the invite', () => {
    const step = (actionType: number, data: Record<string, unknown> = {}, groupID = '') => custom({ businessID: 1, actionType, groupID, data: { call_type: 2, ...data } }).payload
    expect(customMessageSummary(step(1, { data: { cmd: 'videoCall' } }), 'me', 'peer')).toBe('[通话邀请]')
    expect(customMessageSummary(step(1, { call_end: 65, data: { cmd: 'hangup' } }), 'me', 'peer')).toBe('[通话时长：00:01:05]')
    expect(customMessageSummary(step(2), 'me', 'me')).toBe('[已取消]')
    expect(customMessageSummary(step(2), 'me', 'peer')).toBe('[对方已取消]')
    expect(customMessageSummary(step(4), 'me', 'peer')).toBe('[对方已拒绝]')
    expect(customMessageSummary(step(4, { line_busy: 'line_busy' }), 'me', 'me')).toBe('[忙线未接听]')
    expect(customMessageSummary(step(5), 'me', 'peer')).toBe('[无应答]')
    expect(customMessageSummary(step(3), 'me', 'peer')).toBe('[已接听]')
    // A group call: its steps read as the call going on, and it ends with one summary line.
    expect(customMessageSummary(step(3, {}, 'g1'), 'me', 'peer')).toBe('[群通话]')
    expect(customMessageSummary(step(1, { call_end: 65, data: { cmd: 'hangup' } }, 'g1'), 'me', 'peer')).toBe('[群通话]')
    expect(customMessageSummary(step(1, { call_end: 65, group_end: 1, data: { cmd: 'hangup' } }, 'g1'), 'me', 'peer')).toBe('群通话已结束，时长 00:01:05')
    const summary = { ...msg(MsgType.Custom, step(1, { call_end: 65, group_end: 1, data: { cmd: 'hangup' } }, 'g1')), from: PEER, nick: '赵六' }
    expect(messageSummary(summary, ME, { withSender: true })).toBe('群通话已结束，时长 00:01:05')
    // Older writers send the inner data as JSON text.
    expect(customMessageSummary(custom({ businessID: 1, actionType: 1, data: JSON.stringify({ call_end: 3, data: { cmd: 'hangup' } }) }).payload, 'me', 'peer')).toBe('[通话时长：00:00:03]')
  })

  test('only call steps with a card count as unread', () => {
    const step = (actionType: number, groupID = '', data: Record<string, unknown> = {}) => custom({ businessID: 1, actionType, groupID, data: { call_type: 1, ...data } }).payload
    expect(countsAsUnread('TIMCustomElem', step(1, '', { data: { cmd: 'audioCall' } }))).toBe(false)
    expect(countsAsUnread('TIMCustomElem', step(3))).toBe(false)
    expect(countsAsUnread('TIMCustomElem', step(3, 'g1'))).toBe(false)
    expect(countsAsUnread('TIMCustomElem', step(1, 'g1', { call_end: 9, data: { cmd: 'hangup' } }))).toBe(false)
    expect(countsAsUnread('TIMCustomElem', step(1, 'g1', { call_end: 9, group_end: 1, data: { cmd: 'hangup' } }))).toBe(true)
    expect(countsAsUnread('TIMCustomElem', step(1, '', { call_end: 9, data: { cmd: 'hangup' } }))).toBe(true)
    for (const action of [2, 4, 5]) expect(countsAsUnread('TIMCustomElem', step(action))).toBe(true)
    expect(countsAsUnread('TIMCustomElem', { data: '{"businessID":"order"}' })).toBe(true)
    expect(countsAsUnread('TIMTextElem', { text: 'businessID' })).toBe(true)
  })

  test('cards by type', () => {
    expect(customMessageSummary(custom({ type: 'nameCard', nickName: '王五', userId: '10000003' }).payload)).toBe('[个人名片] 王五')
    expect(customMessageSummary(custom({ type: 'collect', detail: JSON.stringify({ id: 1, collectTitle: '读书笔记' }) }).payload)).toBe('[笔记] 读书笔记')
    // A favorite card names its kind; only a note reads [笔记].
    expect(customMessageSummary(custom({ type: 'collect', detail: JSON.stringify({ id: 2, contentType: 3, collectTitle: '海边' }) }).payload)).toBe('[视频] 海边')
    expect(customMessageSummary(custom({ type: 'collect', detail: JSON.stringify({ id: 3, contentType: 5, collectTitle: '公司' }) }).payload)).toBe('[位置] 公司')
    expect(customMessageSummary(custom({ type: 'collect', detail: JSON.stringify({ id: 4, contentType: 99, collectTitle: '想法' }) }).payload)).toBe('[笔记] 想法')
    expect(customMessageSummary(custom({ type: 'GroupCustomMsg_Type_createGroup', operatorUser: { nickName: '李四' } }).payload)).toBe('李四创建了群聊')
    expect(customMessageSummary(custom({ type: 'GroupCustomMsg', operatorUser: { nickName: '李四' }, content: '开启了群聊邀请确认' }).payload)).toBe('李四开启了群聊邀请确认')
  })

  test('anything else shows its description, or a label', () => {
    expect(customMessageSummary(custom({ something: 1 }, '自定义卡片').payload)).toBe('自定义卡片')
    expect(customMessageSummary(custom('not json', '').payload)).toBe('[自定义消息]')
  })
})

describe('conversationSummary', () => {
  test('group conversations name the sender, one-to-one ones do not', () => {
    const last = msg(MsgType.Text, { text: '晚上好' })
    expect(conversationSummary({ type: 'GROUP', lastMessage: last }, ME)).toBe('李四: 晚上好')
    expect(conversationSummary({ type: 'C2C', lastMessage: last }, ME)).toBe('晚上好')
    expect(conversationSummary({ type: 'C2C', lastMessage: null }, ME)).toBe('')
  })
})
