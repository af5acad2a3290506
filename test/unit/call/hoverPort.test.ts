import { watchHover } from '@/platform/hover'

afterEach(() => {
  document.body.innerHTML = ''
})

const move = (from: Element | null, to: Element | null) => {
  from?.dispatchEvent(new MouseEvent('mouseout', { bubbles: true, relatedTarget: to }))
  to?.dispatchEvent(new MouseEvent('mouseover', { bubbles: true, relatedTarget: from }))
}

test('hover enters once and leaves once, even when the element was replaced under the pointer', () => {
  document.body.innerHTML = '<div id="outside"></div><div id="wrap"><button id="btn"></button></div>'
  const onEnter = jest.fn()
  const onLeave = jest.fn()
  const stop = watchHover('wrap', onEnter, onLeave)
  const outside = document.getElementById('outside')!
  move(outside, document.getElementById('btn'))
  expect(onEnter).toHaveBeenCalledTimes(1)
  // A re-render replaces the wrapper while the pointer is on it.
  document.getElementById('wrap')!.outerHTML = '<div id="wrap"><button id="btn2"></button><div id="pop"></div></div>'
  move(document.getElementById('btn2'), document.getElementById('pop'))
  expect(onLeave).not.toHaveBeenCalled()
  move(document.getElementById('pop'), outside)
  expect(onEnter).toHaveBeenCalledTimes(1)
  expect(onLeave).toHaveBeenCalledTimes(1)
  stop()
  move(outside, document.getElementById('btn2'))
  expect(onEnter).toHaveBeenCalledTimes(1)
})
