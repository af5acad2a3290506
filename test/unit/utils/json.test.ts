import { parseJsonObject, tryParseJson } from '@/utils/json'

test.each<[unknown, unknown]>([
  ['{"a":1}', { a: 1 }],
  ['[1,2]', [1, 2]],
  ['3', 3],
  ['{"a":', undefined],
  ['', undefined],
  [null, undefined],
  [{ a: 1 }, undefined],
])('tryParseJson(%p) is %p', (text, value) => {
  expect(tryParseJson(text)).toEqual(value)
})

test.each<[unknown, unknown]>([
  ['{"detail":"x"}', { detail: 'x' }],
  ['[{"a":1}]', null],
  ['null', null],
  ['7', null],
  ['not json', null],
  [undefined, null],
])('parseJsonObject(%p) is %p', (text, value) => {
  expect(parseJsonObject(text)).toEqual(value)
})
