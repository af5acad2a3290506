import { describe, expect, it } from 'vitest'
import type { Conversation } from '../../types/chat.js'
import type { BlacklistItem, FriendInfoResult } from '../../types/friends.js'
import { chatClient } from './support/chat.js'
import { befriend } from './support/contacts.js'
import { BACKENDS, setupServers, type TestServer } from './support/server.js'
import { registerUser } from './support/users.js'

describe.each(BACKENDS)('contacts rules on conversations and sends on %s', (backend) => {
  let s: TestServer
  setupServers(backend, 1, (env) => {
    s = env.servers[0]!
  })
  const conv = (token: string, path: string, body: Record<string, unknown>) => s.api<Conversation>(`/api/im/conversation/${path}`, body, { token })

  it('refuses pinning or muting a non-friend C2C conversation, and allows it once they are friends', async () => {
    const a = await registerUser(s)
    const b = await registerUser(s)
    const ca = chatClient(s, a.token)
    await ca.sendText(`C2C${b.wtId}`, '你好')
    const id = `C2C${a.wtId}`
    const pin = await conv(b.token, 'pin', { conversationID: id, isPinned: true })
    expect(pin).toMatchObject({ code: 403, status: 403, msg: '非好友会话不能置顶或免打扰' })
    expect(await conv(b.token, 'mute', { conversationID: id, isMuted: true })).toMatchObject({ code: 403, msg: '非好友会话不能置顶或免打扰' })
    // Turning them off is always allowed, and so is archiving.
    expect((await conv(b.token, 'pin', { conversationID: id, isPinned: false })).code).toBe(200)
    expect((await conv(b.token, 'mute', { conversationID: id, isMuted: false })).code).toBe(200)

    // A one-sided application is not a friendship.
    await s.api('/api/userFriends/apply', { applyWtId: a.wtId, applySource: 1 }, { token: b.token })
    expect((await conv(b.token, 'pin', { conversationID: id, isPinned: true })).code).toBe(403)
    await s.api('/api/userFriends/apply/handle', { applyWtId: b.wtId, handleStatus: 1 }, { token: a.token })
    expect((await conv(b.token, 'pin', { conversationID: id, isPinned: true })).data).toMatchObject({ isPinned: true })
    expect((await conv(b.token, 'mute', { conversationID: id, isMuted: true })).data).toMatchObject({ isMuted: true })
    ca.close()
  })

  it('limits the contact remark in customData to 96 bytes, counting bytes and not characters', async () => {
    const a = await registerUser(s)
    const b = await registerUser(s)
    await befriend(s, a, b)
    await s.api('/api/im/conversation/open', { conversationID: `C2C${b.wtId}` }, { token: a.token })
    const set = (remark: string) => conv(a.token, 'customData', { conversationID: `C2C${b.wtId}`, customData: JSON.stringify({ remark }) })
    // 32 Chinese characters are 96 bytes; 33 are 99 bytes though far below 96 characters.
    expect((await set('备'.repeat(32))).data).toMatchObject({ customData: JSON.stringify({ remark: '备'.repeat(32) }) })
    expect(await set('备'.repeat(33))).toMatchObject({ code: 400, msg: '修改备注失败: 备注长度不得超过 96 字节' })
    expect((await set('a'.repeat(96))).code).toBe(200)
    expect((await set('a'.repeat(97))).code).toBe(400)
    // Four-byte emoji: 24 fit, 25 do not.
    expect((await set('😀'.repeat(24))).code).toBe(200)
    expect((await set('😀'.repeat(25))).code).toBe(400)
  })

  it('refuses messages from a blacklisted sender with 20007 until the blacklist entry is removed', async () => {
    const a = await registerUser(s)
    const b = await registerUser(s, '被拉黑')
    await befriend(s, a, b)
    const cb = chatClient(s, b.token)
    expect((await cb.sendText(`C2C${a.wtId}`, '拉黑前')).type).toBe('ack')

    const added = await s.api('/api/user/friendBlack/add', { friendWtId: b.wtId }, { token: a.token })
    expect(added).toMatchObject({ code: 200, msg: '已拉黑对方', data: { ownerBlackStatus: 1 } })
    const p = await s.api<FriendInfoResult>('/api/user/friendInfo', { searchId: b.wtId }, { token: a.token })
    expect(p.data.data).toMatchObject({ ownerBlackStatus: 1, friendsStatus: 0 })
    const list = await s.api<BlacklistItem[]>('/api/user/friendBlack/list', undefined, { token: a.token })
    expect(list.data).toEqual([expect.objectContaining({ wtId: b.wtId, nickName: '被拉黑' })])
    // The blacklist is the owner's: the blacklisted user sees nothing of it.
    expect((await s.api<BlacklistItem[]>('/api/user/friendBlack/list', undefined, { token: b.token })).data).toEqual([])

    expect(await cb.sendText(`C2C${a.wtId}`, '拉黑后')).toMatchObject({ type: 'nack', code: 20007 })
    // The owner can still write to the blacklisted user.
    const ca = chatClient(s, a.token)
    expect((await ca.sendText(`C2C${b.wtId}`, '我还能发')).type).toBe('ack')

    const removed = await s.api('/api/user/friendBlack/deleteByUserId', { friendWtId: b.wtId }, { token: a.token })
    expect(removed).toMatchObject({ code: 200, msg: '取消拉黑成功', data: { ownerBlackStatus: 0 } })
    expect((await cb.sendText(`C2C${a.wtId}`, '取消拉黑后')).type).toBe('ack')
    expect((await s.api('/api/user/friendBlack/add', { friendWtId: a.wtId }, { token: a.token })).msg).toBe('不能拉黑自己')
    expect((await s.api('/api/user/friendBlack/add', { friendWtId: '99999997' }, { token: a.token })).code).toBe(404)
    expect((await s.api('/api/user/friendBlack/add', { friendWtId: 'abc' }, { token: a.token })).code).toBe(400)
    ca.close()
    cb.close()
  })
})
