import fs from 'node:fs'
import path from 'node:path'

/**
 * Build warnings that are bugs fail the H5 and mini-program builds: a missing export, an
 * unresolved import, and a platform file without its twin (docs/client-architecture.md,
 * "Platform ports"). Each would otherwise compile into code that throws at run time on one
 * platform only (an `export 'X' was not found` warning became `undefined` in the bundle).
 */

const PLATFORMS = ['h5', 'weapp'] as const
const SOURCE = /\.tsx?$/

function walk(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name)
    return e.isDirectory() ? walk(full) : SOURCE.test(e.name) ? [full] : []
  })
}

function withExtension(base: string): string | null {
  for (const ext of ['.ts', '.tsx']) if (fs.existsSync(base + ext)) return base + ext
  return null
}

/** The value names a contract file declares (`export declare const x`, `export { A, type B } from`). */
export function declaredValueExports(source: string): string[] {
  const names = new Set<string>()
  for (const m of source.matchAll(/^export\s+declare\s+(?:const|let|function|class|enum)\s+([A-Za-z_$][\w$]*)/gm)) names.add(m[1]!)
  for (const m of source.matchAll(/^export\s+\{([^}]*)\}/gm)) {
    for (const part of m[1]!.split(',')) {
      const item = part.trim()
      if (!item || item.startsWith('type ')) continue
      names.add(item.split(/\s+as\s+/).pop()!.trim())
    }
  }
  if (/^export\s+default\s+/m.test(source)) names.add('default')
  return [...names]
}

/** Whether an implementation file exports `name`. */
export function exportsName(source: string, name: string): boolean {
  if (name === 'default') return /^export\s+default\s+/m.test(source) || /^export\s+\{[^}]*\bdefault\b[^}]*\}/m.test(source)
  const escaped = name.replace(/\$/g, '\\$')
  const declared = new RegExp(`^export\\s+(?:async\\s+)?(?:const|let|var|function\\*?|class|enum)\\s+${escaped}\\b`, 'm')
  const listed = new RegExp(`^export\\s+\\{[^}]*\\b${escaped}\\b[^}]*\\}`, 'm')
  return declared.test(source) || listed.test(source)
}

/**
 * What is wrong with the platform files under `srcRoot`: a contract (a file that declares its
 * exports) without an implementation for each platform, an implementation without the exports
 * its contract declares, and a `.weapp` file without the base file the H5 build resolves.
 */
export function platformTwinProblems(srcRoot: string): string[] {
  const problems: string[] = []
  const rel = (f: string) => path.relative(srcRoot, f)
  const files = walk(srcRoot)
  for (const file of files) {
    const name = path.basename(file)
    const twin = /\.(h5|weapp)\.tsx?$/.exec(name)
    if (twin) {
      if (twin[1] === 'weapp' && !withExtension(file.replace(/\.weapp\.tsx?$/, ''))) {
        problems.push(`${rel(file)} has no base file (${rel(file.replace(/\.weapp\.tsx?$/, '.ts'))}) for the H5 build`)
      }
      continue
    }
    const source = fs.readFileSync(file, 'utf8')
    if (!/^export\s+declare\s/m.test(source)) continue
    const base = file.replace(SOURCE, '')
    const declared = declaredValueExports(source)
    for (const platform of PLATFORMS) {
      const impl = withExtension(`${base}.${platform}`)
      if (!impl) {
        problems.push(`${rel(file)} declares a platform port but ${rel(`${base}.${platform}.ts`)} is missing`)
        continue
      }
      const implSource = fs.readFileSync(impl, 'utf8')
      const missing = declared.filter((n) => !exportsName(implSource, n))
      if (missing.length > 0) problems.push(`${rel(impl)} does not export ${missing.join(', ')}, which ${rel(file)} declares`)
    }
  }
  return problems
}

interface WebpackError extends Error {
  name: string
}
interface Compilation {
  errors: WebpackError[]
  warnings: WebpackError[]
}
interface Compiler {
  hooks: {
    afterCompile: { tap(name: string, fn: (c: Compilation) => void): void }
  }
  webpack: { WebpackError: new (message: string) => WebpackError }
}

/** Warnings that mean broken code: a missing export (ModuleDependencyWarning) or module. */
const FATAL_WARNINGS = new Set(['ModuleDependencyWarning', 'ModuleNotFoundError'])

export class StrictBuildPlugin {
  constructor(private readonly srcRoot: string) {}
  apply(compiler: Compiler) {
    compiler.hooks.afterCompile.tap('StrictBuildPlugin', (compilation) => {
      // One error listing them all, first: Taro prints only the first error of a failed build.
      const problems = platformTwinProblems(this.srcRoot)
      if (problems.length > 0) compilation.errors.unshift(new compiler.webpack.WebpackError(`Platform files without their twin:\n${problems.join('\n')}`))
      const fatal = compilation.warnings.filter((w) => FATAL_WARNINGS.has(w.name))
      const rest = compilation.warnings.filter((w) => !FATAL_WARNINGS.has(w.name))
      compilation.warnings.splice(0, compilation.warnings.length, ...rest)
      compilation.errors.push(...fatal)
    })
  }
}
