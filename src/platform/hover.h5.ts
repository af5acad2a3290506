/**
 * Pointer hover over an element by id; returns the matching unwatch. Delegated from the document
 * rather than bound to the element: a panel re-rendered under the pointer may replace the element,
 * and listeners on the old one would never hear the pointer leave.
 */
export function watchHover(domId: string, onEnter: () => void, onLeave: () => void): () => void {
  let inside = false
  const within = (node: EventTarget | null) =>
    node instanceof Node && [...document.querySelectorAll(`[id="${domId}"]`)].some((el) => el.contains(node))
  const onOver = (e: MouseEvent) => {
    if (inside || !within(e.target)) return
    inside = true
    onEnter()
  }
  const onOut = (e: MouseEvent) => {
    if (!inside || within(e.relatedTarget)) return
    inside = false
    onLeave()
  }
  document.addEventListener('mouseover', onOver)
  document.addEventListener('mouseout', onOut)
  return () => {
    document.removeEventListener('mouseover', onOver)
    document.removeEventListener('mouseout', onOut)
  }
}
