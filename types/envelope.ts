import { z } from 'zod'

/** Every /api answer: `{code, msg, data}`. `code` 200 means success. */
export function envelope<T extends z.ZodType>(data: T) {
  return z.object({ code: z.number().int(), msg: z.string(), data })
}
export type ApiEnvelope<T> = z.infer<ReturnType<typeof envelope<z.ZodType<T>>>>

/** Paged lists follow the spec: rows and total. Every paged answer of the route table uses it. */
export function paged<T extends z.ZodType>(row: T) {
  return z.object({ rows: z.array(row), total: z.number().int().nonnegative() })
}
export type Paged<T> = z.infer<ReturnType<typeof paged<z.ZodType<T>>>>

export const PageQuery = z.object({
  pageNum: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(10),
})
export type PageQuery = z.infer<typeof PageQuery>

export const EmptyBody = z.union([z.object({}).loose(), z.null(), z.undefined()])
