import { lookup as dnsLookup } from 'node:dns/promises'
import http from 'node:http'
import https from 'node:https'
import { isIP, type LookupFunction } from 'node:net'
import { callbackTargetAllowed, parseAllowlist, type CallbackAllowlist } from '../domain/bots.js'

/** What an outgoing robot's callback answered, or why there is no answer. */
export type CallbackOutcome =
  | { ok: true; status: number; body: string }
  | { ok: false; reason: 'refused' | 'timeout' | 'network' | 'status' | 'too-large'; detail: string }

/** The client of outgoing robots' callback addresses (built in the composition root). */
export interface CallbackCaller {
  /** Whether `url` may be called now (its host resolved and checked against the allowlist); the refusal's reason otherwise. */
  check(url: string): Promise<string | null>
  post(url: string, body: string, headers: Record<string, string>): Promise<CallbackOutcome>
}

export interface CallbackCallerOptions {
  allow: readonly string[]
  timeoutMs: number
  /** Resolves a host name to its addresses (tests give their own answers). */
  resolve?: (host: string) => Promise<string[]>
  maxRedirects?: number
  maxAnswerBytes?: number
}

class Refused extends Error {}

const systemResolve = async (host: string) => (await dnsLookup(host, { all: true, verbatim: true })).map((a) => a.address)

/**
 * Calls callbacks only where the operator's allowlist lets them go: every host is resolved, each
 * address checked, and the connection made to the address that was checked (a name cannot
 * resolve to something else between the check and the connection). Redirects are followed by
 * hand, each hop checked the same way; the whole exchange has one deadline.
 */
export function callbackCaller(opts: CallbackCallerOptions): CallbackCaller {
  const list: CallbackAllowlist = parseAllowlist(opts.allow)
  const resolve = opts.resolve ?? systemResolve
  const maxRedirects = opts.maxRedirects ?? 3
  const maxBytes = opts.maxAnswerBytes ?? 64 * 1024

  async function target(raw: string): Promise<{ url: URL; address: string }> {
    let url: URL
    try {
      url = new URL(raw)
    } catch {
      throw new Refused(`not an address: ${raw}`)
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Refused(`scheme ${url.protocol}`)
    const host = url.hostname.replace(/^\[|\]$/g, '')
    const addresses = isIP(host) ? [host] : await resolve(host).catch(() => [])
    if (addresses.length === 0) throw new Refused(`${host} does not resolve`)
    const refused = addresses.find((a) => !callbackTargetAllowed(list, host, a))
    if (refused) throw new Refused(`${host} resolves to ${refused}, which is not allowed`)
    return { url, address: addresses[0]! }
  }

  function once(url: URL, address: string, body: string, headers: Record<string, string>, signal: AbortSignal): Promise<{ status: number; location: string | null; body: string }> {
    const pinned: LookupFunction = (_host, options, cb) => {
      const family = isIP(address)
      if ((options as { all?: boolean }).all) (cb as unknown as (e: null, a: Array<{ address: string; family: number }>) => void)(null, [{ address, family }])
      else cb(null, address, family)
    }
    const client = url.protocol === 'https:' ? https : http
    return new Promise((resolveAnswer, reject) => {
      const req = client.request(
        url,
        { method: 'POST', headers: { ...headers, 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)) }, lookup: pinned, signal },
        (res) => {
          const chunks: Buffer[] = []
          let size = 0
          res.on('data', (c: Buffer) => {
            size += c.length
            if (size > maxBytes) {
              req.destroy(new Error('too-large'))
              return
            }
            chunks.push(c)
          })
          res.on('end', () => resolveAnswer({ status: res.statusCode ?? 0, location: res.headers.location ?? null, body: Buffer.concat(chunks).toString('utf8') }))
          res.on('error', reject)
        },
      )
      req.on('error', reject)
      req.end(body)
    })
  }

  return {
    async check(url) {
      try {
        await target(url)
        return null
      } catch (err) {
        return err instanceof Refused ? err.message : String(err)
      }
    },
    async post(raw, body, headers) {
      const signal = AbortSignal.timeout(opts.timeoutMs)
      let next = raw
      try {
        for (let hop = 0; hop <= maxRedirects; hop++) {
          const { url, address } = await target(next)
          if (signal.aborted) return { ok: false, reason: 'timeout', detail: `no answer within ${opts.timeoutMs} ms` }
          const answer = await once(url, address, body, headers, signal)
          if (answer.status >= 300 && answer.status < 400 && answer.location) {
            next = new URL(answer.location, url).toString()
            continue
          }
          if (answer.status < 200 || answer.status >= 300) return { ok: false, reason: 'status', detail: `HTTP ${answer.status}` }
          return { ok: true, status: answer.status, body: answer.body }
        }
        return { ok: false, reason: 'network', detail: 'too many redirects' }
      } catch (err) {
        if (err instanceof Refused) return { ok: false, reason: 'refused', detail: err.message }
        if (signal.aborted) return { ok: false, reason: 'timeout', detail: `no answer within ${opts.timeoutMs} ms` }
        const message = err instanceof Error ? err.message : String(err)
        return { ok: false, reason: message === 'too-large' ? 'too-large' : 'network', detail: message }
      }
    },
  }
}
