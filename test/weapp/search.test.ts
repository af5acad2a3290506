/**
 * The compiled mini-program's search box on the messages page (dist/weapp/pages/messages) against
 * the suite's server: typing a word shows the 聊天记录 section by conversation with the word
 * highlighted, and a conversation with several matches opens their list.
 * Build first: `npm run build:weapp`.
 */
import { befriend, c2cConversation, connectDevice, registerUser } from './accounts'
import { nodeText, openPage, waitFor } from './harness'

test('the search box finds chat history by conversation, highlights the word and opens a conversation’s matches', async () => {
  const [me, friend] = await Promise.all([registerUser('小明'), registerUser('小红')])
  await befriend(me, friend)
  const word = `口令${Date.now() % 100000}`
  const device = await connectDevice(friend)
  await device.sendText(c2cConversation(me.wtId), `第一句 ${word}`)
  await device.sendText(c2cConversation(me.wtId), `第二句 ${word}`)
  device.close()

  const page = openPage('pages/messages/index', { session: me })
  await waitFor(() => page.withClass('conv-row').length > 0, 'the conversation list')
  page.type(page.withClass('conv-search__input')[0], word)
  await waitFor(() => page.withClass('conv-results__title').some((n) => nodeText(n) === '聊天记录'), 'the 聊天记录 section', 20_000)
  const row = page.withClass('conv-results__item')[0]!
  expect(nodeText(row)).toContain('小红')
  expect(nodeText(row)).toContain('2条相关的聊天记录')

  page.tap(row)
  await waitFor(() => page.withClass('conv-results__hl').length === 2, 'the conversation’s two matches, highlighted', 20_000)
  expect(page.withClass('conv-results__hl').map(nodeText)).toEqual([word, word])
  expect(page.withClass('conv-results__head-title').map(nodeText)).toEqual(['小红'])
})
