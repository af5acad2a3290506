import type { ApiEnvelope } from '../../../types/envelope.js'

export function ok<T>(data: T, msg = '操作成功'): ApiEnvelope<T> {
  return { code: 200, msg, data }
}
