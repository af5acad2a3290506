import type { ChatFeatures } from '@shared/messageOps'
import type { Tool } from '../Toolbar'

/**
 * The toolbar entries the chat feature flags turn off (the emoji panel holds both emoji and
 * stickers); quick phrases also follow the user's phraseSwitch (0 hides them).
 */
export function hiddenTools(f: ChatFeatures, phraseSwitch = 1): ReadonlySet<Tool> {
  const hidden = new Set<Tool>()
  if (!f.inputEmoji && !f.inputStickers) hidden.add('emoji')
  if (!f.inputImage) hidden.add('image')
  if (!f.inputFile) hidden.add('file')
  if (!f.inputVideo) hidden.add('video')
  if (!f.inputVoice) hidden.add('voice')
  if (!f.quickReplies || phraseSwitch === 0) hidden.add('phrase')
  return hidden
}
