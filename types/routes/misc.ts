import { z } from 'zod'
import { ComplaintAddBody, ComplaintAddResult, DictEntry, DictListBody } from '../complaint'
import { SiteInfo } from '../site'
import { UploadForm, UploadResult } from '../upload'
import { route } from './route'

/** Spec section 7 "Misc": dictionaries, reports, files; plus the public site information and this contract. */
export const miscRoutes = {
  dictList: route({ method: 'POST', path: '/dict/data/getListByDictType', summary: 'Entries of a dictionary (report types, media switch)', body: DictListBody, answer: z.array(DictEntry) }),
  complaint: route({ method: 'POST', path: '/complaint/add', summary: 'Report a user or a group', body: ComplaintAddBody, answer: ComplaintAddResult }),
  upload: route({ method: 'POST', path: '/oss/upload', summary: 'Upload a file (multipart field `file`)', form: UploadForm, answer: UploadResult }),
  file: route({
    method: 'GET',
    path: '/oss/file/:id',
    summary: 'Download an uploaded file (the session token may come as `t`, for media tags)',
    params: z.object({ id: z.string() }),
    query: z.object({ t: z.string().optional(), download: z.string().optional() }),
    answer: { file: 'application/octet-stream' },
  }),
  siteInfo: route({ method: 'GET', path: '/site/info', summary: 'Product name, version, footer and chat feature flags', answer: SiteInfo }),
  defaultAvatar: route({ method: 'GET', path: '/avatar/default/:seed', summary: 'A generated default avatar', params: z.object({ seed: z.string() }), answer: { file: 'image/svg+xml' } }),
  openApi: route({ method: 'GET', path: '/openapi.json', summary: 'This contract as an OpenAPI document', answer: { file: 'application/json' } }),
}
