import { ensurePinyin, groupByInitial, initialOf, onPinyinReady, OTHER_INITIAL, pinyinKey, pinyinReady } from '@/utils/pinyin'

describe('the pinyin dictionary loaded on first use', () => {
  it('is not there until asked for, then tells who waited', async () => {
    expect(pinyinReady()).toBe(false)
    expect(() => pinyinKey('王五')).toThrow(/ensurePinyin/)
    const woken = jest.fn()
    onPinyinReady(woken)
    await Promise.all([ensurePinyin(), ensurePinyin()])
    expect(pinyinReady()).toBe(true)
    expect(woken).toHaveBeenCalledTimes(1)
    expect(pinyinKey('王五')).toBe('wangwu')
  })
})

describe('initialOf', () => {
  test.each([
    ['张三', 'Z'],
    ['李四', 'L'],
    ['王五', 'W'],
    ['alice', 'A'],
    ['Bob', 'B'],
    ['  陈 ', 'C'],
    ['曾小贤', 'Z'],
    ['123', OTHER_INITIAL],
    ['_x', OTHER_INITIAL],
    ['😀 smile', OTHER_INITIAL],
    ['', OTHER_INITIAL],
    ['   ', OTHER_INITIAL],
  ])('%p → %p', (name, letter) => {
    expect(initialOf(name)).toBe(letter)
  })
})

test('pinyinKey reads a leading surname with its surname sound', () => {
  expect(pinyinKey('曾小贤')).toBe('zengxiaoxian')
  expect(pinyinKey('单田芳')).toBe('shantianfang')
  expect(pinyinKey('Tom 张')).toBe('tomzhang')
  expect(pinyinKey('')).toBe('')
})

test('groupByInitial: A-Z groups, # last, pinyin order inside a group', () => {
  const names = ['王五', '9号', 'zoe', '张三', '李四', 'Anna', '赵六', '#hash', '阿里', 'wang']
  const groups = groupByInitial(names, (n) => n)
  expect(groups.map((g) => g.letter)).toEqual(['A', 'L', 'W', 'Z', OTHER_INITIAL])
  expect(groups.find((g) => g.letter === 'A')!.items).toEqual(['阿里', 'Anna'])
  expect(groups.find((g) => g.letter === 'W')!.items).toEqual(['wang', '王五'])
  expect(groups.find((g) => g.letter === 'Z')!.items).toEqual(['张三', '赵六', 'zoe'])
  expect(groups[groups.length - 1]!.items).toEqual(['#hash', '9号'])
})

test('groupByInitial keeps the items themselves and every one of them', () => {
  const items = [{ id: 1, nick: '李四' }, { id: 2, nick: '李四' }, { id: 3, nick: '' }]
  const groups = groupByInitial(items, (i) => i.nick)
  expect(groups).toEqual([
    { letter: 'L', items: [items[0], items[1]] },
    { letter: OTHER_INITIAL, items: [items[2]] },
  ])
  expect(groupByInitial([], (x: string) => x)).toEqual([])
})
