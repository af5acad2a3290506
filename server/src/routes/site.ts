import type { FastifyInstance } from 'fastify'
import { APP_VERSION } from '../../../types/codes.js'
import { miscRoutes } from '../../../types/routes/misc.js'
import type { SiteInfo } from '../../../types/site.js'
import type { AppContext } from '../context.js'
import { defaultAvatarIndex } from '../domain/defaultAvatars.js'
import { ok } from '../http/envelope.js'
import { serve } from '../http/serve.js'

const PALETTE = ['#07c160', '#10aeff', '#fa9d3b', '#e64340', '#6467f0', '#1485ee', '#2aae67', '#c87d2f']

/** A default avatar: a coloured square with a person silhouette, stable for a given seed. */
function avatarSvg(seed: string): string {
  const color = PALETTE[defaultAvatarIndex(seed)]
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100"><rect width="100" height="100" rx="8" fill="${color}"/><circle cx="50" cy="38" r="18" fill="#fff" opacity=".92"/><path d="M18 88c4-18 18-28 32-28s28 10 32 28z" fill="#fff" opacity=".92"/></svg>`
}

/** Public site information (footer) and generated default avatars. */
export function sitePlugin(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    serve(app, miscRoutes.siteInfo, async () => {
      const info: SiteInfo = { productName: '微谈', version: APP_VERSION, footer: ctx.config.footer, chatFeatures: ctx.config.chatFeatures, trtc: ctx.config.calls.trtc !== null }
      return ok(info)
    })

    serve(app, miscRoutes.defaultAvatar, async (req, reply) => {
      const seed = req.params.seed.replace(/\.svg$/, '').slice(0, 64)
      return reply
        .header('content-type', 'image/svg+xml')
        .header('cache-control', 'public, max-age=31536000, immutable')
        .send(avatarSvg(seed))
    })
  }
}
