/** A typed event emitter: event names and payloads come from one map, so typos do not compile. */
export class TypedEmitter<Events extends object> {
  private readonly handlers = new Map<keyof Events, Set<(payload: never) => void>>()

  on<K extends keyof Events>(event: K, handler: (payload: Events[K]) => void): () => void {
    let set = this.handlers.get(event)
    if (!set) {
      set = new Set()
      this.handlers.set(event, set)
    }
    set.add(handler as (payload: never) => void)
    return () => this.off(event, handler)
  }

  off<K extends keyof Events>(event: K, handler: (payload: Events[K]) => void): void {
    this.handlers.get(event)?.delete(handler as (payload: never) => void)
  }

  emit<K extends keyof Events>(event: K, payload: Events[K]): void {
    const set = this.handlers.get(event)
    if (!set) return
    for (const handler of [...set]) {
      try {
        ;(handler as (payload: Events[K]) => void)(payload)
      } catch (err) {
        // One faulty listener must not keep the others from hearing the event.
        console.error(`listener of ${String(event)} failed`, err)
      }
    }
  }

  removeAll(): void {
    this.handlers.clear()
  }
}
