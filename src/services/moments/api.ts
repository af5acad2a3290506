import type { CommentAddBody, MomentAddBody, MomentListBody } from '@shared/moments'
import { MOMENTS_PAGE_SIZE } from '@shared/moments'
import { momentRoutes } from '@shared/routes/moments'
import type { RouteClient } from '../api/client'

export type MomentsApi = ReturnType<typeof createMomentsApi>

/** The moments endpoints of spec section 7 "Moments (all POST)", one function per call. */
export function createMomentsApi(api: RouteClient) {
  return {
    publish: (body: MomentAddBody) => api.call(momentRoutes.add, body),
    list: (body: MomentListBody) => api.call(momentRoutes.list, { pageSize: MOMENTS_PAGE_SIZE, ...body }),
    info: (id: number) => api.call(momentRoutes.info, { id }),
    remove: (id: number) => api.call(momentRoutes.remove, { id }),
    interactionsBatch: (ids: number[]) => api.call(momentRoutes.interactionsBatch, { ids }),
    praise: (friendsCircleId: number) => api.call(momentRoutes.praise, { friendsCircleId }),
    comment: (body: CommentAddBody) => api.call(momentRoutes.comment, body),
    removeComment: (id: number) => api.call(momentRoutes.removeComment, { id }),
    notices: (pageNum: number) => api.call(momentRoutes.notices, { pageNum, pageSize: MOMENTS_PAGE_SIZE }),
    clearNotices: () => api.call(momentRoutes.clearNotices),
    unread: () => api.call(momentRoutes.unread, undefined, { silent: true }),
  }
}
