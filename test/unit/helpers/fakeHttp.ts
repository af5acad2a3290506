import type { HttpPort, HttpRequest, HttpResponse } from '@/platform/http'

type Responder = (req: HttpRequest) => HttpResponse | Promise<HttpResponse>

/** An HttpPort that answers from a queue or a function and records every request. */
export class FakeHttp implements HttpPort {
  readonly requests: HttpRequest[] = []
  private readonly queue: Responder[] = []

  constructor(private fallback: Responder = () => envelope(200, 'ok', null)) {}

  /** The next request gets this answer (or this thrown error). */
  next(responder: Responder | HttpResponse): this {
    this.queue.push(typeof responder === 'function' ? responder : () => responder)
    return this
  }

  answerWith(responder: Responder): this {
    this.fallback = responder
    return this
  }

  async request(req: HttpRequest): Promise<HttpResponse> {
    this.requests.push(req)
    const responder = this.queue.shift() ?? this.fallback
    return responder(req)
  }

  get last(): HttpRequest {
    const req = this.requests[this.requests.length - 1]
    if (!req) throw new Error('no request was made')
    return req
  }
}

/** What the server sends: HTTP status equals code for 400-599, else 200. */
export function envelope(code: number, msg: string, data: unknown): HttpResponse {
  return { statusCode: code >= 400 && code < 600 ? code : 200, data: { code, msg, data } }
}
