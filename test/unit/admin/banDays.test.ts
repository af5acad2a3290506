import { BanBody, parseBanDays } from '@shared/admin'

/** The console's check of 封禁天数 says yes and no exactly where the server's BanBody does. */
describe('parseBanDays', () => {
  const server = (days: number) => {
    const r = BanBody.safeParse({ wtId: '10000001', days, reason: '' })
    return r.success ? null : r.error.issues[0]!.message
  }

  it.each([
    ['7', 7],
    [' 30 ', 30],
    ['1', 1],
    ['36500', 36500],
  ])('accepts %j as %d days', (input, days) => {
    expect(parseBanDays(input)).toEqual({ days })
    expect(server(days)).toBeNull()
  })

  it.each([
    ['0', '封禁天数至少1天', 0],
    ['-3', '封禁天数至少1天', -3],
    ['36501', '封禁天数最多36500天', 36501],
    ['1.5', '封禁天数须为整数', 1.5],
  ])('refuses %j with the server text', (input, error, asSent) => {
    expect(parseBanDays(input)).toEqual({ error })
    expect(server(asSent)).toBe(error)
  })

  it.each([
    ['', '请输入封禁天数'],
    ['   ', '请输入封禁天数'],
    ['七天', '封禁天数须为整数'],
    ['1e3', '封禁天数须为整数'],
  ])('refuses %j before anything is sent', (input, error) => {
    expect(parseBanDays(input)).toEqual({ error })
  })
})
