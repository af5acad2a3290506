import { z } from 'zod'
import { APP_VERSION } from '../../../types/codes.js'
import { envelope } from '../../../types/envelope.js'
import { API_BASE_PATH, type ApiRoute } from '../../../types/routes/route.js'

type JsonSchema = Record<string, unknown>

/** JSON Schema 2020-12, which OpenAPI 3.1 uses as it is; bodies are described as sent, answers as received. */
function jsonSchema(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { io })
  return rest
}

const json = (schema: z.ZodType, io: 'input' | 'output') => ({ 'application/json': { schema: jsonSchema(schema, io) } })

function parameters(where: 'path' | 'query', schema: z.ZodObject | undefined) {
  if (!schema) return []
  const { properties = {}, required = [] } = jsonSchema(schema, 'input') as { properties?: Record<string, JsonSchema>; required?: string[] }
  return Object.entries(properties).map(([name, property]) => ({ name, in: where, required: where === 'path' || required.includes(name), schema: property }))
}

function operation(area: string, name: string, route: ApiRoute) {
  const answer =
    route.answer instanceof z.ZodType
      ? { description: 'code 200 and the data', content: json(envelope(route.answer), 'output') }
      : 'plain' in route.answer
        ? { description: 'The answer as it is (no envelope)', content: json(route.answer.plain, 'output') }
        : { description: 'The file', content: { [route.answer.file]: { schema: { type: 'string', contentMediaType: route.answer.file } } } }
  const requestBody = route.body
    ? { required: true, content: json(route.body, 'input') }
    : route.form
      ? { required: true, content: { 'multipart/form-data': { schema: jsonSchema(route.form, 'input') } } }
      : undefined
  return {
    operationId: `${area}.${name}`,
    tags: [area],
    summary: route.summary,
    parameters: [...parameters('path', route.params), ...parameters('query', route.query)],
    ...(requestBody && { requestBody }),
    responses: {
      '200': answer,
      default: { description: 'A failure: its code and message', content: json(envelope(z.null()), 'output') },
    },
  }
}

/** The route table as an OpenAPI 3.1 document, for people who integrate with the server. */
export function openApiDocument(table: Record<string, Record<string, ApiRoute>>) {
  const paths: Record<string, Record<string, ReturnType<typeof operation>>> = {}
  for (const [area, routes] of Object.entries(table)) {
    for (const [name, route] of Object.entries(routes)) {
      const path = API_BASE_PATH + route.path.replace(/:(\w+)/g, '{$1}')
      paths[path] = { ...paths[path], [route.method.toLowerCase()]: operation(area, name, route) }
    }
  }
  return {
    openapi: '3.1.0',
    info: {
      title: '微谈 API',
      version: APP_VERSION,
      description:
        'Every JSON answer is {code, msg, data}; code 200 is success. The HTTP status equals code for 400-599 and is 200 for ' +
        'the business codes (712, 11011-11016). Authenticated routes take Authorization: Bearer {token} from a login answer.',
    },
    paths,
  }
}
