/**
 * The text a pointer's hover shows over a view (the element's title). Taro's View has no such
 * prop in its types, but sets every prop it does not know as an attribute of the element (H5); the
 * mini-program has no hover and ignores it.
 */
export function hoverHint(text: string): Record<string, string> {
  return { title: text }
}
