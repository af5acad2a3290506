import { intersection } from '@/platform/intersection'
import { keyboard } from '@/platform/keyboard'
import { scroller } from '@/platform/scroller'

afterEach(() => {
  document.body.innerHTML = ''
})

function editor(): HTMLTextAreaElement {
  document.body.innerHTML = '<div id="ed"><textarea></textarea></div>'
  return document.querySelector('textarea')!
}

function press(target: Element, init: KeyboardEventInit): KeyboardEvent {
  const e = new KeyboardEvent('keydown', { key: 'Enter', bubbles: true, cancelable: true, ...init })
  target.dispatchEvent(e)
  return e
}

describe('keyboard (H5)', () => {
  test('Enter sends and does not type a newline', () => {
    const area = editor()
    const onSend = jest.fn()
    const stop = keyboard.watchEditor('ed', { onSend })
    const e = press(area, {})
    expect(onSend).toHaveBeenCalledTimes(1)
    expect(e.defaultPrevented).toBe(true)
    stop()
    press(area, {})
    expect(onSend).toHaveBeenCalledTimes(1)
  })

  test('Ctrl+Enter inserts a newline at the caret and reports the input', () => {
    const area = editor()
    area.value = 'ab'
    area.setSelectionRange(1, 1)
    const onInput = jest.fn()
    area.addEventListener('input', onInput)
    const onSend = jest.fn()
    keyboard.watchEditor('ed', { onSend })
    const e = press(area, { ctrlKey: true })
    expect(area.value).toBe('a\nb')
    expect(e.defaultPrevented).toBe(true)
    expect(onInput).toHaveBeenCalled()
    expect(onSend).not.toHaveBeenCalled()
  })

  test('Shift+Enter keeps the browser newline; an IME composition is not a send', () => {
    const area = editor()
    const onSend = jest.fn()
    keyboard.watchEditor('ed', { onSend })
    expect(press(area, { shiftKey: true }).defaultPrevented).toBe(false)
    expect(press(area, { isComposing: true }).defaultPrevented).toBe(false)
    expect(onSend).not.toHaveBeenCalled()
  })

  test('focusEditor puts the caret where typing goes on, after the next frame', () => {
    jest.useFakeTimers()
    const area = editor()
    area.value = '@小明 周六'
    keyboard.focusEditor('ed', 4)
    jest.runOnlyPendingTimers()
    expect(document.activeElement).toBe(area)
    expect(area.selectionStart).toBe(4)
    keyboard.focusEditor('ed', null)
    jest.runOnlyPendingTimers()
    expect(area.selectionStart).toBe(area.value.length)
    jest.useRealTimers()
  })

  test('focusEditor leaves the caret where keys typed before the frame put it', () => {
    jest.useFakeTimers()
    const area = editor()
    area.value = '@小明 '
    area.focus()
    keyboard.focusEditor('ed', 4)
    area.value = '@小明 周六'
    area.setSelectionRange(6, 6)
    area.dispatchEvent(new Event('input', { bubbles: true }))
    jest.runOnlyPendingTimers()
    expect(area.selectionStart).toBe(6)
    jest.useRealTimers()
  })

  test('Esc handlers', () => {
    const onEsc = jest.fn()
    const stop = keyboard.onEscape(onEsc)
    document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape' }))
    stop()
    document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape' }))
    expect(onEsc).toHaveBeenCalledTimes(1)
  })
})

test('scroller reads and sets the position of an element by id', async () => {
  document.body.innerHTML = '<div id="sc"></div>'
  const el = document.getElementById('sc')!
  Object.defineProperty(el, 'scrollHeight', { value: 900 })
  Object.defineProperty(el, 'clientHeight', { value: 300 })
  scroller.scrollTo('sc', 250)
  expect(await scroller.metrics('sc')).toEqual({ scrollTop: 250, scrollHeight: 900, clientHeight: 300 })
  expect(await scroller.metrics('missing')).toBeNull()
})

describe('intersection (H5)', () => {
  type Callback = (entries: Array<Partial<IntersectionObserverEntry>>) => void
  let instances: Array<{ callback: Callback; observed: Element[]; options: IntersectionObserverInit; unobserve: jest.Mock; disconnect: jest.Mock }>

  beforeEach(() => {
    instances = []
    ;(globalThis as Record<string, unknown>).IntersectionObserver = class {
      observed: Element[] = []
      unobserve = jest.fn()
      disconnect = jest.fn()
      constructor(
        public callback: Callback,
        public options: IntersectionObserverInit,
      ) {
        instances.push(this as never)
      }
      observe(el: Element) {
        this.observed.push(el)
      }
    }
  })

  afterEach(() => {
    delete (globalThis as Record<string, unknown>).IntersectionObserver
  })

  test('reports the key of targets at least the ratio visible, new ones included', async () => {
    document.body.innerHTML = '<div id="list"><div class="t" data-key="a"></div><div class="x" data-key="no"></div></div>'
    const seen: string[] = []
    const watch = intersection.watchVisible({ root: '#list', targets: '.t', ratio: 0.7, keyAttribute: 'key', onVisible: (k) => seen.push(k) })
    const io = instances[0]!
    expect(io.options.threshold).toEqual([0.7])
    expect(io.observed.map((e) => e.getAttribute('data-key'))).toEqual(['a'])
    const b = document.createElement('div')
    b.className = 't'
    b.setAttribute('data-key', 'b')
    document.getElementById('list')!.appendChild(b)
    await new Promise((r) => setTimeout(r, 0))
    expect(io.observed.map((e) => e.getAttribute('data-key'))).toEqual(['a', 'b'])
    io.callback([
      { target: io.observed[0], isIntersecting: true, intersectionRatio: 0.5 },
      { target: io.observed[1], isIntersecting: true, intersectionRatio: 0.7 },
    ])
    expect(seen).toEqual(['b'])
    expect(io.unobserve).toHaveBeenCalledWith(io.observed[1])
    watch.stop()
    expect(io.disconnect).toHaveBeenCalled()
  })

  test('nothing to watch without the container', () => {
    const watch = intersection.watchVisible({ root: '#none', targets: '.t', ratio: 0.7, keyAttribute: 'key', onVisible: jest.fn() })
    expect(instances).toHaveLength(0)
    watch.refresh()
    watch.stop()
  })
})
