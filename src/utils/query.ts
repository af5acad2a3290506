export type Query = Record<string, string>

function decode(part: string): string {
  try {
    return decodeURIComponent(part.replace(/\+/g, ' '))
  } catch {
    return part
  }
}

/** Parses `?a=1&b=2` (the leading `?` is optional). Later duplicates win. */
export function parseQuery(search: string): Query {
  const query: Query = {}
  for (const pair of search.replace(/^\?/, '').split('&')) {
    if (!pair) continue
    const eq = pair.indexOf('=')
    const key = decode(eq < 0 ? pair : pair.slice(0, eq))
    if (key) query[key] = eq < 0 ? '' : decode(pair.slice(eq + 1))
  }
  return query
}

/** `?a=1&b=2`, or '' when there is nothing to encode. */
export function stringifyQuery(query: Query | undefined): string {
  if (!query) return ''
  const parts = Object.entries(query).map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`)
  return parts.length ? `?${parts.join('&')}` : ''
}

/** Splits `/path?query#hash` into its path and query string (with `?`, hash dropped). */
export function splitUrl(url: string): { path: string; search: string } {
  const noHash = url.split('#')[0] ?? ''
  const q = noHash.indexOf('?')
  return q < 0 ? { path: noHash, search: '' } : { path: noHash.slice(0, q), search: noHash.slice(q) }
}
