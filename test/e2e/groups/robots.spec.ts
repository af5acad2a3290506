import { createHash } from 'node:crypto'
import type { Page } from '@playwright/test'
import { chatPanel, createGroup, expect, messageRows, openConversation, pngImage, registerUsers, test, textRow, visible } from '../messaging/support'
import { expectToast, inputByTestId } from '../support/ui'
import { openPanel, tipRow } from './support'

const SHOTS = 'test-results/e2e/robots'

interface WeCom {
  errcode: number
  errmsg: string
}

/** What a monitoring script does: one POST of WeCom's format to the address. */
async function post(url: string, body: unknown): Promise<WeCom> {
  const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })
  return (await res.json()) as WeCom
}

async function shownAddress(page: Page): Promise<string> {
  const url = (await visible(page, 'robot-webhook-url').innerText()).trim()
  expect(url).toMatch(/\/api\/webhook\/send\?key=[0-9a-f-]{36}$/)
  return url
}

for (const viewport of [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
]) {
  test(`an owner adds a robot, a script posts through it and a member sees the posts (${viewport.width}px)`, async ({ login, request }) => {
    test.setTimeout(180_000)
    const [owner, member] = await registerUsers(request, ['群主', '成员'])
    const group = await createGroup(request, owner, [member], `运维群${owner.phone.slice(-3)}`)
    const o = await login(owner, { viewport })
    const m = await login(member, { viewport })
    for (const s of [o, m]) await openConversation(s.page, group.conversationID)

    // The owner adds it in the group panel and sees the address once.
    await openPanel(o.page)
    await expect(visible(o.page, 'group-robots-value')).toHaveText('未添加')
    await visible(o.page, 'group-robots-row').click()
    await visible(o.page, 'robot-add').click()
    await visible(o.page, 'robot-add-submit').click()
    await expect(visible(o.page, 'robot-form-error')).toHaveText('请输入机器人名称')
    await inputByTestId(o.page, 'robot-name-input').fill('告警助手')
    await inputByTestId(o.page, 'robot-desc-input').fill('线上服务的告警')
    await visible(o.page, 'robot-add-submit').click()
    const url = await shownAddress(o.page)
    await o.page.screenshot({ path: `${SHOTS}/robot-added-${viewport.width}.png` })
    await visible(o.page, 'robot-secret-done').click()
    await expect(visible(o.page, 'robot-secret')).toHaveCount(0)
    await expect(visible(o.page, 'robot-row')).toHaveCount(1)
    await visible(o.page, 'gpanel-back').last().click()
    await expect(visible(o.page, 'group-robot-label')).toHaveText('机器人')

    // The member sees the tip, and the robot in the member list, not counted among members.
    await expect(tipRow(m.page, `${owner.nickName}添加了群机器人 告警助手`)).toBeVisible()
    await expect(tipRow(o.page, '你添加了群机器人 告警助手')).toBeVisible()
    await openPanel(m.page)
    await expect(visible(m.page, 'group-robot')).toHaveCount(1)
    await expect(visible(m.page, 'group-robots-row')).toBeVisible()
    await visible(m.page, 'group-robots-row').click()
    await expect(visible(m.page, 'robot-add')).toHaveCount(0)
    await expect(visible(m.page, 'robot-regenerate')).toHaveCount(0)
    await expect(visible(m.page, 'robots-who-manages')).toHaveText('群主和管理员可以添加、暂停和移除机器人。')
    await m.page.screenshot({ path: `${SHOTS}/robots-member-${viewport.width}.png` })
    await m.page.keyboard.press('Escape')
    await m.page.keyboard.press('Escape')
    await expect(visible(m.page, 'group-panel')).toHaveCount(0)

    // A script posts text, markdown and an image.
    expect(await post(url, { msgtype: 'text', text: { content: '磁盘使用率 91%', mentioned_list: ['@all'] } })).toEqual({ errcode: 0, errmsg: 'ok' })
    await expect(textRow(m.page, '磁盘使用率 91%')).toBeVisible()
    await expect(textRow(m.page, '磁盘使用率 91%').locator('[data-testid="msg-robot-label"]')).toHaveText('机器人')
    const md = '## 告警恢复\n服务 <font color="info">api</font> 已恢复，**耗时 3 分钟**\n> 值班：<font color="comment">李四</font>\n\n[查看面板](https://grafana.example.com/d/1)'
    expect((await post(url, { msgtype: 'markdown', markdown: { content: md } })).errcode).toBe(0)
    const bubble = chatPanel(m.page).locator('[data-kind="robotMarkdown"]').last()
    await expect(bubble.locator('.rmd-heading')).toHaveText('告警恢复')
    await expect(bubble.locator('[data-color="info"]')).toHaveText('api')
    await expect(bubble.locator('.rmd-p .rmd-span--bold')).toHaveText('耗时 3 分钟')
    await expect(bubble.locator('.rmd-quote')).toContainText('值班：李四')
    await expect(bubble.locator('[data-href="https://grafana.example.com/d/1"]')).toHaveText('查看面板')
    const png = pngImage(64, 40, [220, 60, 60], [60, 60, 220])
    expect((await post(url, { msgtype: 'image', image: { base64: png.toString('base64'), md5: createHash('md5').update(png).digest('hex') } })).errcode).toBe(0)
    const image = messageRows(m.page).last().locator('[data-testid="msg-image"] img').first()
    await expect(image).toBeVisible()
    await expect.poll(() => image.evaluate((el) => (el as HTMLImageElement).naturalWidth)).toBe(64)

    // Script and raw HTML in markdown stay text.
    const hostile = '<script>window.__robotPwned = 1</script>\n\n<img src=x onerror="window.__robotPwned = 2">\n\n[点我](javascript:window.__robotPwned=3)'
    expect((await post(url, { msgtype: 'markdown', markdown: { content: hostile } })).errcode).toBe(0)
    const inert = chatPanel(m.page).locator('[data-kind="robotMarkdown"]').last()
    await expect(inert).toContainText('<script>window.__robotPwned = 1</script>')
    await expect(inert).toContainText('<img src=x onerror="window.__robotPwned = 2">')
    await expect(inert.locator('script, img, a, iframe')).toHaveCount(0)
    await inert.getByText('点我').click()
    expect(await m.page.evaluate(() => (window as unknown as { __robotPwned?: number }).__robotPwned)).toBeUndefined()
    await m.page.screenshot({ path: `${SHOTS}/robot-messages-${viewport.width}.png` })

    // Regenerate: the old address stops at once; then remove.
    await visible(o.page, 'group-robots-row').click()
    // Each robot's actions say whose they are to a screen reader.
    for (const name of ['重置 告警助手 的地址', '暂停 告警助手', '移除 告警助手']) {
      await expect(visible(o.page, 'group-robots').getByRole('button', { name, exact: true })).toHaveCount(1)
    }
    await visible(o.page, 'robot-regenerate').click()
    await visible(o.page, 'robot-regenerate-dialog-confirm').click()
    const fresh = await shownAddress(o.page)
    expect(fresh).not.toBe(url)
    expect(await post(url, { msgtype: 'text', text: { content: '旧地址' } })).toMatchObject({ errcode: 93000 })
    expect((await post(fresh, { msgtype: 'text', text: { content: '新地址可用' } })).errcode).toBe(0)
    await expect(textRow(m.page, '新地址可用')).toBeVisible()
    await visible(o.page, 'robot-secret-done').click()
    await visible(o.page, 'robot-remove').click()
    await visible(o.page, 'robot-remove-dialog-confirm').click()
    await expectToast(o.page, '已移除')
    await expect(visible(o.page, 'robot-row')).toHaveCount(0)
    expect(await post(fresh, { msgtype: 'text', text: { content: 'x' } })).toMatchObject({ errcode: 93000 })
    await expect(tipRow(m.page, '移除了群机器人 告警助手')).toBeVisible()
  })
}
