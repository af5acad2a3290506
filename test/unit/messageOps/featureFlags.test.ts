import { ALL_FEATURES_ON, CHAT_FEATURE_KEYS, featuresWithout } from '@shared/messageOps'
import { hiddenTools } from '@/components/chat/ops/toolFlags'

describe('chat feature flags (spec section 6)', () => {
  it('has all 21 flags on by default', () => {
    expect(CHAT_FEATURE_KEYS).toHaveLength(21)
    expect(Object.values(ALL_FEATURES_ON).every(Boolean)).toBe(true)
  })

  it('turns off the listed flags and refuses an unknown name', () => {
    const f = featuresWithout(['translate', 'inputFile'])
    expect(f.translate).toBe(false)
    expect(f.inputFile).toBe(false)
    expect(f.copy).toBe(true)
    expect(() => featuresWithout(['tranlsate'])).toThrow(/unknown feature tranlsate/)
  })

  it('hides the toolbar entries whose flags are off', () => {
    expect([...hiddenTools(ALL_FEATURES_ON)]).toEqual([])
    expect([...hiddenTools(featuresWithout(['inputImage', 'inputVoice', 'inputVideo', 'inputFile']))].sort()).toEqual(['file', 'image', 'video', 'voice'])
    // The emoji panel holds emoji and stickers: it goes only when both are off.
    expect(hiddenTools(featuresWithout(['inputEmoji'])).has('emoji')).toBe(false)
    expect(hiddenTools(featuresWithout(['inputEmoji', 'inputStickers'])).has('emoji')).toBe(true)
  })
})
