import type { PushEndpointBody, PushStatusAnswer, PushSubscriptionBody } from '../../../../types/push.js'
import { deleteOwnSubscription, isSubscribed, saveSubscription, setShowPreviews, showPreviews } from '../../data/push.js'
import type { Db } from '../../db/Db.js'
import { badRequest } from '../../domain/refusal.js'
import type { SessionInfo } from '../../domain/sessions.js'

/**
 * The push service address a browser hands over is where the server will send requests, so only
 * https is taken (every browser's push service is https): a client cannot point the server at
 * plain-http addresses on its own network.
 */
function checkEndpoint(endpoint: string, allowHttp: boolean): void {
  const url = new URL(endpoint)
  if (url.protocol === 'https:' || (allowHttp && url.protocol === 'http:')) return
  throw badRequest('endpoint: 推送地址必须是 https 地址')
}

export async function registerSubscription(db: Db, session: SessionInfo, body: PushSubscriptionBody, allowHttp: boolean): Promise<void> {
  checkEndpoint(body.endpoint, allowHttp)
  await saveSubscription(db, session.wtId, session.tokenHash, { endpoint: body.endpoint, p256dh: body.keys.p256dh, auth: body.keys.auth })
}

export async function removeSubscription(db: Db, session: SessionInfo, body: PushEndpointBody): Promise<void> {
  await deleteOwnSubscription(db, session.wtId, body.endpoint)
}

export async function subscriptionStatus(db: Db, session: SessionInfo, body: PushEndpointBody): Promise<PushStatusAnswer> {
  const [subscribed, previews] = await Promise.all([isSubscribed(db, session.tokenHash, body.endpoint), showPreviews(db, session.wtId)])
  return { subscribed, showPreviews: previews }
}

export async function changePreviews(db: Db, wtId: string, on: boolean): Promise<void> {
  await setShowPreviews(db, wtId, on)
}
