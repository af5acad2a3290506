import { panelButtons } from '@/components/call/buttons'
import { PERMISSION_TIP_TEXTS, tipLanguageFor } from '@/components/call/permissionTip'
import { SUPPORTED_LANGUAGES } from '@/services/call/callKit'
import { blankUser, initialCallState, type CallState } from '@/engines/call/state'
import { CALL_LANGUAGES, CALL_TEXTS, callText } from '@/i18n/call'
import { en } from '@/i18n/call/en'

const state = (patch: Partial<CallState>): CallState => ({ ...initialCallState(), localUserInfo: blankUser('1', { isAudioAvailable: true, isVideoAvailable: true }), ...patch })
const names = (s: CallState, mobile = false) => panelButtons(s, mobile).map((b) => `${b.name}:${b.appearance}`)

describe('button panel', () => {
  it('callee while calling: reject and accept, accept loading until done', () => {
    expect(names(state({ callStatus: 'calling', callRole: 'callee', callMediaType: 2 }))).toEqual(['reject:basic', 'accept:basic'])
    expect(names(state({ callStatus: 'calling', callRole: 'callee', callMediaType: 2, accepting: true }))).toEqual(['reject:basic', 'accept:loading'])
  })

  it('caller while calling: hang up (disabled while one is in progress)', () => {
    expect(names(state({ callStatus: 'calling', callRole: 'caller', callMediaType: 1 }))).toEqual(['microphone:basic', 'hangup:basic', 'speaker:basic'])
    expect(names(state({ callStatus: 'calling', callRole: 'caller', callMediaType: 2, hangingUp: true }))).toContain('hangup:disabled')
  })

  it('connected video: closed states, and switch camera on mobile disabled when local video is off', () => {
    const s = state({ callStatus: 'connected', callRole: 'caller', callMediaType: 2, isMuteSpeaker: true, localUserInfo: blankUser('1', { isAudioAvailable: false, isVideoAvailable: false }) })
    expect(names(s)).toEqual(['microphone:closed', 'hangup:basic', 'camera:closed', 'speaker:closed', 'virtualBackground:disabled', 'switchToAudio:basic'])
    expect(names({ ...s, isGroup: true })).not.toContain('switchToAudio:basic')
    expect(names({ ...s, callMediaType: 1 })).not.toContain('switchToAudio:basic')
    expect(names(s, true)).toContain('switchCamera:disabled')
    expect(names(s, true)).toContain('virtualBackground:disabled')
    expect(panelButtons(s, false).find((b) => b.name === 'camera')?.label).toBe('camera off')
  })

  it('blur: closed while off, basic while on, absent from audio calls', () => {
    const s = state({ callStatus: 'connected', callRole: 'callee', callMediaType: 2 })
    expect(names(s)).toContain('virtualBackground:closed')
    expect(names({ ...s, enableVirtualBackground: true })).toContain('virtualBackground:basic')
    expect(names({ ...s, callMediaType: 1 }).some((n) => n.startsWith('virtualBackground'))).toBe(false)
  })

  it('nothing when idle', () => {
    expect(panelButtons(initialCallState(), false)).toEqual([])
  })
})

describe('widget texts', () => {
  it('every key exists, non-empty, in en, zh-cn and ja_JP', () => {
    const keys = Object.keys(en).sort()
    for (const language of CALL_LANGUAGES) {
      expect(Object.keys(CALL_TEXTS[language]).sort()).toEqual(keys)
      for (const key of keys) expect(CALL_TEXTS[language][key as keyof typeof en].length).toBeGreaterThan(0)
    }
  })

  it('setLanguage accepts exactly the widget languages', () => {
    expect([...SUPPORTED_LANGUAGES]).toEqual([...CALL_LANGUAGES])
  })

  it('fills placeholders and switches language', () => {
    expect(callText('en', 'Duration', { duration: '00:00:05' })).toBe('Duration: 00:00:05')
    expect(callText('en', 'Reject Call', { user: '乙' })).toBe('乙 Reject Call')
    expect(callText('ja_JP', 'hangup')).toBe('切る')
    expect(callText('zh-cn', 'accept')).toBe('接听')
  })
})

describe('permission tip texts', () => {
  it('Chinese and English say the same steps, the heading is the widget toast text, and the first choice follows the widget language', () => {
    expect(PERMISSION_TIP_TEXTS.zh.steps).toHaveLength(PERMISSION_TIP_TEXTS.en.steps.length)
    expect(PERMISSION_TIP_TEXTS.en.missing).toEqual({ camera: callText('en', 'no camera access'), microphone: callText('en', 'no microphone access') })
    expect(PERMISSION_TIP_TEXTS.zh.missing).toEqual({ camera: callText('zh-cn', 'no camera access'), microphone: callText('zh-cn', 'no microphone access') })
    expect(tipLanguageFor('zh-cn')).toBe('zh')
    expect(tipLanguageFor('en')).toBe('en')
    expect(tipLanguageFor('ja_JP')).toBe('en')
  })
})
