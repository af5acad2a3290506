/** What a JSON text holds, or undefined when the value is not a string of JSON. */
export function tryParseJson(text: unknown): unknown {
  if (typeof text !== 'string' || !text) return undefined
  try {
    return JSON.parse(text) as unknown
  } catch {
    return undefined
  }
}

/** The value as a plain object; null for anything else (an array, a string, null). */
export const asRecord = (value: unknown): Record<string, unknown> | null =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null

/** The object a JSON text holds; null for anything else (an array, a number, not JSON). */
export const parseJsonObject = (text: unknown): Record<string, unknown> | null => asRecord(tryParseJson(text))
