import { HoverPopover, POPOVER_CLOSE_DELAY_MS } from '@/components/call/hoverPopover'

describe('hover popover', () => {
  beforeEach(() => jest.useFakeTimers())
  afterEach(() => jest.useRealTimers())

  it('opens on hover and closes 1000 ms after the pointer left', () => {
    const seen: boolean[] = []
    const p = new HoverPopover((open) => seen.push(open))
    p.enter()
    p.leave()
    jest.advanceTimersByTime(POPOVER_CLOSE_DELAY_MS - 1)
    expect(seen).toEqual([true])
    jest.advanceTimersByTime(1)
    expect(seen).toEqual([true, false])
  })

  it('stays open while the pointer moves from the button into the popover', () => {
    const seen: boolean[] = []
    const p = new HoverPopover((open) => seen.push(open))
    p.enter()
    p.leave()
    jest.advanceTimersByTime(500)
    p.enter()
    jest.advanceTimersByTime(5000)
    expect(seen).toEqual([true, true])
    p.close()
    expect(seen.at(-1)).toBe(false)
  })
})
