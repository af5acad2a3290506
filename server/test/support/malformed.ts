import { z } from 'zod'

type JsonSchema = {
  type?: string | string[]
  properties?: Record<string, JsonSchema>
  required?: string[]
  items?: JsonSchema
  prefixItems?: JsonSchema[]
  minItems?: number
  minLength?: number
  minimum?: number
  pattern?: string
  enum?: unknown[]
  const?: unknown
  anyOf?: JsonSchema[]
  oneOf?: JsonSchema[]
  allOf?: JsonSchema[]
  additionalProperties?: JsonSchema | boolean
}

/** Strings that satisfy the table's common patterns (phones, IDs, conversation IDs, upload paths). */
const PATTERN_CANDIDATES = ['13800000001', '10001', 'C2C10001', 'GROUP1000001', 'abcdefgh-12345678', '/api/oss/file/abcdefabcdefabcdef', 'a', '1']

/** A plausible value for a JSON schema: the starting point that malformed variants change one field of. */
export function sample(schema: JsonSchema | undefined, depth = 0): unknown {
  if (!schema || depth > 6) return null
  if (schema.const !== undefined) return schema.const
  if (schema.enum) return schema.enum[0]
  if (schema.allOf) return Object.assign({}, ...schema.allOf.map((s) => sample(s, depth + 1) as object))
  const choice = schema.anyOf ?? schema.oneOf
  if (choice) return sample(choice.find((c) => c.type !== 'null') ?? choice[0], depth + 1)
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type
  switch (type) {
    case 'object':
      return Object.fromEntries(Object.entries(schema.properties ?? {}).map(([k, v]) => [k, sample(v, depth + 1)]))
    case 'array':
      return Array.from({ length: schema.minItems ?? 0 }, () => sample(schema.items, depth + 1))
    case 'string': {
      if (schema.pattern) {
        const re = new RegExp(schema.pattern)
        return PATTERN_CANDIDATES.find((c) => re.test(c)) ?? 'a'
      }
      return 'a'.repeat(Math.max(1, schema.minLength ?? 1))
    }
    case 'integer':
    case 'number':
      return Math.max(1, schema.minimum ?? 1)
    case 'boolean':
      return true
    case 'null':
      return null
    default:
      return 'a'
  }
}

export const HUGE = 'x'.repeat(200_000)

/** Values of the wrong kind, or of the right kind at its worst, for any one field. */
export const BAD_VALUES: unknown[] = [
  null,
  12345,
  -1,
  1e308,
  'str',
  '',
  true,
  [],
  {},
  [[[[[[[[[[[]]]]]]]]]]],
  'a\u0000b',
  '\u001b[31mred',
  '\u007f\u0085',
  '\ud800',
  '../../../../etc/passwd',
  'javascript:alert(1)',
  { $gt: '' },
]

export const jsonSchemaOf = (schema: z.ZodType) => z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema

const NESTED_BAD: unknown[] = [null, 12345, 'a\u0000b', '\ud800']

/** `value` (an object) with one field, at any depth up to 2, set to each of a few bad values. */
function nestedVariants(value: unknown, depth: number): unknown[] {
  if (!value || typeof value !== 'object' || Array.isArray(value) || depth > 2) return []
  const out: unknown[] = []
  for (const [key, inner] of Object.entries(value)) {
    for (const bad of NESTED_BAD) out.push({ ...value, [key]: bad })
    for (const variant of nestedVariants(inner, depth + 1)) out.push({ ...value, [key]: variant })
  }
  return out
}

/**
 * Malformed variants of `base` (an object): each field missing, each field set to each bad value,
 * one level deeper for object fields, plus bodies that are not the right shape at all. Raw JSON
 * strings carry the prototype keys, which an object literal cannot.
 */
export function malformedBodies(base: unknown): { body: unknown; raw?: string }[] {
  const out: { body: unknown; raw?: string }[] = [
    { body: null },
    { body: [] },
    { body: 'text' },
    { body: 42 },
    { body: {} },
    { body: undefined, raw: '{"__proto__":{"polluted":1}}' },
    { body: undefined, raw: '{"constructor":{"prototype":{"polluted":1}}}' },
    { body: undefined, raw: '{"a":' },
    { body: undefined, raw: '['.repeat(5000) + ']'.repeat(5000) },
  ]
  if (base === null || typeof base !== 'object' || Array.isArray(base)) return out
  const fields = Object.keys(base)
  let hugeUsed = false
  for (const key of fields) {
    const { [key]: _dropped, ...missing } = base as Record<string, unknown>
    out.push({ body: missing })
    for (const bad of BAD_VALUES) out.push({ body: { ...base, [key]: bad } })
    if (!hugeUsed) {
      out.push({ body: { ...base, [key]: HUGE } })
      hugeUsed = true
    }
    for (const variant of nestedVariants((base as Record<string, unknown>)[key], 1)) out.push({ body: { ...base, [key]: variant } })
    out.push({ body: undefined, raw: JSON.stringify({ ...base, [key]: 'x' }).replace(/^\{/, `{"__proto__":{"${key}":"y"},`) })
  }
  out.push({ body: { ...base, ['k\u0000ey']: 1 } })
  return out
}
