import { CALL_LIMITS } from '@shared/call'

/**
 * Argument checks of the widget's public API (calling-widget section 5). Messages read
 * 'API<method>: field is required.', '... must be Type, current field is Actual.',
 * '... is blank.' and '... can only be range, current field is value.'.
 */

type Kind = 'String' | 'Number' | 'Boolean' | 'Array' | 'Object'

interface FieldRule {
  type: Kind
  required?: boolean
  /** Strings: not only whitespace; arrays: not empty. */
  notBlank?: boolean
  /** Allowed values, or an inclusive number range. */
  range?: readonly (string | number)[] | { min: number; max: number }
  /** Strings: the longest allowed. */
  maxLength?: number
  /** Objects: the rules of their fields, named `object.field` in messages. */
  fields?: Record<string, FieldRule>
}

export type MethodRules = Record<string, FieldRule>

export const API_RULES = {
  init: { SDKAppID: { type: 'Number', required: true, notBlank: true }, userID: { type: 'String', required: true, notBlank: true }, userSig: { type: 'String', required: true, notBlank: true }, tim: { type: 'Object' } },
  call: {
    userID: { type: 'String', required: true, notBlank: true },
    type: { type: 'Number', required: true, range: [1, 2] },
    roomID: { type: 'Number', range: { min: 0, max: CALL_LIMITS.roomIdMax } },
    strRoomID: { type: 'String' },
    userData: { type: 'String' },
    timeout: { type: 'Number' },
  },
  groupCall: {
    userIDList: { type: 'Array', required: true, notBlank: true },
    type: { type: 'Number', required: true, range: [1, 2] },
    groupID: { type: 'String', required: true, notBlank: true },
    roomID: { type: 'Number', range: { min: 0, max: CALL_LIMITS.roomIdMax } },
    strRoomID: { type: 'String' },
    timeout: { type: 'Number' },
    userData: { type: 'String' },
    offlinePushInfo: {
      type: 'Object',
      fields: { title: { type: 'String', maxLength: CALL_LIMITS.pushTitleMax }, description: { type: 'String', maxLength: CALL_LIMITS.pushDescriptionMax } },
    },
  },
  joinInGroupCall: { type: { type: 'Number', required: true, range: [1, 2] }, groupID: { type: 'String', required: true, notBlank: true }, roomID: { type: 'Number', required: true, range: { min: 0, max: CALL_LIMITS.roomIdMax } } },
  inviteUser: { userIDList: { type: 'Array', required: true } },
  setSelfInfo: { nickName: { type: 'String' }, avatar: { type: 'String' } },
  enableFloatWindow: { enable: { type: 'Boolean', required: true } },
  enableAIVoice: { enable: { type: 'Boolean', required: true } },
  enableMuteMode: { enable: { type: 'Boolean', required: true } },
  setCallingBell: { filePath: { type: 'String' } },
  setLanguage: { language: { type: 'String', required: true, notBlank: true } },
  setDisplayMode: { displayMode: { type: 'String', required: true, range: ['contain', 'cover', 'fill'] } },
  setVideoResolution: { resolution: { type: 'String', required: true, range: ['480p', '720p', '1080p'] } },
} as const satisfies Record<string, MethodRules>

export type ApiMethod = keyof typeof API_RULES

function kindOf(v: unknown): string {
  if (Array.isArray(v)) return 'Array'
  if (v === null) return 'Null'
  const t = typeof v
  return t === 'object' ? 'Object' : t.charAt(0).toUpperCase() + t.slice(1)
}

const describe = (range: FieldRule['range']) => (Array.isArray(range) ? range.join(' | ') : `${(range as { min: number }).min}-${(range as { max: number }).max}`)

/** The first argument error of a call, or null when the arguments are valid. */
export function validateArgs(method: ApiMethod, args: Record<string, unknown> | undefined | null): string | null {
  return checkFields(method, API_RULES[method], args ?? {}, '')
}

function checkFields(method: ApiMethod, rules: MethodRules, given: Record<string, unknown>, prefix: string): string | null {
  for (const [name, rule] of Object.entries(rules)) {
    const value = given[name]
    const field = prefix + name
    const p = `API<${method}>: ${field}`
    if (value === undefined || value === null) {
      if (rule.required) return `${p} is required.`
      continue
    }
    const actual = kindOf(value)
    if (actual !== rule.type || (rule.type === 'Number' && !Number.isFinite(value))) return `${p} must be ${rule.type}, current ${field} is ${actual}.`
    if (rule.notBlank && ((typeof value === 'string' && value.trim() === '') || (Array.isArray(value) && value.length === 0))) return `${p} is blank.`
    if (rule.range) {
      const inRange = Array.isArray(rule.range)
        ? (rule.range as readonly unknown[]).includes(value)
        : (value as number) >= (rule.range as { min: number }).min && (value as number) <= (rule.range as { max: number }).max
      if (!inRange) return `${p} can only be ${describe(rule.range)}, current ${field} is ${String(value)}.`
    }
    if (rule.maxLength !== undefined && typeof value === 'string' && value.length > rule.maxLength) {
      return `${p} can only be 0-${rule.maxLength} characters long, current ${field} is ${value.length} characters long.`
    }
    if (rule.fields) {
      const nested = checkFields(method, rule.fields, value as Record<string, unknown>, `${field}.`)
      if (nested) return nested
    }
  }
  return null
}
