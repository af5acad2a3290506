import { spawn } from 'node:child_process'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const SCRIPT = path.join(path.dirname(fileURLToPath(import.meta.url)), 'language-provider.mjs')

/**
 * Starts language-provider.mjs as its own process; resolves with its URL, its key and stop().
 * The end-to-end global setup points the server's LANGUAGE_PROVIDER_URL at it.
 */
export function startLanguageProvider(key = 'e2e-provider-key') {
  const child = spawn(process.execPath, [SCRIPT, key], { stdio: ['ignore', 'pipe', 'inherit'] })
  return new Promise((resolve, reject) => {
    let out = ''
    child.once('error', reject)
    child.once('exit', (code) => reject(new Error(`language provider exited with ${code}`)))
    child.stdout.on('data', (chunk) => {
      out += chunk.toString()
      const port = /^(\d+)\n/.exec(out)?.[1]
      if (port) resolve({ url: `http://127.0.0.1:${port}`, key, stop: () => child.kill('SIGTERM') })
    })
  })
}
