/** What a JSON text holds, or undefined when the value is not a string of JSON. */
export function tryParseJson(text: unknown): unknown {
  if (typeof text !== 'string' || !text) return undefined
  try {
    return JSON.parse(text) as unknown
  } catch {
    return undefined
  }
}

/** The object a JSON text holds; null for anything else (an array, a number, not JSON). */
export function parseJsonObject(text: unknown): Record<string, unknown> | null {
  const value = tryParseJson(text)
  return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null
}
