// What the Taro build defines for H5, before any module under test loads.
process.env.TARO_ENV = 'h5'
process.env.TARO_PLATFORM = 'web'

const g = globalThis as Record<string, unknown>
g.API_BASE = ''
g.DEPRECATED_ADAPTER_COMPONENT = false
for (const flag of [
  'ENABLE_INNER_HTML',
  'ENABLE_ADJACENT_HTML',
  'ENABLE_SIZE_APIS',
  'ENABLE_TEMPLATE_CONTENT',
  'ENABLE_CLONE_NODE',
  'ENABLE_CONTAINS',
  'ENABLE_MUTATION_OBSERVER',
]) {
  g[flag] = true
}
