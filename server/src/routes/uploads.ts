import { createHash } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { pipeline } from 'node:stream/promises'
import { Transform } from 'node:stream'
import type { FastifyInstance } from 'fastify'
import multipart from '@fastify/multipart'
import { miscRoutes } from '../../../types/routes/misc.js'
import { CONTROL_CHAR_TEXT, hasControlChars } from '../../../types/text.js'
import { UPLOAD_BUDGET_TEXT, UPLOAD_MAX_BYTES, UploadError, UploadKind } from '../../../types/upload.js'
import { ResultCode } from '../../../types/codes.js'
import type { AppContext } from '../context.js'
import { findSession } from '../domain/sessions.js'
import { isBannedFile, mimeFor, sniffImage } from '../domain/files.js'
import { newToken } from '../domain/tokens.js'
import { bearerToken, requireSession, sessionOf } from '../http/auth.js'
import { badRequest, refuse, Refusal, unauthorized } from '../domain/refusal.js'
import { bytesUploadedSince, findUpload, recordUpload } from '../domain/uploads.js'
import { ok } from '../http/envelope.js'
import { perAccount } from '../http/rateLimits.js'
import { serve } from '../http/serve.js'
import { MEMBER_UPLOAD_FACTOR } from '../domain/admin/membership.js'
import { isMember } from '../domain/calls/limits.js'

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
export function uploadRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    fs.mkdirSync(ctx.config.uploadDir, { recursive: true })
    await app.register(multipart, { limits: { fileSize: UPLOAD_MAX_BYTES, files: 1, fields: 4 } })

    serve(app, miscRoutes.upload, { preHandler: requireSession(ctx), rateLimit: { max: ctx.config.rateLimits.uploadPerHour, timeWindow: 3_600_000, keyGenerator: perAccount } }, async (req) => {
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
      const hash = createHash('sha256')
      let head = Buffer.alloc(0)
      let size = 0
      const tap = new Transform({
        transform(chunk: Buffer, _enc, done) {
          if (head.length < 16) head = Buffer.concat([head, chunk.subarray(0, 16 - head.length)])
          size += chunk.length
          hash.update(chunk)
          done(null, chunk)
        },
      })
      try {
        await pipeline(part.file, tap, fs.createWriteStream(target))
        if (part.file.truncated) throw refuse(UploadError.FileTooLarge)
        if (size === 0) throw refuse(UploadError.FileNotFound)
        const sniffed = sniffImage(head)
        if (kind === UploadKind.Image && !sniffed) throw refuse(UploadError.InvalidImage)
        if (isBannedFile(name, head)) throw refuse(UploadError.BannedFile)
        const mime = mimeFor(name, kind === UploadKind.Image ? sniffed : null)
        const owner = sessionOf(req).wtId
        // The request limit counts uploads per device; the byte budget is the account's, whatever the device.
        // Members get MEMBER_UPLOAD_FACTOR times the budget (what /member promises).
        const budget = ctx.config.rateLimits.uploadBytesPerHour * ((await isMember(ctx.db, owner)) ? MEMBER_UPLOAD_FACTOR : 1)
        if ((await bytesUploadedSince(ctx.db, owner, 3600)) + size > budget) {
          throw new Refusal(ResultCode.TooManyRequests, UPLOAD_BUDGET_TEXT)
        }
        await recordUpload(ctx.db, { id, owner, fileName: name, mime, size, sha256: hash.digest('hex') })
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
      const file = await findUpload(ctx.db, req.params.id)
      if (!file) throw refuse(UploadError.FileNotFound)
      const disposition = req.query.download ? 'attachment' : 'inline'
      return reply
        .header('content-type', file.mime)
        .header('content-length', String(file.size))
        .header('cache-control', 'private, max-age=31536000, immutable')
        .header('content-disposition', `${disposition}; filename*=UTF-8''${encodeURIComponent(file.fileName)}`)
        .header('x-content-type-options', 'nosniff')
        .send(fs.createReadStream(path.join(ctx.config.uploadDir, req.params.id)))
    })
  }
}
