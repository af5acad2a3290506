import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { clearImmediate, setImmediate } from 'node:timers'
import webpack from 'webpack'
import { platformTwinProblems, StrictBuildPlugin } from '../../../config/strictBuild'

function tree(files: Record<string, string>): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'strict-build-'))
  for (const [name, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, name)), { recursive: true })
    fs.writeFileSync(path.join(dir, name), text)
  }
  return dir
}

const contract = "export { Failure } from './failure'\nexport declare const port: { ok(): boolean }\n"

describe('platform twins', () => {
  it('the project itself: every port declares what each platform exports', () => {
    expect(platformTwinProblems(path.resolve(__dirname, '../../../src'))).toEqual([])
  })

  it('names a contract whose platform file is missing, or lacks an export the contract declares', () => {
    const dir = tree({
      'platform/media.ts': contract,
      'platform/media.h5.ts': "export { Failure } from './failure'\nexport const port = { ok: () => true }\n",
      'platform/media.weapp.ts': 'export const port = { ok: () => false }\n',
      'platform/clip.ts': 'export declare function copy(text: string): void\n',
      'platform/clip.h5.ts': 'export function copy(text: string): void {}\n',
      'components/Live.weapp.tsx': 'export default function Live() { return null }\n',
    })
    expect(platformTwinProblems(dir).sort()).toEqual([
      'components/Live.weapp.tsx has no base file (components/Live.ts) for the H5 build',
      'platform/clip.ts declares a platform port but platform/clip.weapp.ts is missing',
      'platform/media.weapp.ts does not export Failure, which platform/media.ts declares',
    ])
  })
})

describe('StrictBuildPlugin', () => {
  // webpack runs in Node; the unit suite's jsdom environment hides these.
  Object.assign(globalThis, { setImmediate, clearImmediate })

  function build(dir: string): Promise<webpack.Stats> {
    return new Promise((resolve, reject) => {
      webpack(
        {
          mode: 'development',
          context: dir,
          entry: './entry.js',
          output: { path: path.join(dir, 'out') },
          plugins: [new StrictBuildPlugin(path.join(dir, 'src'))],
        },
        (err, stats) => (err || !stats ? reject(err) : resolve(stats)),
      )
    })
  }

  it('turns a missing export into an error of the build', async () => {
    const dir = tree({ 'entry.js': "import { absent } from './lib.js'\nconsole.log(absent)\n", 'lib.js': 'export const present = 1\n', 'src/a.ts': 'export const a = 1\n' })
    const stats = await build(dir)
    expect(stats.hasErrors()).toBe(true)
    expect(stats.toJson({ errors: true }).errors!.map((e) => e.message).join('\n')).toContain("export 'absent' (imported as 'absent') was not found")
  })

  it('fails a build whose sources have a platform file without its twin, and passes a clean one', async () => {
    const broken = tree({ 'entry.js': 'console.log(1)\n', 'src/platform/clip.ts': 'export declare const x: number\n', 'src/platform/clip.h5.ts': 'export const x = 1\n' })
    const stats = await build(broken)
    expect(stats.toJson({ errors: true }).errors![0]!.message).toContain('platform/clip.weapp.ts is missing')
    const clean = tree({ 'entry.js': "import { present } from './lib.js'\nconsole.log(present)\n", 'lib.js': 'export const present = 1\n', 'src/a.ts': 'export const a = 1\n' })
    expect((await build(clean)).hasErrors()).toBe(false)
  })
})
