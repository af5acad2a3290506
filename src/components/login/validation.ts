import type { ZodType } from 'zod'
import { loadAuthSchemas } from './loadAuthSchemas'

export interface Invalid {
  /** The first problem, in the words of the schema in types/auth.ts. */
  message: string
  /** The field it concerns, to highlight. */
  field: string
}

/**
 * Checks a form against the same schema the server applies, so the messages match.
 * Returns the parsed (trimmed) body, or the first problem.
 */
export function validate<T>(schema: ZodType<T>, input: unknown): { ok: true; data: T } | { ok: false; invalid: Invalid } {
  const result = schema.safeParse(input)
  if (result.success) return { ok: true, data: result.data }
  const issue = result.error.issues[0]
  return { ok: false, invalid: { message: issue?.message ?? '输入有误', field: String(issue?.path[0] ?? '') } }
}

/** A field's setter that also starts fetching the schemas, so the check on submit does not wait for them. */
export const typed = (set: (value: string) => void) => (value: string) => {
  void loadAuthSchemas()
  set(value)
}
