import type { ImCallOptions, ImHttp } from '@/engines/chat/selfhosted/imHttp'
import type { AnswerOf, JsonRoute, RouteArgs } from '@shared/routes/route'

export interface ImCall {
  method: 'GET' | 'POST'
  path: string
  body: unknown
  options: ImCallOptions | undefined
}

/** The engine's HTTP side: answers by route (a value or a function of the body) and records calls. */
export class FakeImHttp implements ImHttp {
  readonly calls: ImCall[] = []
  private readonly answers = new Map<string, (body: unknown) => unknown>()

  on(route: Pick<JsonRoute, 'path'>, answer: unknown): this {
    this.answers.set(route.path, typeof answer === 'function' ? (answer as (body: unknown) => unknown) : () => answer)
    return this
  }

  call<R extends JsonRoute>(route: R, ...[body, options]: RouteArgs<R, ImCallOptions>): Promise<AnswerOf<R>> {
    this.calls.push({ method: route.method, path: route.path, body, options })
    const answer = this.answers.get(route.path)
    if (!answer) return Promise.reject(new Error(`no fake answer for ${route.path}`))
    try {
      return Promise.resolve(answer(body) as AnswerOf<R>)
    } catch (err) {
      return Promise.reject(err)
    }
  }
}
