import { create } from 'content-disposition'

/**
 * A Content-Disposition value for a name that may hold anything a user typed: RFC 6266's
 * `filename*` carries it percent-encoded, `filename` an ASCII stand-in for old clients. Quotes,
 * line breaks and non-ASCII never reach the header as they are.
 */
export function dispositionHeader(fileName: string, type: 'inline' | 'attachment' = 'attachment'): string {
  return create(fileName, { type })
}
