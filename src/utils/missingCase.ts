/**
 * Ends an exhaustive switch: the `never` parameter makes the type check fail when a case is
 * added to the union and not handled; at run time it names what arrived (a frame from a newer
 * server, say) instead of falling through silently.
 */
export function missingCase(x: never, what: string): never {
  throw new Error(`unhandled ${what} ${JSON.stringify(x)}`)
}
