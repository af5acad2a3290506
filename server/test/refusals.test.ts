import { randomUUID } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { CALL_BUSINESS_ID } from '../../types/call.js'
import { ResultCode } from '../../types/codes.js'
import { SendError } from '../../types/chat.js'
import { SendFailure } from '../src/domain/messages.js'
import { badRequest, forbidden, Refusal, UNKNOWN_ERROR_TEXT } from '../src/domain/refusal.js'
import { errorReply } from '../src/http/errors.js'
import { errorFrameFor, nackFor } from '../src/realtime/refusals.js'
import { chatClient } from './support/chat.js'
import { BACKENDS, setupServers, type TestServer } from './support/server.js'
import { registerUser } from './support/users.js'

describe('a refusal over HTTP', () => {
  it('is the envelope, on the status of its code when that is an HTTP status', () => {
    expect(errorReply(forbidden('你不是该群成员'))).toEqual({
      status: 403,
      body: { code: 403, msg: '你不是该群成员', data: null },
      unexpected: false,
    })
  })

  it('rides on 200 when its code is a business code', () => {
    expect(errorReply(new Refusal(ResultCode.SessionRevoked, '登录状态已失效，请重新登录'))).toEqual({
      status: 200,
      body: { code: ResultCode.SessionRevoked, msg: '登录状态已失效，请重新登录', data: null },
      unexpected: false,
    })
    expect(errorReply(new SendFailure(SendError.SensitiveText, '涉及敏感内容，发送失败', true)).status).toBe(200)
  })

  it('leaves anything else to the generic answer, which is worth a log line', () => {
    expect(errorReply(new Error('connection reset'))).toEqual({
      status: 500,
      body: { code: ResultCode.ServerError, msg: UNKNOWN_ERROR_TEXT, data: null },
      unexpected: true,
    })
  })

  it('keeps the answers of the framework’s own client errors', () => {
    const tooLarge = Object.assign(new Error('Request body is too large'), { statusCode: 413, code: 'FST_ERR_CTP_BODY_TOO_LARGE' })
    expect(errorReply(tooLarge)).toEqual({ status: 413, body: { code: 413, msg: '请求体过大', data: null }, unexpected: false })
  })
})

describe('a refusal over the socket', () => {
  it('answers a frame with an error frame carrying its code and message', () => {
    expect(errorFrameFor(badRequest('conversationID: 会话不存在'))).toEqual({ type: 'error', code: 400, msg: 'conversationID: 会话不存在' })
    expect(errorFrameFor(new TypeError('x is undefined'))).toEqual({ type: 'error', code: ResultCode.ServerError, msg: UNKNOWN_ERROR_TEXT })
  })

  it('answers a send with a nack that says whether moderation flagged it', () => {
    expect(nackFor('m-1', new SendFailure(SendError.SensitiveText, '涉及敏感内容，发送失败', true))).toEqual({
      type: 'nack',
      clientMsgId: 'm-1',
      code: SendError.SensitiveText,
      msg: '涉及敏感内容，发送失败',
      hasRiskContent: true,
      message: null,
    })
    expect(nackFor('m-2', badRequest('inviteID: 通话不存在'))).toMatchObject({ code: 400, hasRiskContent: false })
  })
})

describe.each(BACKENDS)('domain refusals reach the client unchanged on %s', (backend) => {
  let s: TestServer
  setupServers(backend, 1, (env) => {
    ;[s] = env.servers as [TestServer]
  })

  it('over HTTP: the code and message the domain chose, on its HTTP status', async () => {
    const u = await registerUser(s, '自己')
    const self = await s.api('/api/media/call', { acceptWtId: u.wtId, callType: 1 }, { token: u.token })
    expect(self).toMatchObject({ status: 400, code: 400, msg: "acceptWtId: Can't call yourself", data: null })
    const notMember = await s.api('/api/media/getGroupAttributes', { groupID: 'G999999999' }, { token: u.token })
    expect(notMember).toMatchObject({ status: 403, code: 403, msg: '你不是该群成员', data: null })
    const revoked = await s.api('/api/user/info', undefined, { token: 'not-a-session' })
    expect(revoked).toMatchObject({ status: 200, code: ResultCode.SessionRevoked, msg: '登录状态已失效，请重新登录', data: null })
  })

  it('over the socket: an error frame for a refused frame, a nack for a refused send', async () => {
    const u = await registerUser(s, '甲')
    const c = chatClient(s, u.token)
    await c.ready
    c.probe.ws.send(JSON.stringify({ type: 'typing', conversationID: 'GROUPnope', typing: true }))
    c.probe.ws.send(JSON.stringify({ type: 'read', conversationID: 'C2Cnobody', sequence: 1 }))
    c.probe.ws.send(JSON.stringify({ type: 'rtc', inviteID: randomUUID(), to: 'nobody', payload: { kind: 'alive' } }))
    // One socket's frames are handled in order: the call's refusal is the last of the three.
    await c.next((f) => f.type === 'error' && f.code === 403)
    expect(c.events().filter((f) => f.type === 'error')).toEqual([
      { type: 'error', code: 400, msg: 'conversationID: 会话不存在' },
      { type: 'error', code: 400, msg: 'conversationID: 会话不存在' },
      { type: 'error', code: 403, msg: 'inviteID: 通话不存在或已结束' },
    ])
    const signal = { businessID: CALL_BUSINESS_ID, inviteID: randomUUID(), actionType: 2, inviter: u.wtId, inviteeList: ['900000001'], groupID: '', timeout: 30, data: { version: 4, call_type: 1 } }
    const nack = await c.send({ clientMsgId: randomUUID(), conversationID: 'C2C900000001', type: 'TIMCustomElem', payload: { data: JSON.stringify(signal), description: '', extension: '' } })
    expect(nack).toMatchObject({ type: 'nack', code: 400, msg: 'inviteID: 通话不存在', hasRiskContent: false, message: null })
    c.close()
  })
})
