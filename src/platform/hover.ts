/** Pointer hover over an element by id (desktop browsers); the mini-program has no hover. */
export declare function watchHover(domId: string, onEnter: () => void, onLeave: () => void): () => void
