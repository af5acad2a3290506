import { APP_VERSION } from '@shared/codes'
import { HttpFailure } from '@/platform/httpFailure'
import { API_TIMEOUT_MS, createApiClient, ERROR_REPEAT_WINDOW_MS, type ApiClient } from '@/services/api/client'
import {
  ApiError,
  ClientErrorCode,
  DEFAULT_ERROR_TEXT,
  NETWORK_ERROR_TEXT,
  SESSION_ENDED_TEXT,
  TIMEOUT_ERROR_TEXT,
} from '@/services/api/errors'
import { envelope, FakeHttp } from '../helpers/fakeHttp'

interface Harness {
  client: ApiClient
  http: FakeHttp
  shown: string[]
  endSession: jest.Mock
  clock: { now: number }
  token: { value: string | null }
}

function harness(): Harness {
  const http = new FakeHttp()
  const shown: string[] = []
  const endSession = jest.fn()
  const clock = { now: 1_000_000 }
  const token = { value: 'tok-1' as string | null }
  const client = createApiClient({
    http,
    baseUrl: '/api',
    token: () => token.value,
    deviceId: () => 'device-1',
    showError: (m) => shown.push(m),
    endSession,
    now: () => clock.now,
  })
  return { client, http, shown, endSession, clock, token }
}

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise
  } catch (err) {
    if (err instanceof ApiError) return err
    throw err
  }
  throw new Error('the call was expected to fail')
}

describe('requests', () => {
  test('POST sends the spec headers, a JSON body and the 60 s timeout to /api', async () => {
    const h = harness()
    h.http.next(envelope(200, 'ok', { a: 1 }))
    await expect(h.client.post('/user/login/pwd', { phone: '1', pwd: '2' })).resolves.toEqual({ a: 1 })
    expect(h.http.last).toEqual({
      method: 'POST',
      url: '/api/user/login/pwd',
      data: { phone: '1', pwd: '2' },
      header: {
        'Content-Type': 'application/json',
        'Device-Id': 'device-1',
        'App-Version': APP_VERSION,
        Authorization: 'Bearer tok-1',
      },
      timeout: API_TIMEOUT_MS,
    })
    expect(API_TIMEOUT_MS).toBe(60_000)
    expect(APP_VERSION).toBe('1.0.0')
  })

  test('POST without a body sends an empty object; no token means no Authorization header', async () => {
    const h = harness()
    h.token.value = null
    await h.client.post('/user/login/genQrCode')
    expect(h.http.last.data).toEqual({})
    expect(h.http.last.header).not.toHaveProperty('Authorization')
  })

  test('GET puts its parameters in the query string and sends no body', async () => {
    const h = harness()
    await h.client.get('/user/info', { a: '1', b: 'x y' })
    expect(h.http.last.method).toBe('GET')
    expect(h.http.last.url).toBe('/api/user/info?a=1&b=x%20y')
    expect(h.http.last.data).toBeUndefined()
  })

  test('a call may set its own timeout', async () => {
    const h = harness()
    await h.client.get('/x', undefined, { timeout: 5 })
    expect(h.http.last.timeout).toBe(5)
  })
})

describe('the error catalogue (spec section 8 "HTTP")', () => {
  test.each([
    [401, 'whatever the server says', '认证失败，无法访问系统资源'],
    [403, 'server text', '当前操作没有权限'],
    [404, 'server text', '访问资源不存在'],
    [400, '账号或密码错误', '账号或密码错误'],
    [409, '该手机号已注册，请直接登录', '该手机号已注册，请直接登录'],
    [429, '登录失败次数过多，请5分钟后再试', '登录失败次数过多，请5分钟后再试'],
    [500, '', DEFAULT_ERROR_TEXT],
    [10017, '', DEFAULT_ERROR_TEXT],
  ])('code %i rejects and shows %p as %p', async (code, serverMsg, expected) => {
    const h = harness()
    h.http.next(envelope(code, serverMsg, null))
    const err = await failure(h.client.post('/x'))
    expect(err.code).toBe(code)
    expect(err.msg).toBe(expected)
    expect(err.handled).toBe(true)
    expect(h.shown).toEqual([expected])
    expect(h.endSession).not.toHaveBeenCalled()
  })

  test('any body code other than 200 is rejected, even over HTTP 200', async () => {
    const h = harness()
    h.http.next({ statusCode: 200, data: { code: 201, msg: '不是成功', data: { x: 1 } } })
    const err = await failure(h.client.post('/x'))
    expect(err.code).toBe(201)
    expect(h.shown).toEqual(['不是成功'])
  })

  test('an answer that is not an envelope falls back on the HTTP status', async () => {
    const h = harness()
    h.http.next({ statusCode: 502, data: '<html>Bad Gateway</html>' })
    const err = await failure(h.client.get('/x'))
    expect(err.code).toBe(502)
    expect(h.shown).toEqual([DEFAULT_ERROR_TEXT])

    h.http.next({ statusCode: 404, data: null })
    expect((await failure(h.client.get('/y'))).msg).toBe('访问资源不存在')

    h.http.next({ statusCode: 200, data: 'not json' })
    expect((await failure(h.client.get('/z'))).code).toBe(500)
  })

  test.each([712, 11011, 11012, 11013, 11014, 11015, 11016])('code %i ends the session', async (code) => {
    const h = harness()
    const serverMsg = code === 712 ? 'a-two-factor-ticket' : '登录状态已失效，请重新登录'
    h.http.next(envelope(code, serverMsg, null))
    const err = await failure(h.client.get('/user/info'))
    expect(err.code).toBe(code)
    expect(err.handled).toBe(true)
    expect(h.endSession).toHaveBeenCalledTimes(1)
    // Outside a login, a 712 message is not meant for people, so the generic text is shown.
    expect(h.shown).toEqual([code === 712 ? SESSION_ENDED_TEXT : serverMsg])
  })

  test('a session code without a message still says why the user is logged out', async () => {
    const h = harness()
    h.http.next(envelope(11013, '', null))
    await failure(h.client.get('/x'))
    expect(h.shown).toEqual([SESSION_ENDED_TEXT])
  })

  test('a login answered 712 hands the ticket back without a toast or a session end', async () => {
    const h = harness()
    h.http.next(envelope(712, 'ticket-abcdefgh', null))
    const err = await failure(h.client.post('/user/login/pwd', {}, { login: true }))
    expect(err.code).toBe(712)
    expect(err.msg).toBe('ticket-abcdefgh')
    expect(h.shown).toEqual([])
    expect(h.endSession).not.toHaveBeenCalled()
  })

  test('other session codes of a login are returned to the caller, not treated as a session end', async () => {
    const h = harness()
    h.http.next(envelope(11016, '该账号已注销', null))
    const err = await failure(h.client.post('/user/login/pwd', {}, { login: true }))
    expect(err.code).toBe(11016)
    expect(err.msg).toBe('该账号已注销')
    expect(h.endSession).not.toHaveBeenCalled()
    expect(h.shown).toEqual(['该账号已注销'])
  })

  test('a login error such as a wrong password is toasted and returned', async () => {
    const h = harness()
    h.http.next(envelope(400, '账号或密码错误', null))
    const err = await failure(h.client.post('/user/login/pwd', {}, { login: true }))
    expect(err.msg).toBe('账号或密码错误')
    expect(h.shown).toEqual(['账号或密码错误'])
  })

  test('no answer at all: network failure and timeout', async () => {
    const h = harness()
    h.http.next(() => {
      throw new HttpFailure('network', 'Failed to fetch')
    })
    const network = await failure(h.client.post('/x'))
    expect(network.code).toBe(ClientErrorCode.Network)
    expect(network.msg).toBe(NETWORK_ERROR_TEXT)

    h.http.next(() => {
      throw new HttpFailure('timeout', 'timeout of 60000ms exceeded')
    })
    const timeout = await failure(h.client.post('/x'))
    expect(timeout.code).toBe(ClientErrorCode.Timeout)
    expect(timeout.msg).toBe(TIMEOUT_ERROR_TEXT)
    expect(h.shown).toEqual([NETWORK_ERROR_TEXT, TIMEOUT_ERROR_TEXT])
  })
})

describe('the same message is not shown twice within 3 s', () => {
  test('a repeat inside the window is suppressed, after it is shown again', async () => {
    const h = harness()
    h.http.answerWith(() => envelope(500, '服务繁忙', null))
    await failure(h.client.post('/a'))
    h.clock.now += ERROR_REPEAT_WINDOW_MS - 1
    const second = await failure(h.client.post('/b'))
    expect(h.shown).toEqual(['服务繁忙'])
    // Suppressed or not, the caller still gets the error.
    expect(second.msg).toBe('服务繁忙')

    h.clock.now += 1
    await failure(h.client.post('/c'))
    expect(h.shown).toEqual(['服务繁忙', '服务繁忙'])
    expect(ERROR_REPEAT_WINDOW_MS).toBe(3000)
  })

  test('the window counts from the last time the message was shown', async () => {
    const h = harness()
    h.http.answerWith(() => envelope(403, '', null))
    await failure(h.client.post('/a'))
    h.clock.now += 2000
    await failure(h.client.post('/a'))
    h.clock.now += 1500
    await failure(h.client.post('/a'))
    expect(h.shown).toHaveLength(2)
  })

  test('different messages are each shown', async () => {
    const h = harness()
    h.http.next(envelope(403, '', null)).next(envelope(404, '', null)).next(envelope(400, '参数错误', null))
    await failure(h.client.post('/a'))
    await failure(h.client.post('/b'))
    await failure(h.client.post('/c'))
    expect(h.shown).toEqual(['当前操作没有权限', '访问资源不存在', '参数错误'])
  })

  test('session-ending codes share the suppression, but every one ends the session', async () => {
    const h = harness()
    h.http.answerWith(() => envelope(11012, '登录状态已失效，请重新登录', null))
    await Promise.all([failure(h.client.get('/a')), failure(h.client.get('/b'))])
    expect(h.shown).toEqual(['登录状态已失效，请重新登录'])
    expect(h.endSession).toHaveBeenCalledTimes(2)
  })
})

describe('opting out (silent calls: QR polling, logout)', () => {
  test.each([500, 404, 11012, 712])('code %i is returned without a toast or a session end', async (code) => {
    const h = harness()
    h.http.next(envelope(code, 'server text', null))
    const err = await failure(h.client.post('/user/logout', undefined, { silent: true }))
    expect(err.code).toBe(code)
    expect(err.handled).toBe(false)
    expect(h.shown).toEqual([])
    expect(h.endSession).not.toHaveBeenCalled()
  })

  test('a silent network failure is not shown either', async () => {
    const h = harness()
    h.http.next(() => {
      throw new HttpFailure('network', 'down')
    })
    const err = await failure(h.client.post('/user/login/qrCode', { qrCode: 'x' }, { silent: true }))
    expect(err.msg).toBe(NETWORK_ERROR_TEXT)
    expect(h.shown).toEqual([])
  })

  test('a silent call does not use up the 3 s window of a later, visible one', async () => {
    const h = harness()
    h.http.answerWith(() => envelope(500, '服务繁忙', null))
    await failure(h.client.post('/a', undefined, { silent: true }))
    await failure(h.client.post('/b'))
    expect(h.shown).toEqual(['服务繁忙'])
  })
})
