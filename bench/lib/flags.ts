/** `--name=value` and bare `--name` (read as 'true') command-line flags; anything else is refused. */
export function parseFlags(argv: string[]): Map<string, string> {
  const raw = new Map<string, string>()
  for (const a of argv) {
    const m = /^--([\w-]+)(?:=(.*))?$/.exec(a)
    if (!m) throw new Error(`unknown argument ${a}`)
    raw.set(m[1]!, m[2] ?? 'true')
  }
  return raw
}
