/**
 * Babel plugin for the H5 build: what the browser keeps of types/, the wire contract.
 *
 * The contract's modules declare zod schemas at their top level, next to the constants the
 * screens use, and the route table's entries hold the schemas of every body and answer. The
 * server validates with all of them; the browser sends by method and path and validates only
 * what it runs through a schema itself (incoming frames, forms). Without this plugin any import
 * from types/ (a route, a constant) brought zod and every schema of that module into app.js.
 *
 * - A route entry (`route({...})` in types/routes/) keeps only `method` and `path` in the client,
 *   and the route modules lose the helpers only the removed schemas used. An entry's TypeScript
 *   type is still the full entry's, so calls stay typed by the table.
 * - Every call in a top-level declaration of types/ is annotated `#__PURE__`: building a schema
 *   has no effect besides its value, so the minifier drops the schemas nothing in the client
 *   uses, and zod with them when no schema is left.
 *
 * The source in types/ stays the single contract; the server and the tests load it unchanged.
 */
const path = require('node:path')
const annotateAsPure = require('@babel/helper-annotate-as-pure').default

const typesDir = path.resolve(__dirname, '..', 'types') + path.sep
const routesDir = path.join(typesDir, 'routes') + path.sep
/** What the client's /api module reads of a route entry (src/services/api/client.ts). */
const ROUTE_FIELDS_READ_BY_CLIENT = new Set(['method', 'path'])

function keyName(prop) {
  if (prop.type !== 'ObjectProperty' || prop.computed) return null
  return prop.key.type === 'Identifier' ? prop.key.name : prop.key.type === 'StringLiteral' ? prop.key.value : null
}

/**
 * Removes the module-level helpers (`const friends = z.array(...)`) the stripped entries no longer
 * use: webpack keeps the imports of a declaration whose arguments it cannot prove pure.
 */
function dropUnused(program) {
  for (let removed = true; removed; ) {
    removed = false
    program.scope.crawl()
    for (const binding of Object.values(program.scope.bindings)) {
      if (binding.referenced || binding.kind === 'module' || !binding.path.isVariableDeclarator()) continue
      if (binding.path.parentPath.parentPath.isExportNamedDeclaration()) continue
      binding.path.remove()
      removed = true
    }
  }
}

module.exports = function contractForClient() {
  const routeEntry = {
    CallExpression(call) {
      const [entry] = call.node.arguments
      if (call.node.callee.type !== 'Identifier' || call.node.callee.name !== 'route' || entry?.type !== 'ObjectExpression') return
      entry.properties = entry.properties.filter((prop) => ROUTE_FIELDS_READ_BY_CLIENT.has(keyName(prop)))
    },
  }
  const pureCalls = {
    Function(fn) {
      fn.skip()
    },
    'CallExpression|NewExpression'(call) {
      annotateAsPure(call)
    },
  }
  return {
    name: 'contract-for-client',
    visitor: {
      Program(program, state) {
        const file = state.filename ?? ''
        if (!file.startsWith(typesDir)) return
        if (file.startsWith(routesDir)) {
          program.traverse(routeEntry)
          dropUnused(program)
        }
        for (const statement of program.get('body')) {
          const declaration = statement.isExportNamedDeclaration() ? statement.get('declaration') : statement
          if (declaration.isVariableDeclaration()) declaration.traverse(pureCalls)
        }
      },
    },
  }
}
