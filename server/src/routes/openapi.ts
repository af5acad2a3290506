import type { FastifyInstance } from 'fastify'
import { API_ROUTES, miscRoutes } from '../../../types/routes/index.js'
import { openApiDocument } from '../http/openapi.js'
import { serve } from '../http/serve.js'

/** GET /api/openapi.json: the route table as an OpenAPI document, made on the first request. */
export function openApiPlugin() {
  let document: ReturnType<typeof openApiDocument> | undefined
  return async (app: FastifyInstance) => {
    serve(app, miscRoutes.openApi, async (_req, reply) => reply.send((document ??= openApiDocument(API_ROUTES))))
  }
}
