/**
 * The container image's package.json: only the packages the compiled server and the backup and
 * restore scripts import, at the ranges package.json gives them, and the scripts an operator runs
 * inside the container. package.json's `dependencies` also lists what only the client bundles
 * (Taro, React, the call SDKs); the image leaves those out (docs/decisions/0076-container-image-compose-files-and-kubernetes-manifests.md).
 *
 *   node scripts/server-manifest.mjs [OUT]     writes OUT (default: dist/server-package.json)
 *
 * Needs dist/server (npm run build:server). An import of a package that package.json does not list
 * under `dependencies` is an error, so a server change cannot ship an image that fails at start.
 */
import { builtinModules } from 'node:module'
import { readFileSync, readdirSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { projectRoot } from './ensure-h5-build.mjs'

/** Run inside the image besides the server: they read the database and uploads. */
export const IMAGE_SCRIPTS = ['scripts/backup.mjs', 'scripts/restore.mjs', 'scripts/backup-common.mjs']

const SPECIFIER = /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+|\brequire\s*\(\s*)(['"])([^'"]+)\1/g
const BUILTIN = new Set(builtinModules)

/** `@scope/name/sub` → `@scope/name`, `name/sub` → `name`; null for relative paths and Node's own modules. */
export function packageOf(specifier) {
  if (specifier.startsWith('.') || specifier.startsWith('/') || specifier.startsWith('node:')) return null
  const parts = specifier.split('/')
  const name = specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]
  return BUILTIN.has(name) ? null : name
}

function jsFiles(dir) {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && /\.m?js$/.test(e.name))
    .map((e) => path.join(e.parentPath, e.name))
}

/** Package names imported by these files. */
export function importedPackages(files) {
  const found = new Set()
  for (const file of files) {
    for (const m of readFileSync(file, 'utf8').matchAll(SPECIFIER)) {
      const name = packageOf(m[2])
      if (name) found.add(name)
    }
  }
  return found
}

export function serverManifest({ root = projectRoot } = {}) {
  const pkg = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'))
  const files = [...jsFiles(path.join(root, 'dist/server')), ...IMAGE_SCRIPTS.map((f) => path.join(root, f))]
  const used = [...importedPackages(files)].sort()
  const missing = used.filter((name) => !pkg.dependencies?.[name])
  if (missing.length) throw new Error(`the server imports ${missing.join(', ')}, which package.json does not list under dependencies`)
  return {
    name: pkg.name,
    version: pkg.version,
    private: true,
    description: `${pkg.description} (server image)`,
    engines: pkg.engines,
    scripts: {
      start: 'node dist/server/server/src/main.js',
      admin: 'node dist/server/server/src/cli/admin.js',
      backup: 'node scripts/backup.mjs',
      restore: 'node scripts/restore.mjs',
    },
    dependencies: Object.fromEntries(used.map((name) => [name, pkg.dependencies[name]])),
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  const out = path.resolve(process.argv[2] ?? path.join(projectRoot, 'dist/server-package.json'))
  try {
    const manifest = serverManifest()
    writeFileSync(out, `${JSON.stringify(manifest, null, 2)}\n`)
    console.log(`${path.relative(process.cwd(), out)}: ${Object.keys(manifest.dependencies).length} packages (${Object.keys(manifest.dependencies).join(', ')})`)
  } catch (err) {
    console.error(err.message)
    process.exit(1)
  }
}
