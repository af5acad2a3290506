import { roveStep } from '@/platform/roveStep'

describe('roveStep in a grid', () => {
  // Ten items, four a row:  0 1 2 3 / 4 5 6 7 / 8 9
  const move = (key: string, at: number) => roveStep(key, 'grid', at, 10, 4)

  it('moves up and down by a row, in the same column', () => {
    expect(move('ArrowDown', 1)).toBe(5)
    expect(move('ArrowDown', 5)).toBe(9)
    expect(move('ArrowUp', 9)).toBe(5)
    expect(move('ArrowUp', 4)).toBe(0)
  })

  it('stays put where no row or no item is above or below', () => {
    expect(move('ArrowUp', 2)).toBe(2)
    expect(move('ArrowDown', 8)).toBe(8)
    // The last row is short: nothing under 6 and 7.
    expect(move('ArrowDown', 6)).toBe(6)
    expect(move('ArrowDown', 7)).toBe(7)
  })

  it('moves left and right along the reading order, across rows, and stops at both ends', () => {
    expect(move('ArrowRight', 3)).toBe(4)
    expect(move('ArrowLeft', 4)).toBe(3)
    expect(move('ArrowLeft', 0)).toBe(0)
    expect(move('ArrowRight', 9)).toBe(9)
  })

  it('goes to the first and last item with Home and End, and leaves other keys alone', () => {
    expect(move('Home', 6)).toBe(0)
    expect(move('End', 1)).toBe(9)
    expect(move('Enter', 1)).toBeNull()
    expect(move('a', 1)).toBeNull()
  })

  it('treats a one-row grid as a line', () => {
    expect(roveStep('ArrowDown', 'grid', 1, 3, 3)).toBe(1)
    expect(roveStep('ArrowRight', 'grid', 1, 3, 3)).toBe(2)
  })
})

describe('roveStep in a list', () => {
  it('moves with ↑ and ↓ in a vertical list and ← → in a horizontal one, clamped at the ends', () => {
    expect(roveStep('ArrowDown', 'vertical', 0, 3)).toBe(1)
    expect(roveStep('ArrowDown', 'vertical', 2, 3)).toBe(2)
    expect(roveStep('ArrowUp', 'vertical', 0, 3)).toBe(0)
    expect(roveStep('ArrowRight', 'vertical', 0, 3)).toBeNull()
    expect(roveStep('ArrowRight', 'horizontal', 0, 3)).toBe(1)
    expect(roveStep('ArrowDown', 'horizontal', 0, 3)).toBeNull()
  })

  it('moves nowhere from an item that is not in the list', () => {
    expect(roveStep('ArrowDown', 'vertical', -1, 3)).toBeNull()
    expect(roveStep('ArrowDown', 'vertical', 0, 0)).toBeNull()
  })
})
