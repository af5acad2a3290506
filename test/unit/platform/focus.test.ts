import { arriveAt, focusFirst, focusItem, moveFocusToNextPage, onPressOutside, onShortcut, pressable, rememberFocus, rove, startKeyActivation, trapFocus, type Shortcut } from '@/platform/focus'
import { keyboard } from '@/platform/keyboard'

// jsdom lays nothing out; every element counts as shown.
beforeAll(() => {
  if (!('checkVisibility' in HTMLElement.prototype)) {
    Object.defineProperty(HTMLElement.prototype, 'checkVisibility', { value: () => true, configurable: true })
  }
})

afterEach(() => {
  document.body.innerHTML = ''
})

function mount(html: string): void {
  document.body.innerHTML = html
}

const el = (id: string) => document.getElementById(id) as HTMLElement

function key(target: EventTarget, init: KeyboardEventInit): KeyboardEvent {
  const event = new KeyboardEvent('keydown', { bubbles: true, cancelable: true, ...init })
  target.dispatchEvent(event)
  return event
}

describe('pressable', () => {
  it('gives a view the button role, a tab stop and its spoken name', () => {
    expect(pressable('关闭')).toEqual({ role: 'button', tabIndex: 0, 'aria-label': '关闭' })
    expect(pressable(undefined, 'option')).toEqual({ role: 'option', tabIndex: 0 })
  })
})

describe('startKeyActivation', () => {
  it('clicks a focused button-like view on Enter and on Space, and leaves native controls alone', () => {
    mount(`<div id="v" role="button" tabindex="0"></div><div id="t" role="tab" tabindex="0"></div><button id="b"></button><div id="plain" tabindex="0"></div>`)
    const stop = startKeyActivation()
    const clicks: string[] = []
    document.addEventListener('click', (e) => clicks.push((e.target as HTMLElement).id))
    expect(key(el('v'), { key: 'Enter' }).defaultPrevented).toBe(true)
    key(el('t'), { key: ' ' })
    key(el('b'), { key: 'Enter' })
    key(el('plain'), { key: 'Enter' })
    key(el('v'), { key: 'Enter', ctrlKey: true })
    expect(clicks).toEqual(['v', 't'])
    stop()
    key(el('v'), { key: 'Enter' })
    expect(clicks).toEqual(['v', 't'])
  })
})

describe('rememberFocus and focusFirst', () => {
  it('moves focus into a pop-up and back to what opened it', () => {
    mount(`<button id="opener"></button><div id="pop"><span>标题</span><input id="field" /></div>`)
    el('opener').focus()
    const restore = rememberFocus()
    focusFirst('pop')
    expect(document.activeElement).toBe(el('field'))
    restore()
    expect(document.activeElement).toBe(el('opener'))
  })

  it('focuses a field drawn after the pop-up, unless the user has put focus elsewhere by then', async () => {
    mount(`<button id="other"></button><div id="form"></div>`)
    focusFirst('form')
    el('form').innerHTML = '<span></span>'
    await Promise.resolve()
    expect(document.activeElement).toBe(document.body)
    el('form').innerHTML = '<input id="name" />'
    await Promise.resolve()
    expect(document.activeElement).toBe(el('name'))

    mount(`<button id="other"></button><div id="form2"></div>`)
    focusFirst('form2')
    el('other').focus()
    el('form2').innerHTML = '<input id="late" />'
    await Promise.resolve()
    expect(document.activeElement).toBe(el('other'))
  })

  it('takes focus from what opened the pop-up once; afterwards it only puts back focus the page lost', async () => {
    mount(`<button id="opener"></button><div id="menu"></div>`)
    el('opener').focus()
    focusFirst('menu')
    expect(document.activeElement).toBe(el('opener'))
    el('menu').innerHTML = '<button id="item"></button>'
    await Promise.resolve()
    expect(document.activeElement).toBe(el('item'))
    el('opener').focus()
    el('menu').insertAdjacentHTML('beforeend', '<button></button>')
    await Promise.resolve()
    expect(document.activeElement).toBe(el('opener'))
    el('item').focus()
    el('menu').innerHTML = '<button id="redrawn"></button>'
    await Promise.resolve()
    expect(document.activeElement).toBe(el('redrawn'))
  })

  it('lets a newer pop-up alone follow the page', async () => {
    mount(`<div id="panel"></div><div id="form"></div>`)
    focusFirst('panel')
    focusFirst('form')
    el('panel').innerHTML = '<button id="back"></button>'
    el('form').innerHTML = '<input id="name" />'
    await Promise.resolve()
    expect(document.activeElement).toBe(el('name'))
  })
})

describe('focusItem', () => {
  it('focuses the item itself, not the first control inside it', () => {
    mount('<input id="field"><div id="row" tabindex="-1"><button id="inner">头像</button></div>')
    el('field').focus()
    focusItem('row')
    expect(document.activeElement).toBe(el('row'))
  })

  it('does nothing when no element has the id', () => {
    mount('<input id="field">')
    el('field').focus()
    focusItem('missing')
    expect(document.activeElement).toBe(el('field'))
  })
})

describe('focusFirst with a preferred part', () => {
  it("puts focus on the part's first control, ahead of the × before it", () => {
    mount(`<div id="dlg"><div role="button" tabindex="0" id="close"></div><div id="body"><textarea id="note"></textarea></div></div>`)
    focusFirst('dlg', 'body')
    expect(document.activeElement).toBe(el('note'))
  })

  it('waits on × while the field is not drawn, then moves on to it, unless the user has moved on', async () => {
    mount(`<div id="dlg"><div role="button" tabindex="0" id="close"></div><div id="body"></div><button id="ok"></button></div>`)
    focusFirst('dlg', 'body')
    expect(document.activeElement).toBe(el('close'))
    el('body').innerHTML = '<input id="field" />'
    await Promise.resolve()
    expect(document.activeElement).toBe(el('field'))

    mount(`<div id="dlg2"><div role="button" tabindex="0" id="close2"></div><div id="body2"></div><button id="ok2"></button></div>`)
    focusFirst('dlg2', 'body2')
    el('ok2').focus()
    el('body2').innerHTML = '<input id="late" />'
    await Promise.resolve()
    expect(document.activeElement).toBe(el('ok2'))
  })
})

describe('moveFocusToNextPage and arriveAt', () => {
  it("focuses the next page's main region once, and only when asked just before", () => {
    mount(`<div id="main" tabindex="-1"></div>`)
    arriveAt('main')
    expect(document.activeElement).toBe(document.body)
    moveFocusToNextPage()
    arriveAt('main')
    expect(document.activeElement).toBe(el('main'))
    el('main').blur()
    arriveAt('main')
    expect(document.activeElement).toBe(document.body)
  })

  it('waits for the region to be drawn, and leaves focus the user has put elsewhere', async () => {
    mount(`<button id="other"></button><div id="root"></div>`)
    moveFocusToNextPage()
    arriveAt('main')
    el('root').innerHTML = '<div id="main" tabindex="-1"></div>'
    await Promise.resolve()
    expect(document.activeElement).toBe(el('main'))

    mount(`<button id="other"></button><div id="root"></div>`)
    moveFocusToNextPage()
    arriveAt('main')
    el('other').focus()
    el('root').innerHTML = '<div id="main" tabindex="-1"></div>'
    await Promise.resolve()
    expect(document.activeElement).toBe(el('other'))
  })

  it('takes focus from the rail entry pressed, still on the old page when the new one mounts', () => {
    mount(`<button id="entry"></button><div id="main" tabindex="-1"></div>`)
    el('entry').focus()
    moveFocusToNextPage()
    arriveAt('main')
    expect(document.activeElement).toBe(el('main'))
  })
})

describe('trapFocus', () => {
  it('keeps Tab and Shift+Tab inside the dialog', () => {
    mount(`<button id="out"></button><div id="dlg"><button id="a"></button><div id="b" role="button" tabindex="0"></div><div tabindex="-1"></div></div>`)
    const stop = trapFocus('dlg')
    el('b').focus()
    expect(key(el('b'), { key: 'Tab' }).defaultPrevented).toBe(true)
    expect(document.activeElement).toBe(el('a'))
    key(el('a'), { key: 'Tab', shiftKey: true })
    expect(document.activeElement).toBe(el('b'))
    el('out').focus()
    key(el('out'), { key: 'Tab' })
    expect(document.activeElement).toBe(el('a'))
    // In the middle, Tab is the browser's.
    expect(key(el('a'), { key: 'Tab' }).defaultPrevented).toBe(false)
    stop()
    el('b').focus()
    expect(key(el('b'), { key: 'Tab' }).defaultPrevented).toBe(false)
  })
})

describe('onPressOutside', () => {
  it('tells a press outside the pop-up from one inside', () => {
    mount(`<div id="menu"><span id="in"></span></div><span id="out"></span>`)
    const outside = jest.fn()
    const stop = onPressOutside('menu', outside)
    el('in').dispatchEvent(new Event('pointerdown', { bubbles: true }))
    expect(outside).not.toHaveBeenCalled()
    el('out').dispatchEvent(new Event('pointerdown', { bubbles: true }))
    expect(outside).toHaveBeenCalledTimes(1)
    stop()
  })
})

describe('rove', () => {
  it('makes the list one tab stop and moves along it with the arrow keys, Home and End', () => {
    mount(`<div id="list"><div id="r0" data-rove tabindex="0"></div><div id="r1" data-rove tabindex="0" aria-selected="true"></div><div id="r2" data-rove tabindex="0"></div></div>`)
    const stop = rove('list', 'vertical')
    const stops = () => ['r0', 'r1', 'r2'].map((id) => el(id).getAttribute('tabindex'))
    // The selected row holds the tab stop.
    expect(stops()).toEqual(['-1', '0', '-1'])
    el('r1').focus()
    key(el('r1'), { key: 'ArrowDown' })
    expect(document.activeElement).toBe(el('r2'))
    expect(stops()).toEqual(['-1', '-1', '0'])
    key(el('r2'), { key: 'ArrowDown' })
    expect(document.activeElement).toBe(el('r2'))
    key(el('r2'), { key: 'Home' })
    expect(document.activeElement).toBe(el('r0'))
    key(el('r0'), { key: 'End' })
    expect(document.activeElement).toBe(el('r2'))
    key(el('r2'), { key: 'ArrowUp' })
    expect(document.activeElement).toBe(el('r1'))
    // Alt+arrows belong to the conversation shortcuts.
    expect(key(el('r1'), { key: 'ArrowUp', altKey: true }).defaultPrevented).toBe(false)
    stop()
  })

  it('gives the stop back when a re-render puts an item\'s own tabindex back', async () => {
    mount(`<div id="list"><div id="r0" data-rove tabindex="-1"></div><div id="r1" data-rove tabindex="-1"></div></div>`)
    const stop = rove('list', 'vertical')
    el('r1').focus()
    expect(el('r1').getAttribute('tabindex')).toBe('0')
    // What React writes when the focused row renders again (a message ticked while picking).
    el('r1').setAttribute('tabindex', '-1')
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(['r0', 'r1'].map((id) => el(id).getAttribute('tabindex'))).toEqual(['-1', '0'])
    stop()
  })
})

describe('onShortcut', () => {
  it('reads Ctrl+K, Ctrl+F, Alt+↑ and Alt+↓, and keeps a key the app did not use', () => {
    mount(`<input id="field" />`)
    const seen: Shortcut[] = []
    const stop = onShortcut((s) => {
      seen.push(s)
      return s !== 'previous'
    })
    expect(key(el('field'), { key: 'k', ctrlKey: true }).defaultPrevented).toBe(true)
    key(el('field'), { key: 'f', metaKey: true })
    expect(key(el('field'), { key: 'ArrowUp', altKey: true }).defaultPrevented).toBe(false)
    key(el('field'), { key: 'ArrowDown', altKey: true })
    key(el('field'), { key: 'k' })
    key(el('field'), { key: 'ArrowDown' })
    expect(seen).toEqual(['search', 'search', 'previous', 'next'])
    stop()
  })
})

describe('keyboard.onEscape', () => {
  it('hears Escape typed in a text area that stops keys from bubbling, unless the editor used it', () => {
    jest.useFakeTimers()
    mount(`<div id="host"><textarea id="area"></textarea></div>`)
    // Taro's text area stops keydown on its way up.
    el('area').addEventListener('keydown', (e) => e.stopPropagation())
    const escape = jest.fn()
    const stop = keyboard.onEscape(escape)
    key(el('area'), { key: 'Escape' })
    jest.runAllTimers()
    expect(escape).toHaveBeenCalledTimes(1)
    const used = (e: KeyboardEvent) => e.preventDefault()
    el('host').addEventListener('keydown', used, true)
    key(el('area'), { key: 'Escape' })
    jest.runAllTimers()
    expect(escape).toHaveBeenCalledTimes(1)
    stop()
    jest.useRealTimers()
  })
})
