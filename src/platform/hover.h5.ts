/** Pointer hover over an element by id; returns the matching unwatch. */
export function watchHover(domId: string, onEnter: () => void, onLeave: () => void): () => void {
  const el = document.getElementById(domId)
  if (!el) return () => undefined
  el.addEventListener('mouseenter', onEnter)
  el.addEventListener('mouseleave', onLeave)
  return () => {
    el.removeEventListener('mouseenter', onEnter)
    el.removeEventListener('mouseleave', onLeave)
  }
}
