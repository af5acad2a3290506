import type { FastifyError } from 'fastify'
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod'

const PART_NAMES: Record<string, string> = { body: '请求体', querystring: '查询参数', params: '路径参数', headers: '请求头' }

/** One readable line naming the field: `phone: 请输入11位手机号`. */
export function describeValidationError(err: FastifyError): string | null {
  if (!hasZodFastifySchemaValidationErrors(err)) return null
  const first = err.validation[0]
  if (!first) return '请求参数不正确'
  const field = first.instancePath.replace(/^\//, '').replace(/\//g, '.')
  const where = field || PART_NAMES[err.validationContext ?? 'body'] || 'body'
  return `${where}: ${first.message ?? '格式不正确'}`
}
