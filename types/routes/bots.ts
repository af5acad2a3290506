import { z } from 'zod'
import {
  AdminRobotBody,
  AdminRobotPauseBody,
  AdminRobotRow,
  AdminRobotsQuery,
  Robot,
  RobotAddBody,
  RobotList,
  RobotPauseBody,
  RobotRefBody,
  RobotSecrets,
  RobotSwitch,
  WebhookMessage,
  WebhookQuery,
  WebhookUploadForm,
  WebhookUploadQuery,
  WeComAnswer,
  WeComUploadAnswer,
} from '../bots'
import { paged } from '../envelope'
import { GroupNumberBody } from '../group'
import { route } from './route'

const changed = z.object({ changed: z.boolean() })

/** Group robots (docs/bots.md): the WeCom-compatible webhook, the group's management, the operator's console. */
export const botRoutes = {
  // The webhook: no session, its own limits, WeCom's answer shape (errcode 0 'ok' or its error code).
  webhookSend: route({ method: 'POST', path: '/webhook/send', summary: "Posts a robot's message (WeCom robot format)", query: WebhookQuery, body: WebhookMessage, answer: { plain: WeComAnswer } }),
  webhookUpload: route({
    method: 'POST',
    path: '/webhook/upload_media',
    summary: 'Uploads a file for a later file message; answers its media_id (WeCom format)',
    query: WebhookUploadQuery,
    form: WebhookUploadForm,
    answer: { plain: WeComUploadAnswer },
  }),

  // A group's robots: every member lists them; the owner and administrators manage them.
  list: route({ method: 'POST', path: '/user/groupchat/robot/list', summary: "The group's robots", body: GroupNumberBody, answer: RobotList }),
  add: route({ method: 'POST', path: '/user/groupchat/robot/add', summary: 'Adds a robot; its webhook address is answered once', body: RobotAddBody, answer: RobotSecrets }),
  regenerate: route({ method: 'POST', path: '/user/groupchat/robot/regenerate', summary: "A new key: the old address stops at once", body: RobotRefBody, answer: RobotSecrets }),
  pause: route({ method: 'POST', path: '/user/groupchat/robot/pause', summary: 'Pauses or resumes a robot', body: RobotPauseBody, answer: Robot }),
  remove: route({ method: 'POST', path: '/user/groupchat/robot/remove', summary: 'Removes a robot', body: RobotRefBody, answer: changed }),

  // The operator's console.
  adminList: route({ method: 'GET', path: '/admin/robots', summary: "Every group's robots", query: AdminRobotsQuery, answer: paged(AdminRobotRow) }),
  adminPause: route({ method: 'POST', path: '/admin/robots/pause', summary: 'Pauses or resumes any robot', body: AdminRobotPauseBody, answer: changed }),
  adminRemove: route({ method: 'POST', path: '/admin/robots/remove', summary: 'Removes any robot', body: AdminRobotBody, answer: changed }),
  adminSwitch: route({ method: 'GET', path: '/admin/robots/switch', summary: 'Whether group robots are on for the site', answer: RobotSwitch }),
  adminSetSwitch: route({ method: 'POST', path: '/admin/robots/switch', summary: 'Turns group robots on or off for the site', body: RobotSwitch, answer: RobotSwitch }),
}
