import { describe, expect, it } from 'vitest'
import type { Moment } from '../../types/moments.js'
import { FirstPageCache, type FirstPage } from '../src/domain/moments/firstPages.js'

const moment = (id: number, wtId: string): Moment => ({
  id,
  wtId,
  nickName: wtId,
  avatar: '',
  content: '',
  mediaType: 0,
  images: [],
  video: null,
  location: null,
  visibility: 0,
  createTime: 0,
})

/** A first page of moments `ids` by `author`, liked by `liker`; `version` tells computations apart. */
const pageOf = (version: number, ids: number[], author = 'a', liker = 'l'): FirstPage => ({
  page: { rows: ids.map((id) => moment(id, author)), total: version },
  interactions: ids.map((id) => ({ id, commentsList: [], praiseList: [{ wtId: liker, nickName: liker, avatar: '' }], groupList: [], minePraiseStatus: 0 })),
})

function deferred<T>() {
  let resolve!: (v: T) => void
  const promise = new Promise<T>((r) => (resolve = r))
  return { promise, resolve }
}

describe('the first page cache', () => {
  it('computes once for concurrent readers and answers the next from memory', async () => {
    const cache = new FirstPageCache()
    let computed = 0
    const compute = async () => (computed++, pageOf(1, [3, 2, 1]))
    await Promise.all([cache.get('v', 10, compute), cache.get('v', 10, compute)])
    expect((await cache.get('v', 10, compute)).page.total).toBe(1)
    expect(computed).toBe(1)
    expect(cache.interactions('v', [2, 3])!.map((i) => i.id)).toEqual([3, 2])
    expect(cache.interactions('v', [2, 9])).toBeNull()
    expect(cache.interactions('w', [2])).toBeNull()
  })

  it('keeps out a page computed while a change came, and a reader after the change does not get it', async () => {
    const cache = new FirstPageCache()
    const slow = deferred<FirstPage>()
    const before = cache.get('v', 10, () => slow.promise)
    cache.drop({ moments: [7] })
    const after = cache.get('v', 10, async () => pageOf(2, [3, 2, 1]))
    slow.resolve(pageOf(1, [3, 2, 1]))
    expect((await before).page.total).toBe(1)
    expect((await after).page.total).toBe(2)
    expect((await cache.get('v', 10, async () => pageOf(3, [1]))).page.total).toBe(2)
  })

  it('drops by viewer, by moment shown, by person shown, all, and after the time limit', async () => {
    let now = 0
    const cache = new FirstPageCache(() => now)
    const fill = async () => {
      await cache.get('v', 10, async () => pageOf(1, [1, 2], 'a', 'l'))
      await cache.get('w', 10, async () => pageOf(1, [5], 'b', 'm'))
    }
    const kept = () => ['v', 'w'].filter((x) => cache.interactions(x, []) !== null)
    await fill()
    expect(kept()).toEqual(['v', 'w'])
    cache.drop({ viewers: ['v'] })
    expect(kept()).toEqual(['w'])
    await fill()
    cache.drop({ moments: [5] })
    expect(kept()).toEqual(['v'])
    await fill()
    cache.drop({ people: ['l'] })
    expect(kept()).toEqual(['w'])
    await fill()
    cache.drop({ people: ['b'] })
    expect(kept()).toEqual(['v'])
    await fill()
    cache.drop({ all: true })
    expect(kept()).toEqual([])
    await fill()
    now += 10_000
    expect(kept()).toEqual([])
    // Another page size is another page.
    expect((await cache.get('v', 5, async () => pageOf(9, [1]))).page.total).toBe(9)
  })

  it('keeps at most 1,000 viewers, dropping the least recently read', async () => {
    const cache = new FirstPageCache()
    for (let i = 0; i < 1000; i++) await cache.get(`v${i}`, 10, async () => pageOf(1, [1]))
    await cache.get('v0', 10, async () => pageOf(2, [1]))
    await cache.get('new', 10, async () => pageOf(1, [1]))
    expect(cache.interactions('v0', [])).not.toBeNull()
    expect(cache.interactions('v1', [])).toBeNull()
    expect(cache.interactions('new', [])).not.toBeNull()
  })
})
