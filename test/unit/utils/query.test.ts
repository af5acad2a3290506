import { parseQuery, splitUrl, stringifyQuery } from '@/utils/query'

test('parse and stringify are inverse for ordinary values', () => {
  const query = { redirect: '/contacts?tab=1', name: '张 三', empty: '' }
  expect(parseQuery(stringifyQuery(query))).toEqual(query)
  expect(parseQuery('a=1&b&c=x+y&=skip&d=%E0%A4%A')).toEqual({ a: '1', b: '', c: 'x y', d: '%E0%A4%A' })
  expect(stringifyQuery({})).toBe('')
  expect(stringifyQuery(undefined)).toBe('')
})

test('splitUrl drops the hash', () => {
  expect(splitUrl('/a?b=1#c')).toEqual({ path: '/a', search: '?b=1' })
  expect(splitUrl('/a#c')).toEqual({ path: '/a', search: '' })
})
