/**
 * Under jsdom the Taro Input/Textarea elements never render their inner native field, so their
 * value watcher logs a TypeError each time a controlled value changes. That noise says nothing
 * about the code under test; every other console.error still goes through.
 */
export function ignoreTaroFieldWatchErrors(): void {
  const original = console.error
  jest.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    const first = args[0]
    if (first instanceof TypeError && first.stack?.includes('watchValue')) return
    original(...args)
  })
}
