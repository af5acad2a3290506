import type { ServerMsgIdKind } from '../../../types/chat.js'

/** The client ID of a message the server writes itself; clients may not use these kinds (types/chat.ts). */
export function serverMsgId(kind: ServerMsgIdKind, tail: string): string {
  return `${kind}-${tail}`.slice(0, 64)
}
