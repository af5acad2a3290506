/** A stand-in for window.fetch: answers by path with an envelope and records every request. */
export interface FetchCall {
  url: string
  method: string
  headers: Record<string, string>
  body: unknown
}

type Answer = { code: number; msg?: string; data?: unknown } | Error

export class FakeFetch {
  readonly calls: FetchCall[] = []
  private readonly routes = new Map<string, Answer[]>()

  /** Answers for a path (without /api); several answers are used in turn, the last one repeats. */
  on(path: string, ...answers: Answer[]): this {
    this.routes.set(path, answers)
    return this
  }

  readonly fetch = jest.fn(async (url: string, init: RequestInit = {}) => {
    const path = url.replace(/^\/api/, '').split('?')[0]!
    this.calls.push({
      url,
      method: init.method ?? 'GET',
      headers: { ...(init.headers as Record<string, string>) },
      body: typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined,
    })
    const answers = this.routes.get(path)
    if (!answers?.length) throw new Error(`no fake answer for ${path}`)
    const answer = answers.length > 1 ? answers.shift()! : answers[0]!
    if (answer instanceof Error) throw answer
    const body = { code: answer.code, msg: answer.msg ?? '', data: answer.data ?? null }
    const status = answer.code >= 400 && answer.code < 600 ? answer.code : 200
    return { status, text: async () => JSON.stringify(body) }
  })

  paths(): string[] {
    return this.calls.map((c) => c.url.replace(/^\/api/, ''))
  }

  install(): void {
    ;(globalThis as { fetch?: unknown }).fetch = this.fetch
  }
}
