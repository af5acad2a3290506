import { describe, expect, it } from 'vitest'
import type { Conversation, Message } from '../../types/chat.js'
import type { Paged } from '../../types/envelope.js'
import {
  GroupText,
  type GroupApplication,
  type GroupBlackEntry,
  type GroupInfo,
  type GroupInfoAnswer,
  type GroupMember,
  type GroupMemberDetail,
  type GroupUnreadCounts,
  type JoinResult,
} from '../../types/group.js'
import { memberProtectionBlocks } from '../src/data/groups/groups.js'
import { chatClient, type ChatClient } from './support/chat.js'
import { makeGroup, type TestGroup } from './support/groups.js'
import { registerUser, type TestUser } from './support/users.js'
import { BACKENDS, setupServers, type Storage, type TestServer } from './support/server.js'

const G = '/api/user/groupchat/'

describe.each(BACKENDS)('group management on %s', (backend) => {
  let s: TestServer
  let storage: Storage
  setupServers(backend, 1, (env) => {
    s = env.servers[0]!
    storage = env.storage
  })

  let owner: TestUser, admin: TestUser, member: TestUser, other: TestUser, stranger: TestUser
  const clients: ChatClient[] = []
  const connect = async (u: TestUser) => {
    const c = chatClient(s, u.token)
    await c.ready
    clients.push(c)
    return c
  }
  const call = <T = unknown>(path: string, body: unknown, u: TestUser) => s.api<T>(path.startsWith('/') ? path : G + path, body, { token: u.token })
  const history = async (u: TestUser, g: TestGroup) =>
    (await s.api<{ messages: Message[] }>('/api/im/messages/history', { conversationID: g.conversationID, count: 100 }, { token: u.token })).data.messages
  const conversation = async (u: TestUser, g: TestGroup) =>
    (await s.api<Conversation[]>('/api/im/conversations', undefined, { token: u.token })).data.find((c) => c.conversationID === g.conversationID)
  const tips = (ms: Message[]) => ms.filter((m) => m.type === 'TIMGroupTipElem').map((m) => m.payload as { operationType: number; userIDList: string[] })
  const isTip = (op: number) => (f: Record<string, unknown>) =>
    f.type === 'msg' && (f.message as Message).type === 'TIMGroupTipElem' && (f.message as Message).payload.operationType === op

  it('registers the cast', async () => {
    ;[owner, admin, member, other, stranger] = await Promise.all(['群主', '管理员', '成员', '成员二', '路人'].map((n) => registerUser(s, n)))
  })

  it('enforces a personal mute and mute-all on send, for every role', async () => {
    const g = await makeGroup(s, owner, [admin], [member, other])
    const [co, ca, cm] = [await connect(owner), await connect(admin), await connect(member)]
    expect((await call('admin/batchMuted', { groupNumber: g.groupNumber, wtIds: [member.wtId], muteTime: 600 }, admin)).code).toBe(200)
    const tip = await co.next(isTip(7))
    expect((tip.message as Message).payload).toMatchObject({ userIDList: [member.wtId], muteTime: 600, operatorID: admin.wtId })
    expect(await cm.sendText(g.conversationID, '说话')).toMatchObject({ type: 'nack', code: 10017, msg: GroupText.Muted })
    // An admin is never the target of a mute, not even by the owner.
    expect((await call('admin/batchMuted', { groupNumber: g.groupNumber, wtIds: [admin.wtId], muteTime: 600 }, owner)).code).toBe(403)
    const muted = await call<Paged<GroupMember>>('admin/getMutedList', { groupNumber: g.groupNumber }, owner)
    expect(muted.data.rows.map((r) => r.wtId)).toEqual([member.wtId])
    expect(muted.data.rows[0]!.muteUntil).toBeGreaterThan(Date.now() / 1000)

    expect((await call('admin/batchMuted', { groupNumber: g.groupNumber, wtIds: [member.wtId], muteTime: 0 }, admin)).code).toBe(200)
    expect((await cm.sendText(g.conversationID, '解禁了')).type).toBe('ack')

    expect((await call('edit', { groupNumber: g.groupNumber, bannedSwitch: 1 }, owner)).code).toBe(200)
    const allTip = await cm.next((f) => isTip(6)(f) && ((f.message as Message).payload.newGroupProfile as Record<string, unknown>)?.muteAllMembers === true)
    expect(allTip).toBeTruthy()
    expect(await cm.sendText(g.conversationID, '全员禁言了吗')).toMatchObject({ type: 'nack', code: 10017, msg: GroupText.AllMuted })
    expect((await ca.sendText(g.conversationID, '管理员照常发言')).type).toBe('ack')
    expect((await co.sendText(g.conversationID, '群主照常发言')).type).toBe('ack')
    expect((await call('edit', { groupNumber: g.groupNumber, bannedSwitch: 0 }, admin)).code).toBe(200)
    expect((await cm.sendText(g.conversationID, '恢复发言')).type).toBe('ack')
  })

  it('caps admins at 20 and pages the member list in SQL', async () => {
    const crowd = await Promise.all(Array.from({ length: 21 }, (_, i) => registerUser(s, `成员${i}`)))
    const g = await makeGroup(s, owner, [], crowd)
    const first20 = crowd.slice(0, 20).map((u) => u.wtId)
    expect((await call('admin/addOrRemove', { groupNumber: g.groupNumber, wtIds: first20, identity: 2 }, owner)).code).toBe(200)
    const over = await call('admin/addOrRemove', { groupNumber: g.groupNumber, wtIds: [crowd[20]!.wtId], identity: 2 }, owner)
    expect(over).toMatchObject({ code: 409, msg: GroupText.AdminCap })
    expect((await call('admin/addOrRemove', { groupNumber: g.groupNumber, wtIds: [first20[0]], identity: 1 }, owner)).code).toBe(200)
    expect((await call('admin/addOrRemove', { groupNumber: g.groupNumber, wtIds: [crowd[20]!.wtId], identity: 2 }, owner)).code).toBe(200)
    const info = await call<GroupInfo>('getInfoById', { groupNumber: g.groupNumber }, owner)
    expect(info.data.adminCount).toBe(20)

    const pages: GroupMember[][] = []
    for (let pageNum = 1; pageNum <= 3; pageNum++) {
      const page = await call<Paged<GroupMember>>('member/list', { groupNumber: g.groupNumber, pageNum, pageSize: 10 }, owner)
      expect(page.data.total).toBe(22)
      pages.push(page.data.rows)
    }
    expect(pages.map((p) => p.length)).toEqual([10, 10, 2])
    expect(pages[0]![0]).toMatchObject({ wtId: owner.wtId, identity: 3, position: '群主' })
    expect(new Set(pages.flat().map((m) => m.wtId)).size).toBe(22)
    expect((await call('member/list', { groupNumber: g.groupNumber, pageSize: 101 }, owner)).code).toBe(400)
    const found = await call<Paged<GroupMember>>('member/list', { groupNumber: g.groupNumber, keyword: '成员2' }, owner)
    expect(found.data.rows.map((m) => m.nickname).sort()).toEqual(['成员2', '成员20'])
  })

  it('transfers ownership at once, then the new owner dissolves; everyone keeps history up to the end', async () => {
    const g = await makeGroup(s, owner, [admin], [member])
    const cm = await connect(member)
    expect((await call('transfer', { groupNumber: g.groupNumber, wtId: admin.wtId }, owner))).toMatchObject({ code: 200, msg: GroupText.TransferDone })
    const tip = await cm.next((f) => isTip(6)(f) && ((f.message as Message).payload.newGroupProfile as Record<string, unknown>)?.ownerID === admin.wtId)
    expect(tip).toBeTruthy()
    const info = await call<GroupInfo>('getInfoById', { groupNumber: g.groupNumber }, owner)
    expect(info.data).toMatchObject({ ownerWtId: admin.wtId, selfMember: { identity: 1 }, selfInfo: { role: 'Member' } })
    expect((await call('remove', { groupNumber: g.groupNumber }, owner)).code).toBe(403)
    expect((await call('transfer', { groupNumber: g.groupNumber, wtId: owner.wtId }, owner)).code).toBe(403)

    expect((await call('remove', { groupNumber: g.groupNumber }, admin)).code).toBe(200)
    const change = await cm.next((f) => f.type === 5 && f.groupNumber === g.groupNumber && f.count === 0)
    expect(change).toBeTruthy()
    const conv = await conversation(member, g)
    expect(conv?.groupProfile?.isMember).toBe(false)
    const last = tips(await history(member, g)).at(-1)!
    expect(last).toMatchObject({ operationType: 6, newGroupProfile: { dissolved: true } })
    expect(await cm.sendText(g.conversationID, '还在吗')).toMatchObject({ type: 'nack' })
    expect((await call('getInfoById', { groupNumber: g.groupNumber }, admin))).toMatchObject({ code: 404, msg: GroupText.Dissolved })
    const others = await call<Paged<{ kind: string; content: string }>>('/api/user/groupNotice/othersList', { pageNum: 1 }, member)
    expect(others.data.rows[0]).toMatchObject({ kind: 'dissolved', content: '该群聊已被解散' })
  })

  it('joins by approval: the admins get the counter, agree, the newcomer gets the welcome', async () => {
    const g = await makeGroup(s, owner, [admin], [member])
    expect((await call('admin/setWelcomeMsg', { groupNumber: g.groupNumber, groupWelcomeMsg: '欢迎新朋友' }, admin)).code).toBe(200)
    const [ca, cm, cs] = [await connect(admin), await connect(member), await connect(stranger)]
    const card = await call<{ joinMode: string; isMember: boolean }>('getCardInfoById', { groupNumber: g.groupNumber }, stranger)
    expect(card.data).toMatchObject({ joinMode: 'approval', isMember: false })
    const applied = await call<{ status: string }>('member/activeJoin', { groupNumber: g.groupNumber, applyMessage: '我想加入' }, stranger)
    expect(applied).toMatchObject({ code: 200, msg: GroupText.ApplySent, data: { status: 'pending' } })
    const counter = await ca.next((f) => f.type === 4 && (f.joinApplyUnRead as number) > 0)
    expect(counter).toMatchObject({ joinApplyUnRead: 1 })
    const list = await call<Paged<GroupApplication>>('/api/user/groupNotice/joinApplyList', { pageNum: 1, pageSize: 20 }, admin)
    const row = list.data.rows.find((r) => r.groupNumber === g.groupNumber)!
    expect(row).toMatchObject({ applicant: stranger.wtId, applyMessage: '我想加入', applyStatus: 0, applicationType: 0 })
    expect(list.data.total).toBeGreaterThanOrEqual(1)
    expect((await call('/api/user/groupNotice/joinApplyList', { pageNum: 1 }, member)).data).toMatchObject({ total: 0 })

    expect((await call('member/audit', { applyId: row.applyId, handleAction: 'Agree' }, admin)).code).toBe(200)
    expect((await call('member/audit', { applyId: row.applyId, handleAction: 'Agree' }, owner)).code).toBe(409)
    const joinTip = await cm.next(isTip(1))
    expect((joinTip.message as Message).payload).toMatchObject({ userIDList: [stranger.wtId] })
    const welcome = await cs.next((f) => f.type === 'msg' && (f.message as Message).type === 'TIMCustomElem')
    expect((welcome.message as Message).payload).toMatchObject({ description: '欢迎新朋友' })
    const selfCounter = await cs.next((f) => f.type === 4 && f.selfApplyUnRead === 1)
    expect(selfCounter).toBeTruthy()
    expect(await ca.next((f) => f.type === 4 && f.joinApplyUnRead === 0)).toBeTruthy()
    const mine = await call<Paged<GroupApplication>>('/api/user/groupNotice/myApplyList', { pageNum: 1 }, stranger)
    expect(mine.data.rows[0]).toMatchObject({ groupNumber: g.groupNumber, applyStatus: 1 })
    const read = await call<GroupUnreadCounts>('/api/user/groupNotice/read', { list: 'myApply' }, stranger)
    expect(read.data.selfApplyUnRead).toBe(0)

    // The welcome is the newcomer's alone; the newcomer's history starts at the join.
    expect((await history(member, g)).some((m) => m.type === 'TIMCustomElem')).toBe(false)
    const newcomer = await history(stranger, g)
    expect(newcomer[0]).toMatchObject({ type: 'TIMGroupTipElem', payload: { operationType: 1 } })
    expect(newcomer.some((m) => m.type === 'TIMCustomElem')).toBe(true)
    expect((await call<GroupInfo>('getInfoById', { groupNumber: g.groupNumber }, stranger)).data.groupMemberCount).toBe(4)
    expect((await call('member/quit', { groupNumber: g.groupNumber }, stranger)).code).toBe(200)
  })

  it('tells members and the newcomer the new count and mosaic when someone joins; search and the card carry the mosaic', async () => {
    const g = await makeGroup(s, owner, [], [member])
    const [co, cs] = [await connect(owner), await connect(stranger)]
    const found = await call<Array<{ type: number; memberAvatars?: string[] }>>('/api/user/searchById', { searchId: g.groupNumber }, stranger)
    expect(found.data.find((r) => r.type === 2)?.memberAvatars).toHaveLength(2)
    const card = await call<{ memberAvatars?: string[] }>('getCardInfoById', { groupNumber: g.groupNumber }, stranger)
    expect(card.data.memberAvatars).toHaveLength(2)
    expect((await call('member/activeJoin', { groupNumber: g.groupNumber, applyMessage: '' }, stranger)).code).toBe(200)
    const row = (await call<Paged<GroupApplication>>('/api/user/groupNotice/joinApplyList', { pageNum: 1, pageSize: 20 }, owner)).data.rows.find(
      (r) => r.groupNumber === g.groupNumber && r.applicant === stranger.wtId,
    )!
    expect((await call('member/audit', { applyId: row.applyId, handleAction: 'Agree' }, owner)).code).toBe(200)
    const isChange = (f: Record<string, unknown>) => f.type === 5 && f.groupNumber === g.groupNumber
    for (const c of [co, cs]) {
      const change = await c.next(isChange)
      expect(change).toMatchObject({ count: 3 })
      expect(change.memberAvatars).toHaveLength(3)
    }
    // The notice lists draw the group the same way.
    const mine = await call<Paged<GroupApplication>>('/api/user/groupNotice/myApplyList', { pageNum: 1, pageSize: 20 }, stranger)
    expect(mine.data.rows.find((r) => r.groupNumber === g.groupNumber)?.memberAvatars).toHaveLength(3)
    expect((await call('member/quit', { groupNumber: g.groupNumber }, stranger)).code).toBe(200)
  })

  it('joins by free access at once, and refuses when joining is off', async () => {
    const g = await makeGroup(s, owner, [], [member])
    const cm = await connect(member)
    expect((await call('edit', { groupNumber: g.groupNumber, confirminviteSwitch: 0 }, owner)).code).toBe(200)
    const joined = await call<{ status: string }>('member/activeJoin', { groupNumber: g.groupNumber }, stranger)
    expect(joined.data.status).toBe('joined')
    expect(await cm.next((f) => f.type === 5 && f.groupNumber === g.groupNumber && f.count === 3)).toBeTruthy()
    expect((await call('member/activeJoin', { groupNumber: g.groupNumber }, stranger)).code).toBe(409)
    expect((await call<GroupMember>('member/oneInfo', { groupNumber: g.groupNumber, wtId: stranger.wtId }, owner)).data).toMatchObject({ joinType: 3 })
    expect((await call('edit', { groupNumber: g.groupNumber, confirminviteSwitch: 2 }, owner)).code).toBe(200)
    expect(await call('member/activeJoin', { groupNumber: g.groupNumber }, other)).toMatchObject({ code: 403, msg: GroupText.JoinDisallowed })
  })

  it('validates and enforces the join level', async () => {
    const g = await makeGroup(s, owner, [], [member])
    const limit = (limitLevel: unknown) => call('admin/joinLimit', { groupNumber: g.groupNumber, limitLevel }, owner)
    for (const ok of [0, 1, 200, '5']) expect((await limit(ok)).code).toBe(200)
    for (const bad of [201, -1, 1.5]) expect((await limit(bad)).msg).toContain(GroupText.LevelRange)
    expect((await limit('abc')).msg).toContain(GroupText.LevelNotNumber)
    expect((await limit(undefined)).msg).toContain(GroupText.LevelRequired)

    expect((await limit(3)).code).toBe(200)
    expect((await call('edit', { groupNumber: g.groupNumber, confirminviteSwitch: 0 }, owner)).code).toBe(200)
    expect(await call('member/activeJoin', { groupNumber: g.groupNumber }, other)).toMatchObject({ code: 403, msg: GroupText.LevelTooLow })
    await storage.db.query('UPDATE users SET vip_type = 1, vip_level = 3 WHERE wt_id = $1', [other.wtId])
    expect((await call('member/activeJoin', { groupNumber: g.groupNumber }, other)).code).toBe(200)
    await storage.db.query('UPDATE users SET vip_type = 0, vip_level = 0 WHERE wt_id = $1', [other.wtId])
  })

  it('applies the 16-character name, 150/3000 notice, 200 welcome and 15 nickname limits', async () => {
    const g = await makeGroup(s, owner, [admin], [member])
    const edit = (body: Record<string, unknown>) => call('edit', { groupNumber: g.groupNumber, ...body }, admin)
    expect((await edit({ groupName: '一'.repeat(16) })).code).toBe(200)
    expect(await edit({ groupName: '一'.repeat(17) })).toMatchObject({ code: 400, msg: expect.stringContaining(GroupText.NameTooLong) })
    expect(await edit({ groupName: '  ' })).toMatchObject({ code: 400, msg: expect.stringContaining(GroupText.NameEmpty) })
    expect((await edit({ groupNotice: '公'.repeat(150) })).code).toBe(200)
    expect(await edit({ groupNotice: '公'.repeat(151) })).toMatchObject({ code: 400, msg: expect.stringContaining(GroupText.NoticePanelTooLong) })
    expect((await edit({ groupName: '两个键', groupNotice: '一起' })).code).toBe(400)
    expect((await edit({})).code).toBe(400)
    const setNotice = (n: number) => call('admin/setNotice', { groupNumber: g.groupNumber, groupNotice: '长'.repeat(n) }, admin)
    expect((await setNotice(3000)).code).toBe(200)
    expect(await setNotice(3001)).toMatchObject({ code: 400, msg: expect.stringContaining(GroupText.NoticeTooLong) })
    const created = await call('add', { groupName: '新群', groupNotice: '长'.repeat(3001), wtIds: [member.wtId] }, owner)
    expect(created).toMatchObject({ code: 400, msg: expect.stringContaining(GroupText.NoticeTooLong) })
    expect((await call('admin/setWelcomeMsg', { groupNumber: g.groupNumber, groupWelcomeMsg: '欢'.repeat(201) }, admin)).code).toBe(400)
    expect((await call('member/editGroup', { groupNumber: g.groupNumber, groupNickname: '名'.repeat(16) }, member)).code).toBe(400)
    expect((await call('member/editGroup', { groupNumber: g.groupNumber, groupNickname: '名'.repeat(15), groupNameRemark: '备注' }, member)).code).toBe(200)
    const info = await call<GroupInfoAnswer>('info', { groupNumber: g.groupNumber }, member)
    expect(info.data).toMatchObject({ groupNotice: '长'.repeat(3000), selfMember: { groupNickname: '名'.repeat(15), groupNameRemark: '备注', identity: 1 } })
    expect(info.data.groupchatVo.groupName).toBe('一'.repeat(16))
    // The notice editor of the side panel refuses the long notice, the chat editor keeps it.
    expect((await edit({ groupNotice: '长'.repeat(3000) })).code).toBe(400)
  })

  it('writes join, quit and kick tips; the exit notice reaches admins only; leavers keep history up to the leave', async () => {
    const g = await makeGroup(s, owner, [admin], [member, other])
    const [ca, cm, co] = [await connect(admin), await connect(member), await connect(other)]
    const invited = await call<JoinResult>('member/batchInvite', { groupNumber: g.groupNumber, wtIds: [stranger.wtId] }, member)
    expect(invited.data.joined).toEqual([stranger.wtId])
    expect(await co.next(isTip(1))).toBeTruthy()

    expect((await call('member/quit', { groupNumber: g.groupNumber }, stranger)).code).toBe(200)
    const quitTip = await ca.next(isTip(2))
    expect((quitTip.message as Message).payload).toMatchObject({ userIDList: [stranger.wtId] })
    expect(tips(await history(admin, g)).some((t) => t.operationType === 2)).toBe(true)
    expect(tips(await history(stranger, g)).at(-1)).toMatchObject({ operationType: 2 })
    expect(tips(await history(member, g)).some((t) => t.operationType === 2)).toBe(false)

    expect((await call('member/remove', { groupNumber: g.groupNumber, wtIds: [other.wtId] }, admin)).code).toBe(200)
    const kickTip = await co.next(isTip(3))
    expect((kickTip.message as Message).payload).toMatchObject({ userIDList: [other.wtId], operatorID: admin.wtId })
    expect(await cm.next(isTip(3))).toBeTruthy()
    expect((await call('member/remove', { groupNumber: g.groupNumber, wtIds: [owner.wtId] }, admin)).code).toBe(403)

    const before = await conversation(other, g)
    expect(before?.groupProfile?.isMember).toBe(false)
    const seen = co.events().length
    expect((await cm.sendText(g.conversationID, '他们看不到这条')).type).toBe('ack')
    await ca.next((f) => f.type === 'msg' && (f.message as Message).payload.text === '他们看不到这条')
    expect(co.events().slice(seen).some((f) => f.type === 'msg')).toBe(false)
    const after = await conversation(other, g)
    expect(after?.lastSequence).toBe(before?.lastSequence)
    expect(after?.lastMessage?.type).toBe('TIMGroupTipElem')
    const otherHistory = await history(other, g)
    expect(otherHistory.some((m) => m.payload.text === '他们看不到这条')).toBe(false)
    expect(tips(otherHistory).at(-1)).toMatchObject({ operationType: 3 })
    expect(await co.sendText(g.conversationID, '我还能说话吗')).toMatchObject({ type: 'nack', code: 10007 })
    expect((await call('getInfoById', { groupNumber: g.groupNumber }, other)).code).toBe(403)

    // A leaver who deletes the conversation does not see it come back when the group talks on.
    expect((await s.api('/api/im/conversation/delete', { conversationID: g.conversationID }, { token: other.token })).code).toBe(200)
    expect((await cm.sendText(g.conversationID, '又一条')).type).toBe('ack')
    expect(await conversation(other, g)).toBeUndefined()
  })

  it('routes a member invite through approval under inviteSwitch 1, and hides friend adding under member protection', async () => {
    const g = await makeGroup(s, owner, [admin], [member, other])
    expect((await call('edit', { groupNumber: g.groupNumber, inviteSwitch: 1 }, owner)).code).toBe(200)
    const invited = await call<JoinResult>('member/batchInvite', { groupNumber: g.groupNumber, wtIds: [stranger.wtId] }, member)
    expect(invited.data).toMatchObject({ joined: [], pending: [stranger.wtId] })
    const list = await call<Paged<GroupApplication>>('/api/user/groupNotice/joinApplyList', { pageNum: 1 }, owner)
    expect(list.data.rows.find((r) => r.groupNumber === g.groupNumber)).toMatchObject({ applicationType: member.wtId, applicant: stranger.wtId, joinType: 2 })
    expect((await call('member/joinVerify', { groupNumber: g.groupNumber, wtId: stranger.wtId, handleAction: 'Agree' }, admin)).code).toBe(200)
    const joined = await call<GroupMemberDetail>('member/oneInfo', { groupNumber: g.groupNumber, wtId: stranger.wtId }, admin)
    expect(joined.data).toMatchObject({ joinType: 2, inviterWtId: member.wtId, inviterUserName: '成员' })
    // Ordinary members see no join details of others.
    expect((await call<GroupMemberDetail>('member/oneInfo', { groupNumber: g.groupNumber, wtId: stranger.wtId }, other)).data).toMatchObject({ joinType: 0, inviterWtId: '' })
    expect((await call('edit', { groupNumber: g.groupNumber, inviteSwitch: 2 }, owner)).code).toBe(200)
    expect((await call('member/batchInvite', { groupNumber: g.groupNumber, wtIds: [admin.wtId] }, member)).code).toBe(403)

    expect((await call<GroupMemberDetail>('member/oneInfo', { groupNumber: g.groupNumber, wtId: other.wtId }, member)).data.canAddFriend).toBe(true)
    expect((await call('edit', { groupNumber: g.groupNumber, memberProtectSwitch: 1 }, owner)).code).toBe(200)
    expect((await call<GroupMemberDetail>('member/oneInfo', { groupNumber: g.groupNumber, wtId: other.wtId }, member)).data.canAddFriend).toBe(false)
    expect((await call<GroupMemberDetail>('member/oneInfo', { groupNumber: g.groupNumber, wtId: other.wtId }, admin)).data.canAddFriend).toBe(true)
    expect(await memberProtectionBlocks(storage.db, member.wtId, other.wtId)).toBe(true)
    expect(await memberProtectionBlocks(storage.db, admin.wtId, other.wtId)).toBe(false)
  })

  it('blacklists: removes the member, refuses their joins and invites until lifted', async () => {
    const g = await makeGroup(s, owner, [admin], [member, other])
    const co = await connect(other)
    expect((await call('edit', { groupNumber: g.groupNumber, confirminviteSwitch: 0 }, owner)).code).toBe(200)
    expect((await call('memberBlack/add', { groupNumber: g.groupNumber, wtIds: [owner.wtId] }, admin)).code).toBe(403)
    expect((await call('memberBlack/add', { groupNumber: g.groupNumber, wtIds: [admin.wtId] }, admin)).code).toBe(400)
    expect((await call('memberBlack/add', { groupNumber: g.groupNumber, wtIds: [other.wtId] }, admin)).code).toBe(200)
    expect((await co.next(isTip(3))).message).toMatchObject({ payload: { userIDList: [other.wtId] } })
    const list = await call<Paged<GroupBlackEntry>>('memberBlack/list', { groupNumber: g.groupNumber }, owner)
    expect(list.data).toMatchObject({ total: 1, rows: [{ wtId: other.wtId, nickname: '成员二', operatorWtId: admin.wtId }] })
    expect(await call('member/activeJoin', { groupNumber: g.groupNumber }, other)).toMatchObject({ code: 403, msg: GroupText.Blacklisted })
    const invited = await call<JoinResult>('member/batchInvite', { groupNumber: g.groupNumber, wtIds: [other.wtId] }, owner)
    expect(invited.data).toMatchObject({ joined: [], skipped: [other.wtId] })
    expect((await call('memberBlack/remove', { groupNumber: g.groupNumber, wtIds: [other.wtId] }, admin)).code).toBe(200)
    expect((await call<{ status: string }>('member/activeJoin', { groupNumber: g.groupNumber }, other)).data.status).toBe('joined')
  })

  it('lists the caller\'s groups by a piece of their name, remark or number, literally', async () => {
    const g = await makeGroup(s, owner, [], [member], { groupName: '读书_100%会' })
    await makeGroup(s, owner, [], [member], { groupName: '读书会' })
    const names = async (text: string, u: TestUser) =>
      (await call<{ groupName: string; groupNumber: string }[]>('listByName', { groupNickname: text }, u)).data.map((x) => x.groupName)
    expect(await names('_100%', member)).toEqual(['读书_100%会'])
    expect((await names('读书', owner)).sort()).toEqual(['读书_100%会', '读书会'].sort())
    expect(await names(g.groupNumber, member)).toEqual(['读书_100%会'])
    expect(await names('读书', stranger)).toEqual([])
  })

  it('revokes one message, then all of a sender up to a sequence, as an administrator', async () => {
    const g = await makeGroup(s, owner, [admin], [member])
    const [ca, cm] = [await connect(admin), await connect(member)]
    const seqs: number[] = []
    for (const t of ['一', '二', '三']) seqs.push(((await cm.sendText(g.conversationID, t)).message as Message).sequence)
    const one = await call<{ sequences: number[] }>('admin/withdrawMsg', { groupNumber: g.groupNumber, userWtId: member.wtId, msgSeq: seqs[1] }, admin)
    expect(one.data.sequences).toEqual([seqs[1]])
    expect(await ca.next((f) => f.type === 7 && Array.isArray(f.sequences))).toMatchObject({
      groupNumber: g.groupNumber,
      withdrawUserWtId: member.wtId,
      lastMessageSequence: seqs[1],
    })
    let h = await history(owner, g)
    expect(h.find((m) => m.sequence === seqs[1])).toMatchObject({ isRevoked: true, revoker: 'administrator', payload: {} })
    expect(h.find((m) => m.sequence === seqs[0])?.isRevoked).toBe(false)
    expect((await call('admin/withdrawMsg', { groupNumber: g.groupNumber, userWtId: member.wtId, msgSeq: seqs[1] }, admin)).code).toBe(404)
    // An admin may not revoke the owner's messages.
    const ownerSeq = ((await (await connect(owner)).sendText(g.conversationID, '群主的话')).message as Message).sequence
    expect((await call('admin/withdrawMsg', { groupNumber: g.groupNumber, userWtId: owner.wtId, msgSeq: ownerSeq }, admin)).code).toBe(403)

    const all = await call<{ sequences: number[] }>('admin/withdrawWebMsgByUser', { groupNumber: g.groupNumber, userWtId: member.wtId, lastMessageSequence: seqs[2] }, admin)
    expect(all.data.sequences).toEqual([seqs[0], seqs[2]])
    expect(await cm.next((f) => f.type === 7 && !('sequences' in f) && f.lastMessageSequence === seqs[2])).toBeTruthy()
    h = await history(owner, g)
    expect(h.filter((m) => m.from === member.wtId && m.type === 'TIMTextElem').every((m) => m.isRevoked && m.revoker === 'administrator')).toBe(true)
    expect(h.find((m) => m.sequence === ownerSeq)?.isRevoked).toBe(false)
    for (const c of clients) c.close()
  })

  it('encodes the group QR as a link of the app: the request origin, else the server address', async () => {
    const g = await makeGroup(s, owner, [], [member])
    const withOrigin = await s.api<GroupInfo>(`${G}getInfoById`, { groupNumber: g.groupNumber }, { token: owner.token, headers: { origin: 'https://chat.example' } })
    expect(withOrigin.data.qrcode).toBe(`https://chat.example/messages?joinGroup=${g.groupNumber}`)
    const answer = await s.api<GroupInfoAnswer>(`${G}info`, { groupNumber: g.groupNumber }, { token: member.token, headers: { origin: 'https://chat.example' } })
    expect(answer.data.groupchatVo.qrcode).toBe(withOrigin.data.qrcode)
    const plain = await call<GroupInfo>('getInfoById', { groupNumber: g.groupNumber }, owner)
    expect(plain.data.qrcode).toBe(`${s.url}/messages?joinGroup=${g.groupNumber}`)
  })

  it('filters the join-apply list by group on the server, paged, only for groups the caller manages', async () => {
    const [g1, g2] = [await makeGroup(s, owner, [admin], [member]), await makeGroup(s, owner, [], [other])]
    const applicants = await Promise.all(['申请一', '申请二', '申请三'].map((n) => registerUser(s, n)))
    for (const u of applicants) expect((await call('member/activeJoin', { groupNumber: g1.groupNumber, joinType: 3 }, u)).code).toBe(200)
    expect((await call('member/activeJoin', { groupNumber: g2.groupNumber, joinType: 3 }, applicants[0]!)).code).toBe(200)
    const list = (body: Record<string, unknown>, u: TestUser) => call<Paged<GroupApplication>>('/api/user/groupNotice/joinApplyList', body, u)

    const first = await list({ groupNumber: g1.groupNumber, pageNum: 1, pageSize: 2 }, admin)
    expect(first.data.total).toBe(3)
    expect(first.data.rows).toHaveLength(2)
    const second = await list({ groupNumber: g1.groupNumber, pageNum: 2, pageSize: 2 }, admin)
    expect(second.data.rows).toHaveLength(1)
    const all = [...first.data.rows, ...second.data.rows]
    expect(all.every((r) => r.groupNumber === g1.groupNumber)).toBe(true)
    expect(new Set(all.map((r) => r.applicant))).toEqual(new Set(applicants.map((u) => u.wtId)))
    // A page past the end still says how many there are.
    expect((await list({ groupNumber: g1.groupNumber, pageNum: 3, pageSize: 2 }, admin)).data).toEqual({ rows: [], total: 3 })

    // Without the filter the owner gets both groups' applications.
    const everything = await list({ pageNum: 1, pageSize: 100 }, owner)
    expect(everything.data.rows.filter((r) => r.groupNumber === g1.groupNumber || r.groupNumber === g2.groupNumber)).toHaveLength(4)
    // An admin of g1 only: nothing of g2; an ordinary member: nothing at all.
    expect((await list({ groupNumber: g2.groupNumber }, admin)).data.total).toBe(0)
    expect((await list({ groupNumber: g1.groupNumber }, member)).data.total).toBe(0)
    expect((await list({ groupNumber: 'abc' }, admin)).code).toBe(400)
  })

  it('member/setTop pins (1) and unpins (2) the group conversation, in step with its pinned state', async () => {
    const g = await makeGroup(s, owner, [], [member])
    expect((await call('member/setTop', { groupNumber: g.groupNumber, topStatus: 1 }, member)).code).toBe(200)
    expect((await conversation(member, g))?.isPinned).toBe(true)
    expect((await call<GroupInfo>('getInfoById', { groupNumber: g.groupNumber }, member)).data.selfMember.topStatus).toBe(1)
    // Only the caller's own conversation.
    expect((await conversation(owner, g))?.isPinned).toBe(false)
    expect((await call('member/setTop', { groupNumber: g.groupNumber, topStatus: 2 }, member)).code).toBe(200)
    expect((await conversation(member, g))?.isPinned).toBe(false)
    expect((await call<GroupInfo>('getInfoById', { groupNumber: g.groupNumber }, member)).data.selfMember.topStatus).toBe(2)
    expect((await call('member/setTop', { groupNumber: g.groupNumber, topStatus: 0 }, member)).code).toBe(400)
  })
})
