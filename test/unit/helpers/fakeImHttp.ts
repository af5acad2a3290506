import type { ImCallOptions, ImHttp } from '@/engines/chat/selfhosted/imHttp'

export interface ImCall {
  method: 'GET' | 'POST'
  path: string
  body: unknown
  options: ImCallOptions | undefined
}

/** The engine's HTTP side: answers by path (a value or a function of the body) and records calls. */
export class FakeImHttp implements ImHttp {
  readonly calls: ImCall[] = []
  private readonly answers = new Map<string, (body: unknown) => unknown>()

  on(path: string, answer: unknown): this {
    this.answers.set(path, typeof answer === 'function' ? (answer as (body: unknown) => unknown) : () => answer)
    return this
  }

  private answer<T>(method: 'GET' | 'POST', path: string, body: unknown, options?: ImCallOptions): Promise<T> {
    this.calls.push({ method, path, body, options })
    const answer = this.answers.get(path)
    if (!answer) return Promise.reject(new Error(`no fake answer for ${path}`))
    try {
      return Promise.resolve(answer(body) as T)
    } catch (err) {
      return Promise.reject(err)
    }
  }

  get<T>(path: string, options?: ImCallOptions): Promise<T> {
    return this.answer('GET', path, undefined, options)
  }

  post<T>(path: string, body: unknown, options?: ImCallOptions): Promise<T> {
    return this.answer('POST', path, body, options)
  }
}
