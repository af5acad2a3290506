import { randomUUID } from 'node:crypto'
import type { APIRequestContext, Locator, Page } from '@playwright/test'
import WebSocket from 'ws'
import { apiPost } from '../support/accounts'
import { expectToast, inputByTestId } from '../support/ui'
import {
  baseURL,
  befriend,
  chatPanel,
  conversationRow,
  createGroup,
  editor,
  expect,
  menuAction,
  messageRows,
  openChatWith,
  openConversation,
  pngImage,
  registerUsers,
  sendText,
  test,
  textRow,
  visible,
  type ChatUser,
} from '../messaging/support'

const phone = { width: 390, height: 844 }

async function upload(request: APIRequestContext, user: ChatUser, name: string, mimeType: string, buffer: Buffer, kind: string): Promise<string> {
  const res = await request.post('/api/oss/upload', {
    multipart: { kind, file: { name, mimeType, buffer } },
    headers: { Authorization: `Bearer ${user.login.token}` },
  })
  const body = (await res.json()) as { code: number; msg: string; data: { url: string } }
  expect(body.code, body.msg).toBe(200)
  return body.data.url
}

/** Sends messages of any kind over the chat protocol, one acknowledged before the next. */
async function sendAll(user: ChatUser, conversationID: string, messages: Array<{ type: string; payload: Record<string, unknown> }>): Promise<void> {
  const ws = new WebSocket(`${baseURL().replace(/^http/, 'ws')}/ws/${user.login.token}`)
  const frames: Array<Record<string, unknown>> = []
  const flat = (f: Record<string, unknown>): Array<Record<string, unknown>> => (f.type === 'batch' ? (f.frames as Array<Record<string, unknown>>).flatMap(flat) : [f])
  ws.on('message', (d) => frames.push(...flat(JSON.parse(String(d)) as Record<string, unknown>)))
  await expect.poll(() => frames.some((f) => f.type === 'hello')).toBe(true)
  for (const m of messages) {
    const clientMsgId = randomUUID()
    ws.send(JSON.stringify({ type: 'send', message: { clientMsgId, conversationID, ...m } }))
    await expect.poll(() => frames.find((f) => f.clientMsgId === clientMsgId)?.type).toBe('ack')
  }
  ws.close()
}

const cards = (page: Page): Locator => visible(page, 'fav-card')
const cardTypes = (page: Page) => cards(page).evaluateAll((els) => els.map((e) => Number(e.getAttribute('data-type'))))

async function openFavorites(page: Page): Promise<void> {
  await visible(page, 'nav-favorites').first().click()
  await expect(visible(page, 'favorites-page')).toBeVisible()
}

test('favorite every kind from a chat and a group, then find, search, pin, page, note and batch delete on /favorites', async ({ login, request }) => {
  const [alice, bob, carol] = await registerUsers(request, ['收藏甲', '收藏乙', '收藏丙'])
  await befriend(request, alice, bob)
  const img = await upload(request, bob, 'sky.png', 'image/png', pngImage(64, 48, [80, 160, 240], [240, 240, 240]), 'image')
  const poster = await upload(request, bob, 'poster.png', 'image/png', pngImage(64, 48, [20, 20, 20], [200, 60, 60]), 'image')
  const clip = await upload(request, bob, 'clip.mp4', 'video/mp4', Buffer.from('a short clip'), 'video')
  const doc = await upload(request, bob, '季度报告.pdf', 'application/pdf', Buffer.from('%PDF-1.4 report'), 'file')
  await sendAll(bob, `C2C${alice.wtId}`, [
    { type: 'TIMTextElem', payload: { text: '周五下午三点开会' } },
    { type: 'TIMTextElem', payload: { text: '文档在 https://example.com/doc' } },
    { type: 'TIMImageElem', payload: { url: img, width: 64, height: 48, size: 100, format: 'png' } },
    { type: 'TIMVideoFileElem', payload: { videoUrl: clip, snapshotUrl: poster, videoSecond: 3, videoSize: 12, snapshotWidth: 64, snapshotHeight: 48 } },
    { type: 'TIMFileElem', payload: { fileUrl: doc, fileName: '季度报告.pdf', fileSize: 15 } },
    { type: 'TIMLocationElem', payload: { latitude: 31.2397, longitude: 121.4998, description: JSON.stringify({ title: '东方明珠', detail: '上海市浦东新区' }) } },
  ])
  const group = await createGroup(request, carol, [alice], `收藏群${alice.phone.slice(-3)}`)
  await sendAll(carol, group.conversationID, [{ type: 'TIMTextElem', payload: { text: '群里的好句子' } }])

  const a = await login(alice)
  await openChatWith(a.page, bob)
  const rows = messageRows(a.page)
  await expect(rows).toHaveCount(6)
  for (let i = 0; i < 6; i++) {
    expect(await menuAction(a.page, rows.nth(i), 'favorite')).toBe('收藏')
    await expectToast(a.page, '收藏成功')
  }
  await openConversation(a.page, group.conversationID)
  await menuAction(a.page, textRow(a.page, '群里的好句子'), 'favorite')
  await expectToast(a.page, '收藏成功')
  // Five more, so there is a second page to scroll to.
  for (let i = 1; i <= 5; i++) expect((await apiPost(request, '/api/user/collection/add', { contentType: 1, collectTitle: `旧收藏 ${i}` }, alice.login.token)).code).toBe(200)

  await openFavorites(a.page)
  // Page 1 holds 10; the newest are the five just added, then the group's text and the chat's six.
  await expect(cards(a.page)).toHaveCount(10)
  await visible(a.page, 'fav-list').evaluate((el) => el.scrollTo(0, el.scrollHeight))
  await expect(cards(a.page)).toHaveCount(12)
  await expect(visible(a.page, 'fav-foot')).toHaveAttribute('data-done', '1')
  expect((await cardTypes(a.page)).slice(5)).toEqual([1, 5, 4, 3, 2, 7, 1])
  const card = (type: number) => cards(a.page).and(a.page.locator(`[data-type="${type}"]`)).first()
  await expect(card(7)).toContainText('https://example.com/doc')
  await expect(card(4).locator('[data-testid="fav-file-name"]')).toHaveText('季度报告.pdf')
  await expect(card(5)).toContainText('东方明珠')
  await expect(card(2).locator('[data-testid="fav-image"] img, img[data-testid="fav-image"]').first()).toHaveJSProperty('naturalWidth', 64)
  // The image opens full size, the video plays in the detail dialog.
  await card(3).locator('[data-testid="fav-video-poster"]').click()
  await expect(visible(a.page, 'fav-detail').locator('video')).toHaveAttribute('src', /\/api\/oss\/file\//)
  await visible(a.page, 'fav-detail-close').click()

  // Search (debounced) by title.
  await inputByTestId(a.page, 'fav-search').fill('开会')
  await expect(cards(a.page)).toHaveCount(1)
  await expect(cards(a.page)).toContainText('周五下午三点开会')
  await inputByTestId(a.page, 'fav-search').fill('')
  await expect(cards(a.page)).toHaveCount(10)

  // Pin the oldest favorite loaded: it goes on top with its tag; unpin puts it back.
  await visible(a.page, 'fav-list').evaluate((el) => el.scrollTo(0, el.scrollHeight))
  await expect(cards(a.page)).toHaveCount(12)
  await cards(a.page).last().locator('[data-testid="fav-pin"]').click()
  await expectToast(a.page, '置顶成功')
  await expect(cards(a.page).first()).toHaveAttribute('data-top', '1')
  await expect(cards(a.page).first()).toContainText('周五下午三点开会')
  await a.page.reload()
  await expect(cards(a.page).first()).toHaveAttribute('data-top', '1')
  await cards(a.page).first().locator('[data-testid="fav-pin"]').click()
  await expect(cards(a.page).first()).toHaveAttribute('data-top', '0')

  // A note of one's own.
  await visible(a.page, 'fav-note-new').click()
  await a.page.locator('[data-testid="fav-note-input"] textarea, textarea[data-testid="fav-note-input"]').first().fill('下周要准备的材料')
  await visible(a.page, 'fav-note-save').click()
  await expect(cards(a.page).first()).toHaveAttribute('data-type', '99')
  await expect(cards(a.page).first()).toContainText('下周要准备的材料')

  // Multi-select two and delete them after the confirmation.
  await visible(a.page, 'fav-select').click()
  await cards(a.page).nth(0).click()
  await cards(a.page).nth(1).click()
  await visible(a.page, 'fav-batch-delete').click()
  await expect(visible(a.page, 'fav-delete-dialog')).toContainText('确定删除选中的 2 条收藏？')
  await visible(a.page, 'fav-delete-dialog-confirm').click()
  await expectToast(a.page, '删除成功')
  const left = await apiPost<{ total: number }>(request, '/api/user/collection/list', { pageNum: 1, pageSize: 10 }, alice.login.token)
  expect(left.data.total).toBe(11)
})

test('send a favorite from the toolbar and open it on the receiver’s phone; quick phrases add, edit, reorder, delete and insert', async ({ login, request }) => {
  const [alice, bob] = await registerUsers(request, ['发送甲', '接收乙'])
  await befriend(request, alice, bob)
  const img = await upload(request, alice, 'sea.png', 'image/png', pngImage(40, 30, [0, 120, 200], [255, 255, 255]), 'image')
  expect((await apiPost(request, '/api/user/collection/add', { contentType: 2, imageUuid: img }, alice.login.token)).code).toBe(200)
  expect((await apiPost(request, '/api/user/collection/add', { contentType: 1, collectTitle: '一句收藏的话' }, alice.login.token)).code).toBe(200)

  const a = await login(alice)
  const b = await login(bob, { viewport: phone })
  await openChatWith(a.page, bob)
  await visible(a.page, 'tool-favorite').click()
  const panel = visible(a.page, 'fav-panel')
  await expect(panel.locator('[data-testid="fav-panel-item"]')).toHaveCount(2)
  const send = visible(a.page, 'fav-panel-send')
  await expect(send).toHaveClass(/btn--disabled/)
  const imageItem = panel.locator('[data-testid="fav-panel-item"][data-type="2"]')
  await imageItem.click()
  await expect(send).not.toHaveClass(/btn--disabled/)
  await imageItem.click()
  await expect(send).toHaveClass(/btn--disabled/)
  await imageItem.click()
  await send.click()
  await expect(panel).toHaveCount(0)
  // A favorite picture arrives as a picture (not a 收藏 card), and the list says [图片].
  await expect(chatPanel(a.page).locator('[data-kind="collect"]')).toHaveCount(0)
  await expect(chatPanel(a.page).locator('[data-testid="msg-image"]')).toHaveCount(1)

  await expect(conversationRow(b.page, `C2C${alice.wtId}`).first().locator('[data-testid="conv-row-summary"]')).toHaveText('[图片]')
  await conversationRow(b.page, `C2C${alice.wtId}`).first().click()
  const picture = chatPanel(b.page).locator('[data-testid="msg-image"]')
  await expect(picture).toHaveCount(1)
  await expect(picture.locator('img').first()).toHaveJSProperty('naturalWidth', 40)
  // The receiver keeps it as an image favorite of their own.
  await menuAction(b.page, messageRows(b.page).last(), 'favorite')
  const theirs = await apiPost<{ rows: Array<{ contentType: number }> }>(request, '/api/user/collection/list', {}, bob.login.token)
  expect(theirs.data.rows.map((r) => r.contentType)).toEqual([2])

  // Quick phrases: the default set, then add, edit, reorder, delete, insert.
  await visible(a.page, 'tool-phrase').click()
  const phrases = visible(a.page, 'phrase-panel')
  await expect(phrases.locator('[data-testid="phrase-row"]').first()).toHaveText('你好，请问有什么可以帮你？')
  await visible(a.page, 'phrase-mode').click()
  await visible(a.page, 'phrase-add').click()
  const input = phrases.locator('[data-testid="phrase-input"] input, input[data-testid="phrase-input"]').first()
  // The new phrase's input is wholly inside the panel, not cut by its bottom edge.
  const field = (await input.boundingBox())!
  const frame = (await phrases.boundingBox())!
  expect(field.y + field.height).toBeLessThanOrEqual(frame.y + frame.height - 1)
  await expect(input).toBeInViewport({ ratio: 1 })
  await a.page.screenshot({ path: 'test-results/e2e/regressions/second-trial-phrase-add-desktop.png' })
  await input.fill('马上到，等我五分钟')
  await input.press('Enter')
  await expect(phrases.locator('[data-testid="phrase-row"]').last()).toContainText('马上到，等我五分钟')
  // Edit: cancel restores, confirm saves.
  const last = () => phrases.locator('[data-testid="phrase-row"]').last()
  await last().locator('[data-testid="phrase-edit"]').click()
  await input.fill('不要这个')
  await visible(a.page, 'phrase-cancel').click()
  await expect(last()).toContainText('马上到，等我五分钟')
  await last().locator('[data-testid="phrase-edit"]').click()
  await input.fill('十分钟后到')
  await visible(a.page, 'phrase-confirm').click()
  await expect(last()).toContainText('十分钟后到')
  // Move it up one place; the order is saved.
  const count = await phrases.locator('[data-testid="phrase-row"]').count()
  await last().locator('[data-testid="phrase-up"]').click()
  await expect(phrases.locator('[data-testid="phrase-row"]').nth(count - 2)).toContainText('十分钟后到')
  const savedWords = async () => {
    const res = await request.get('/api/userDailyWord/list', { headers: { Authorization: `Bearer ${alice.login.token}` } })
    return ((await res.json()) as { data: Array<{ word: string }> }).data.map((p) => p.word)
  }
  await expect.poll(async () => (await savedWords())[count - 2]).toBe('十分钟后到')
  // Delete the first with its confirmation.
  const first = phrases.locator('[data-testid="phrase-row"]').first()
  await first.locator('[data-testid="phrase-delete"]').click()
  await expect(visible(a.page, 'phrase-delete-dialog')).toContainText('确认删除？')
  await visible(a.page, 'phrase-delete-dialog-confirm').click()
  await expect(phrases.locator('[data-testid="phrase-row"]')).toHaveCount(count - 1)
  await expect(phrases.locator('[data-testid="phrase-row"]').first()).not.toHaveText('你好，请问有什么可以帮你？')
  // Back to list mode: a click puts the phrase in the editor.
  await visible(a.page, 'phrase-mode').click()
  await phrases.locator('[data-testid="phrase-row"]').filter({ hasText: '十分钟后到' }).click()
  await expect(editor(a.page)).toHaveValue('十分钟后到')
  await editor(a.page).press('Enter')
  await expect(textRow(b.page, '十分钟后到')).toBeVisible()

  // The settings switch hides the entry.
  await visible(a.page, 'settings-button').first().click()
  await visible(a.page, 'settings-phrases').first().click()
  await expect(visible(a.page, 'tool-phrase')).toHaveCount(0)
  await visible(a.page, 'settings-button').first().click()
  await visible(a.page, 'settings-phrases').first().click()
  await expect(visible(a.page, 'tool-phrase')).toHaveCount(1)
})

test('the official helper: in every list with its tag, a FAQ question and a keyword answer, on desktop and phone', async ({ login, request }) => {
  const [dana, eve] = await registerUsers(request, ['助手甲', '助手乙'])
  for (const [user, viewport] of [
    [dana, undefined],
    [eve, phone],
  ] as const) {
    const s = await login(user, viewport ? { viewport } : {})
    const row = conversationRow(s.page, 'C2CwisperHelper')
    await expect(row).toContainText('微谈小助手')
    await expect(row.locator('[data-testid="official-tag"]')).toHaveText('官方')
    await openConversation(s.page, 'C2CwisperHelper')
    await expect(visible(s.page, 'chat-header-name')).toHaveText('微谈小助手')
    // No search, no calls, no profile; the FAQ instead.
    await expect(visible(s.page, 'chat-search')).toHaveCount(0)
    await expect(chatPanel(s.page).locator('[data-testid="tool-voiceCall"], [data-testid="tool-videoCall"]')).toHaveCount(0)
    const questions = chatPanel(s.page).locator('[data-kind="helper"] [data-testid="helper-question"]')
    await expect(questions.first()).toHaveText('怎么添加好友？')
    await questions.nth(2).click()
    await expect(textRow(s.page, '通话有时长限制吗？')).toBeVisible()
    await expect(messageRows(s.page).last()).toContainText('群通话最多9人')
    await sendText(s.page, '怎么建群')
    await expect(messageRows(s.page).last()).toContainText('发起群聊')
    await sendText(s.page, '今天吃什么')
    await expect(messageRows(s.page).last()).toContainText('联系人工客服')
    await visible(s.page, 'chat-faq').click()
    await expect(visible(s.page, 'helper-faq').locator('[data-testid="helper-faq-item"]')).toHaveCount(6)
    await visible(s.page, 'helper-faq-close').click()
  }
})
