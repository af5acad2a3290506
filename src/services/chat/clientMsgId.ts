const ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789'

/**
 * The ID a message gets before it is sent (types/chat.ts: 8-64 of [A-Za-z0-9_-]); retries reuse
 * it. Time first, so IDs of one device sort by creation; 16 random characters make two devices
 * of one user colliding in the same millisecond practically impossible.
 */
export function newClientMsgId(now = Date.now(), random: () => number = Math.random): string {
  let tail = ''
  for (let i = 0; i < 16; i++) tail += ALPHABET[Math.floor(random() * ALPHABET.length)]
  return `${now.toString(36)}-${tail}`
}
