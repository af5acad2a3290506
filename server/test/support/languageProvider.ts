import { spawn, type ChildProcess } from 'node:child_process'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const SCRIPT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../test/support/language-provider.mjs')

export interface ProviderProcess {
  url: string
  key: string
  stop(): void
}

/** Starts test/support/language-provider.mjs as its own process and waits for its port. */
export function startLanguageProvider(key = 'test-key'): Promise<ProviderProcess> {
  const child: ChildProcess = spawn(process.execPath, [SCRIPT, key], { stdio: ['ignore', 'pipe', 'inherit'] })
  return new Promise((resolve, reject) => {
    let out = ''
    child.once('error', reject)
    child.once('exit', (code) => reject(new Error(`language provider exited with ${code}`)))
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString()
      const port = /^(\d+)\n/.exec(out)?.[1]
      if (port) resolve({ url: `http://127.0.0.1:${port}`, key, stop: () => child.kill('SIGTERM') })
    })
  })
}
