import { MessageOpsText } from '../../../../types/messageOps.js'
import type { ChatFeatureKey, ChatFeatures } from '../../../../types/messageOps.js'
import { forbidden } from '../refusal.js'

export function requireFeature(features: ChatFeatures, key: ChatFeatureKey): void {
  if (!features[key]) throw forbidden(MessageOpsText.FeatureOff)
}
