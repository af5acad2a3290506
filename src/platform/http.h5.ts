import type { HttpPort, HttpRequest, HttpResponse } from './http'
import { HttpFailure } from './httpFailure'

function parseBody(text: string): unknown {
  if (text === '') return null
  try {
    return JSON.parse(text)
  } catch {
    return text
  }
}

async function request(req: HttpRequest): Promise<HttpResponse> {
  const controller = new AbortController()
  let timedOut = false
  const timer = setTimeout(() => {
    timedOut = true
    controller.abort()
  }, req.timeout)
  try {
    const res = await fetch(req.url, {
      method: req.method,
      headers: req.header,
      body: req.method === 'GET' || req.data === undefined ? undefined : JSON.stringify(req.data),
      signal: controller.signal,
      credentials: 'same-origin',
    })
    return { statusCode: res.status, data: parseBody(await res.text()) }
  } catch (err) {
    if (timedOut) throw new HttpFailure('timeout', `timeout of ${req.timeout}ms exceeded`)
    throw new HttpFailure('network', err instanceof Error ? err.message : String(err))
  } finally {
    clearTimeout(timer)
  }
}

export const http: HttpPort = { request }
