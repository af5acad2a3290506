import { readMediaSwitch } from '@/services/call/mediaSwitch'

const entry = (dictValue: string) => ({ dictLabel: 'web_media_switch', dictValue, dictSort: 0 })

describe('the web_media_switch lookup', () => {
  it("turns the call entries on only when the first entry reads '1'", async () => {
    expect(await readMediaSwitch(async () => [entry('1')])).toBe(true)
    expect(await readMediaSwitch(async () => [entry('0')])).toBe(false)
    expect(await readMediaSwitch(async () => [entry('0'), entry('1')])).toBe(false)
    expect(await readMediaSwitch(async () => [entry('true')])).toBe(false)
  })

  it('keeps them off with no entry or a failed lookup', async () => {
    expect(await readMediaSwitch(async () => [])).toBe(false)
    expect(await readMediaSwitch(() => Promise.reject(new Error('network')))).toBe(false)
  })
})
