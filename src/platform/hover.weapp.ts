/** The mini-program has no pointer hover. */
export function watchHover(_domId: string, _onEnter: () => void, _onLeave: () => void): () => void {
  return () => undefined
}
