import fs from 'node:fs'
import path from 'node:path'
import type { FastifyInstance } from 'fastify'
import multipart from '@fastify/multipart'
import { miscRoutes } from '../../../types/routes/misc.js'
import { CONTROL_CHAR_TEXT, hasControlChars } from '../../../types/text.js'
import { UPLOAD_MAX_BYTES, UploadError, UploadKind } from '../../../types/upload.js'
import type { AppContext } from '../context.js'
import { findSession } from '../app/sessions.js'
import { isBannedFile, mimeFor, sniffImage } from '../domain/files.js'
import { newToken } from '../domain/tokens.js'
import { dispositionHeader } from '../http/attachment.js'
import { bearerToken, requireSession, sessionOf } from '../http/auth.js'
import { badRequest, refuse, Refusal, unauthorized } from '../domain/refusal.js'
import { recordWithinBudget, uploadedFile } from '../app/uploads.js'
import { ok } from '../http/envelope.js'
import { writeUpload } from '../http/fileStream.js'
import { perAccountLimit } from '../http/rateLimits.js'
import { serve } from '../http/serve.js'

/**
 * A form the parser could not read (cut off, a broken boundary) is the client's fault: 400. The
 * server's own failures (the disk: ENOSPC and the like) stay what they are.
 */
function unreadableForm(err: unknown): unknown {
  if (err instanceof Refusal) return err
  const code = (err as { code?: unknown }).code
  if (typeof code === 'string' && /^E[A-Z]+$/.test(code)) return err
  return badRequest('上传内容不完整，请重新上传')
}

/** POST /api/oss/upload and GET /api/oss/file/:id: files under UPLOAD_DIR with random names. */
export function uploadPlugin(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    fs.mkdirSync(ctx.config.uploadDir, { recursive: true })
    await app.register(multipart, { limits: { fileSize: UPLOAD_MAX_BYTES, files: 1, fields: 4 } })

    serve(app, miscRoutes.upload, { preHandler: requireSession(ctx), rateLimit: perAccountLimit(ctx.config.rateLimits.uploadPerHour, 3_600_000) }, async (req) => {
      if (!req.isMultipart()) throw refuse(UploadError.FileNotFound)
      const part = await req.file().catch((err: unknown) => {
        throw unreadableForm(err)
      })
      if (!part || part.fieldname !== 'file') throw refuse(UploadError.FileNotFound)
      const kindField = part.fields.kind
      const kind = kindField && 'value' in kindField ? String(kindField.value) : UploadKind.File
      const name = path.basename(part.filename || 'file').slice(0, 255)
      if (hasControlChars(name) || hasControlChars(kind)) {
        part.file.resume()
        throw badRequest(`file: ${CONTROL_CHAR_TEXT}`)
      }

      const id = newToken(16)
      const target = path.join(ctx.config.uploadDir, id)
      try {
        const { size, sha256, head } = await writeUpload(part.file, target)
        if (part.file.truncated) throw refuse(UploadError.FileTooLarge)
        if (size === 0) throw refuse(UploadError.FileNotFound)
        const sniffed = kind === UploadKind.Image ? sniffImage(head) : null
        if (kind === UploadKind.Image && !sniffed) throw refuse(UploadError.InvalidImage)
        if (isBannedFile(name, head, sniffed)) throw refuse(UploadError.BannedFile)
        const mime = mimeFor(name, sniffed)
        // The request limit counts uploads per device; the byte budget is the account's, whatever the device.
        await recordWithinBudget(ctx, { id, owner: sessionOf(req).wtId, fileName: name, mime, size, sha256 })
        const url = `/api/oss/file/${id}`
        return ok({ url, data: { url }, name, size, mime }, '上传成功')
      } catch (err) {
        await fs.promises.rm(target, { force: true })
        if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw refuse(UploadError.FileTooLarge)
        throw unreadableForm(err)
      }
    })

    /**
     * Media is fetched by <img> and <video> tags, which cannot send headers, so the session
     * token may also come as `?t=`. Either way only logged-in users get files.
     */
    serve(app, miscRoutes.file, async (req, reply) => {
      const token = bearerToken(req) ?? req.query.t ?? null
      if (!token || !(await findSession(ctx.db, token, { idleSeconds: ctx.config.sessionIdleSeconds, address: req.ip }))) throw unauthorized()
      if (!/^[\w-]{16,64}$/.test(req.params.id)) throw refuse(UploadError.FileNotFound)
      const file = await uploadedFile(ctx, req.params.id)
      if (!file) throw refuse(UploadError.FileNotFound)
      const disposition = req.query.download ? 'attachment' : 'inline'
      return reply
        .header('content-type', file.mime)
        .header('content-length', String(file.size))
        .header('cache-control', 'private, max-age=31536000, immutable')
        .header('content-disposition', dispositionHeader(file.fileName, disposition))
        .header('x-content-type-options', 'nosniff')
        .send(fs.createReadStream(path.join(ctx.config.uploadDir, req.params.id)))
    })
  }
}
