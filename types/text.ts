import type { z } from 'zod'

/**
 * Control characters (Unicode Cc) other than tab, line feed and carriage return, and halves of
 * surrogate pairs. NUL cannot be stored at all (PostgreSQL text refuses it), a lone surrogate is
 * not text in any encoding, and the other controls only ever hide or forge what a reader sees,
 * so every string a client sends is refused when it holds one.
 */
export const CONTROL_CHAR_TEXT = '不能包含控制字符或无效字符'

const isControl = (c: number) => (c <= 0x1f && c !== 0x09 && c !== 0x0a && c !== 0x0d) || (c >= 0x7f && c <= 0x9f)
const isHigh = (c: number) => c >= 0xd800 && c <= 0xdbff
const isLow = (c: number) => c >= 0xdc00 && c <= 0xdfff

/**
 * Every code unit that could make a string refused, for a quick first look: almost every string
 * holds none, and the scan below (which pairs surrogates) runs only when one does.
 */
const SUSPECT = /[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\ud800-\udfff]/

/** A scan instead of a regular expression: lookbehind, which a lone low surrogate needs, is missing on older mini-program engines. */
function scanControlChars(s: string): boolean {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i)
    if (isControl(c)) return true
    if (isHigh(c)) {
      if (!isLow(s.charCodeAt(i + 1))) return true
      i++
    } else if (isLow(c)) {
      return true
    }
  }
  return false
}

export function hasControlChars(s: string): boolean {
  return SUSPECT.test(s) && scanControlChars(s)
}

/** Whether any string or object key under `value` holds a control character; no paths are built on the way. */
function holdsControlChars(value: unknown): boolean {
  const stack: unknown[] = [value]
  while (stack.length > 0) {
    const v = stack.pop()
    if (typeof v === 'string') {
      if (hasControlChars(v)) return true
    } else if (Array.isArray(v)) {
      for (const item of v) stack.push(item)
    } else if (v !== null && typeof v === 'object') {
      for (const key in v) {
        if (!Object.prototype.hasOwnProperty.call(v, key)) continue
        if (hasControlChars(key)) return true
        stack.push((v as Record<string, unknown>)[key])
      }
    }
  }
  return false
}

/**
 * The path of the first string or object key under `value` holding a control character, or
 * null. Walks with an explicit stack, so deeply nested input cannot exhaust the call stack.
 */
export function controlCharPath(value: unknown): (string | number)[] | null {
  // Frames and bodies are nearly always clean: prove that cheaply before tracking where a hit is.
  if (!holdsControlChars(value)) return null
  const stack: { v: unknown; path: (string | number)[] }[] = [{ v: value, path: [] }]
  while (stack.length > 0) {
    const { v, path } = stack.pop()!
    if (typeof v === 'string') {
      if (hasControlChars(v)) return path
    } else if (Array.isArray(v)) {
      v.forEach((item, i) => stack.push({ v: item, path: [...path, i] }))
    } else if (v !== null && typeof v === 'object') {
      for (const [key, item] of Object.entries(v)) {
        if (hasControlChars(key)) return [...path, key]
        stack.push({ v: item, path: [...path, key] })
      }
    }
  }
  return null
}

/**
 * `schema` refusing a control character anywhere in what it parsed, with an issue at the field
 * that holds it. The route table and the client frame union apply it to every schema they
 * hold, so a route or frame added later cannot forget it.
 */
export function refuseControlChars<T extends z.ZodType>(schema: T): T {
  return schema.superRefine((parsed, ctx) => {
    const path = controlCharPath(parsed)
    if (path) ctx.addIssue({ code: 'custom', path, message: CONTROL_CHAR_TEXT })
  })
}
