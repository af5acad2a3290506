import { z } from 'zod'
import { PushEndpointBody, PushPreviewBody, PushStatusAnswer, PushSubscriptionBody, VapidKeyAnswer } from '../push'
import { route } from './route'

/** Web Push for the installed H5 app: the server's VAPID key and this device's subscription. */
export const pushRoutes = {
  vapidPublicKey: route({ method: 'GET', path: '/push/vapidPublicKey', summary: "The server's VAPID public key (applicationServerKey)", answer: VapidKeyAnswer }),
  status: route({ method: 'POST', path: '/push/status', summary: 'Whether this subscription is registered for this session', body: PushEndpointBody, answer: PushStatusAnswer }),
  subscribe: route({ method: 'POST', path: '/push/subscribe', summary: "Register this device's push subscription for this session", body: PushSubscriptionBody, answer: z.null() }),
  unsubscribe: route({ method: 'POST', path: '/push/unsubscribe', summary: "Remove this device's push subscription", body: PushEndpointBody, answer: z.null() }),
  previews: route({ method: 'POST', path: '/push/previews', summary: 'Turn message previews in notifications on or off (显示消息预览)', body: PushPreviewBody, answer: z.null() }),
}
