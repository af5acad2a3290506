import { z } from 'zod'
import { paged } from '../envelope'
import {
  CommentAddBody,
  CommentAddResult,
  Moment,
  MomentAddBody,
  MomentBatchBody,
  MomentComment,
  MomentDetail,
  MomentIdBody,
  MomentInteractions,
  MomentListBody,
  MomentNotice,
  MomentUnread,
  NoticePageBody,
  PraiseActionBody,
  PraiseActionResult,
} from '../moments'
import { route } from './route'

/**
 * Spec section 7 "Moments (all POST)", plus the publish call the spec does not show and the
 * unread count read on every (re)connect (socket type 2 only comes when it changes).
 */
export const momentRoutes = {
  add: route({ method: 'POST', path: '/user/friendsCircle/add', summary: 'Publish a moment', body: MomentAddBody, answer: Moment }),
  list: route({ method: 'POST', path: '/user/friendsCircle/list', summary: 'The feed, newest first (or one user\'s album with wtId)', body: MomentListBody, answer: paged(Moment) }),
  info: route({ method: 'POST', path: '/user/friendsCircle/getInfoById', summary: 'One moment with its likes and comments', body: MomentIdBody, answer: MomentDetail }),
  remove: route({ method: 'POST', path: '/user/friendsCircle/remove', summary: 'Delete my moment with its likes, comments and files', body: MomentIdBody, answer: z.null() }),
  interactionsBatch: route({
    method: 'POST',
    path: '/friendsCircleComments/commentsAndPraiseListByBatch',
    summary: 'Likes and comments of several moments (a feed page)',
    body: MomentBatchBody,
    answer: z.array(MomentInteractions),
  }),
  interactions: route({ method: 'POST', path: '/friendsCircleComments/commentsAndPraiseList', summary: 'Likes and comments of one moment', body: MomentIdBody, answer: MomentInteractions }),
  praise: route({ method: 'POST', path: '/friendsCirclePraise/praiseAction', summary: 'Like or unlike a moment', body: PraiseActionBody, answer: PraiseActionResult }),
  comment: route({ method: 'POST', path: '/friendsCircleComments/add', summary: 'Comment on a moment or reply to a comment', body: CommentAddBody, answer: CommentAddResult }),
  removeComment: route({ method: 'POST', path: '/friendsCircleComments/remove', summary: 'Delete my comment, or any comment on my moment', body: MomentIdBody, answer: z.array(MomentComment) }),
  notices: route({ method: 'POST', path: '/friendsCircleNotice/listByPage', summary: 'Likes and comments for me, newest first (marks them read)', body: NoticePageBody, answer: paged(MomentNotice) }),
  clearNotices: route({ method: 'POST', path: '/friendsCircleNotice/clear', summary: 'Empty my notice list', answer: z.null() }),
  unread: route({ method: 'POST', path: '/friendsCircleNotice/unreadCount', summary: 'Unread notices (the sidebar badge)', answer: MomentUnread }),
}
