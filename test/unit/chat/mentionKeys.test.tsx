import { fireEvent, render, screen } from '@testing-library/react'
import MentionList from '@/components/chat/ops/MentionList'
import { highlightedEntry, mentionNav } from '@/components/chat/ops/mentionNav'
import { keyboard } from '@/platform/keyboard'

const people = [
  { userID: 'a', nick: '甲', avatar: '' },
  { userID: 'b', nick: '乙', avatar: '' },
  { userID: 'c', nick: '丙', avatar: '' },
]

afterEach(() => {
  document.body.innerHTML = ''
})

test('Up and Down move the highlight, wrapping at the ends; Escape closes; no list, no effect', () => {
  expect(mentionNav('down', 0, 3)).toEqual({ kind: 'move', index: 1 })
  expect(mentionNav('down', 2, 3)).toEqual({ kind: 'move', index: 0 })
  expect(mentionNav('up', 0, 3)).toEqual({ kind: 'move', index: 2 })
  expect(mentionNav('up', 2, 3)).toEqual({ kind: 'move', index: 1 })
  expect(mentionNav('escape', 1, 3)).toEqual({ kind: 'close' })
  expect(mentionNav('down', 0, 0)).toBeNull()
  expect(mentionNav('escape', 0, 0)).toBeNull()
})

test('Enter picks the highlighted entry, or the first when the list has shrunk below it', () => {
  expect(highlightedEntry(people, 2)?.userID).toBe('c')
  expect(highlightedEntry(people.slice(0, 1), 2)?.userID).toBe('a')
  expect(highlightedEntry([], 0)).toBeUndefined()
})

test('the list marks the highlighted entry', () => {
  const onPick = jest.fn()
  render(<MentionList candidates={people} highlight={1} onPick={onPick} />)
  const items = screen.getAllByTestId('mention-item')
  expect(items.map((i) => i.getAttribute('aria-selected'))).toEqual(['false', 'true', 'false'])
  expect(items[1]!.className).toContain('mention-list__item--active')
  fireEvent.click(items[2]!)
  expect(onPick).toHaveBeenCalledWith(people[2])
})

describe('the editor hands Up, Down and Escape to an open list', () => {
  function editor(): HTMLTextAreaElement {
    document.body.innerHTML = '<div id="ed"><textarea></textarea></div>'
    return document.querySelector('textarea')!
  }
  // An Escape typed in a text area reaches the pop-ups once it went all the way down (a tick later).
  const settled = () => new Promise((resolve) => setTimeout(resolve, 0))
  const press = (target: Element, key: string) => {
    const e = new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true })
    target.dispatchEvent(e)
    return e
  }

  test('a used key is taken: no caret move and no overlay closes on Escape', async () => {
    const area = editor()
    const onNavigate = jest.fn(() => true)
    const onEscape = jest.fn()
    const stopEsc = keyboard.onEscape(onEscape)
    const stop = keyboard.watchEditor('ed', { onSend: jest.fn(), onNavigate })
    expect(press(area, 'ArrowDown').defaultPrevented).toBe(true)
    expect(press(area, 'ArrowUp').defaultPrevented).toBe(true)
    expect(press(area, 'Escape').defaultPrevented).toBe(true)
    expect(onNavigate.mock.calls.map((c) => (c as unknown[])[0])).toEqual(['down', 'up', 'escape'])
    await settled()
    expect(onEscape).not.toHaveBeenCalled()
    stop()
    stopEsc()
  })

  test('with no list open the keys behave as usual', async () => {
    const area = editor()
    const onEscape = jest.fn()
    const stopEsc = keyboard.onEscape(onEscape)
    keyboard.watchEditor('ed', { onSend: jest.fn(), onNavigate: () => false })
    expect(press(area, 'ArrowDown').defaultPrevented).toBe(false)
    press(area, 'Escape')
    await settled()
    expect(onEscape).toHaveBeenCalledTimes(1)
    stopEsc()
  })
})
