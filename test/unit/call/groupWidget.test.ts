import { groupLayout, layerForTile } from '@/components/call/groupLayout'
import { hasMore, searchCandidates, showSelectAll, toggleAll, toggleCandidate, type Candidate } from '@/domain/call/pickerRules'

const cand = (userID: string, nick = '', isDisabled = false): Candidate => ({ userID, nick, avatar: '', isDisabled })

describe('group media grid', () => {
  it('up to 4 people: one big view (the chosen one) and small tiles under it', () => {
    const items = groupLayout(['me', 'b', 'c', 'd'], 'c')
    expect(items[0]).toMatchObject({ name: 'c', x: 0, y: 0, w: 12, props: { big: true } })
    expect(items.slice(1).map((i) => [i.name, i.x, i.y, i.w, i.h])).toEqual([
      ['me', 0, 9, 4, 3],
      ['b', 4, 9, 4, 3],
      ['d', 8, 9, 4, 3],
    ])
  })

  it('5 or more: 3 columns of 4 grid columns, each 3 units high', () => {
    const items = groupLayout(['a', 'b', 'c', 'd', 'e'], 'a')
    expect(items.every((i) => i.w === 4 && i.h === 3 && !i.props.big)).toBe(true)
    expect(items.map((i) => [i.x, i.y])).toEqual([
      [0, 0],
      [4, 0],
      [8, 0],
      [0, 3],
      [4, 3],
    ])
  })

  it('a focused tile takes the big view at any count; an unknown big user falls back to the first', () => {
    expect(groupLayout(['a', 'b', 'c', 'd', 'e', 'f'], 'e', true)[0]).toMatchObject({ name: 'e', props: { big: true } })
    expect(groupLayout(['a', 'b'], 'zz')[0]).toMatchObject({ name: 'a' })
  })
})

describe('simulcast layer by tile', () => {
  it('the big view takes the top layer; a small tile the middle one on a desktop and the low one on a phone', () => {
    const [big, small] = groupLayout(['me', 'b', 'c'], 'b')
    expect([layerForTile(big!, false), layerForTile(big!, true)]).toEqual([2, 2])
    expect([layerForTile(small!, false), layerForTile(small!, true)]).toEqual([1, 0])
    expect(groupLayout(['a', 'b', 'c', 'd', 'e'], 'a').map((i) => layerForTile(i, true))).toEqual([0, 0, 0, 0, 0])
  })
})

describe('invite member picker rules', () => {
  const list = [cand('10001', '张三'), cand('10002', 'Alice'), cand('20003', '', true)]

  it('searches by substring on user ID or nickname', () => {
    expect(searchCandidates(list, 'lic').map((c) => c.userID)).toEqual(['10002'])
    expect(searchCandidates(list, '000').map((c) => c.userID)).toEqual(['10001', '10002', '20003'])
    expect(searchCandidates(list, '张').map((c) => c.userID)).toEqual(['10001'])
    expect(searchCandidates(list, '  ')).toHaveLength(3)
  })

  it('offers select-all only with more than one entry and not single-choice', () => {
    expect(showSelectAll(list, false)).toBe(true)
    expect(showSelectAll(list, true)).toBe(false)
    expect(showSelectAll([list[0]!], false)).toBe(false)
  })

  it('never picks a disabled entry; at most 8; single choice replaces', () => {
    expect(toggleCandidate([], list[2]!, false)).toEqual({ ok: false, reason: 'disabled' })
    const eight = Array.from({ length: 8 }, (_, i) => `3000${i}`)
    expect(toggleCandidate(eight, list[0]!, false)).toEqual({ ok: false, reason: 'max' })
    expect(toggleCandidate(['10001'], list[0]!, false)).toEqual({ ok: true, selected: [] })
    expect(toggleCandidate(['10001'], list[1]!, true)).toEqual({ ok: true, selected: ['10002'] })
  })

  it('select-all picks the selectable entries, clears them when all are picked, and refuses past 8', () => {
    expect(toggleAll([], list)).toEqual({ ok: true, selected: ['10001', '10002'] })
    expect(toggleAll(['10001', '10002'], list)).toEqual({ ok: true, selected: [] })
    const nine = Array.from({ length: 9 }, (_, i) => cand(`4000${i}`))
    expect(toggleAll([], nine)).toEqual({ ok: false, reason: 'max' })
  })

  it("shows 'View more' while the group has more members than loaded", () => {
    expect(hasMore(30, 31)).toBe(true)
    expect(hasMore(31, 31)).toBe(false)
  })
})
