import { BASIC_EMOJI_NAMES } from '@/assets/emoji/names'

/**
 * Emoji helpers that need only the names, not the images, so that summaries and notifications
 * can use them without pulling every emoji picture into the bundle that loads them.
 */

/** The spec's numeric placeholder for a basic emoji: '[::n]', n being its position in the set. */
export function emojiPlaceholder(index: number): string {
  return `[::${index}]`
}

/** The bracketed name a '[::n]' placeholder stands for, or null outside the set. */
export function emojiNameOfPlaceholder(index: number): string | null {
  return Number.isInteger(index) && index >= 0 ? (BASIC_EMOJI_NAMES[index] ?? null) : null
}

/** Text with every known '[::n]' replaced by its bracketed name (for summaries and copying). */
export function expandEmojiPlaceholders(text: string): string {
  return text.replace(/\[::(\d{1,4})\]/g, (whole, n: string) => emojiNameOfPlaceholder(Number(n)) ?? whole)
}
