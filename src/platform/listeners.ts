/** A set of callbacks where adding returns the matching remove, as the platform ports expose them. */
export class Listeners<A extends unknown[]> {
  private readonly set = new Set<(...args: A) => void>()

  add(fn: (...args: A) => void): () => void {
    this.set.add(fn)
    return () => this.set.delete(fn)
  }

  emit(...args: A): void {
    for (const fn of [...this.set]) fn(...args)
  }

  clear(): void {
    this.set.clear()
  }
}
