import { expect, test, type WebSocket } from '@playwright/test'
import { apiPost, registerUser } from '../support/accounts'
import { byTestId, expectPath, recordToasts } from '../support/ui'

interface Frame {
  type: string | number
  msg?: string
}

function parse(payload: string | Buffer): Frame | null {
  try {
    return JSON.parse(payload.toString()) as Frame
  } catch {
    return null
  }
}

test('revoking every session pushes a forced logout through the socket', async ({ page, request }) => {
  const received: Frame[] = []
  const sockets: WebSocket[] = []
  page.on('websocket', (ws) => {
    if (!new URL(ws.url()).pathname.startsWith('/ws/')) return
    sockets.push(ws)
    ws.on('framereceived', ({ payload }) => {
      const frame = parse(payload)
      if (frame) received.push(frame)
    })
  })

  const shownToasts = await recordToasts(page)

  const { login } = await registerUser(page)
  // The notification channel is up once the server has said hello on it.
  await expect.poll(() => received.some((f) => f.type === 'hello'), { message: 'socket hello' }).toBe(true)
  expect(sockets[0].url()).toContain(`/ws/${login.token}`)

  const revoked = await apiPost(request, '/api/user/security/logoutAll', {}, login.token)
  expect(revoked.code).toBe(200)

  await expect.poll(() => received.find((f) => f.type === -1 || f.type === -2), { message: 'a -1/-2 frame' }).toBeTruthy()
  const notice = received.find((f) => f.type === -1 || f.type === -2)!
  expect(notice.msg).toBeTruthy()

  await expect
    .poll(async () => (await shownToasts()).some((t) => t.includes(notice.msg!)), { message: `a toast saying "${notice.msg}"` })
    .toBe(true)
  await expectPath(page, '/login')
  await expect(byTestId(page, 'login-submit')).toBeVisible()

  // The session really is gone from the browser: a login-only page redirects again.
  await page.goto('/contacts')
  await expectPath(page, '/login', `?redirect=${encodeURIComponent('/contacts')}`)
})
