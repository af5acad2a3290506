import { describe, expect, it } from 'vitest'
import type { UserInfo } from '../../types/auth.js'
import type { FriendInfoResult } from '../../types/friends.js'
import { befriend } from './support/contacts.js'
import { BACKENDS, setupServers, type TestServer } from './support/server.js'
import { registerUser, type TestUser } from './support/users.js'
import { PNG_1x1, uploadFile } from './support/uploads.js'


describe.each(BACKENDS)('own profile on %s', (backend) => {
  let s: TestServer
  setupServers(backend, 1, (env) => {
    s = env.servers[0]!
  })

  const update = (u: TestUser | null, body: unknown) => s.api<UserInfo>('/api/user/profile/update', body, u ? { token: u.token } : {})

  const upload = async (u: TestUser, content: Buffer, name: string, kind: string) => (await uploadFile(s, u.token, content, name, kind)).url

  it('changes nickname and signature; friends read the new ones', async () => {
    const me = await registerUser(s, '旧名字')
    const friend = await registerUser(s, '朋友')
    await befriend(s, me, friend)
    const res = await update(me, { nickName: '  新名字 ', bio: '今天也要开心' })
    expect(res).toMatchObject({ code: 200, msg: '修改成功', data: { nickName: '新名字', bio: '今天也要开心' } })
    expect((await s.api<UserInfo>('/api/user/info', undefined, { token: me.token, method: 'GET' })).data).toMatchObject({ nickName: '新名字', bio: '今天也要开心' })
    const seen = await s.api<FriendInfoResult>('/api/user/friendInfo', { searchId: me.wtId }, { token: friend.token })
    expect(JSON.stringify(seen.data)).toContain('新名字')
    expect(JSON.stringify(seen.data)).toContain('今天也要开心')
    // A field left out keeps its value.
    expect((await update(me, { bio: '' })).data).toMatchObject({ nickName: '新名字', bio: '' })
  })

  it('takes only a picture the user uploaded as the avatar', async () => {
    const me = await registerUser(s, '换头像')
    const other = await registerUser(s, '别人')
    const mine = await upload(me, PNG_1x1, 'me.png', 'image')
    const theirs = await upload(other, PNG_1x1, 'other.png', 'image')
    const notImage = await upload(me, Buffer.from('hello'), 'note.txt', 'file')
    expect((await update(me, { avatar: mine })).data.avatar).toBe(mine)
    for (const avatar of [theirs, notImage, 'https://example.com/face.png', '/api/oss/file/not-an-upload-id-at-all']) {
      expect(await update(me, { avatar }), avatar).toMatchObject({ code: 400, msg: 'avatar: 头像须为你上传的图片' })
    }
    expect((await s.api<UserInfo>('/api/user/info', undefined, { token: me.token, method: 'GET' })).data.avatar).toBe(mine)
  })

  it('refuses an empty nickname, a long signature, an empty change and a missing session, changing nothing', async () => {
    const me = await registerUser(s, '不变')
    expect(await update(me, { nickName: '   ' })).toMatchObject({ code: 400, msg: 'nickName: 请输入昵称' })
    expect(await update(me, { nickName: '一二三四五六七八九十一二三四五六七' })).toMatchObject({ code: 400, msg: 'nickName: 昵称最多16个字' })
    expect(await update(me, { bio: '字'.repeat(31) })).toMatchObject({ code: 400, msg: 'bio: 个性签名最多30个字' })
    expect((await update(me, {})).code).toBe(400)
    expect((await update(null, { nickName: '匿名' })).code).toBe(401)
    expect((await s.api<UserInfo>('/api/user/info', undefined, { token: me.token, method: 'GET' })).data).toMatchObject({ nickName: '不变', bio: '' })
  })
})
