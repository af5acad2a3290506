import type { TipOp } from '../../../../types/group.js'

export interface TipTarget {
  ids: string[]
  nicks: string[]
}

export interface TipOptions {
  newGroupProfile?: Record<string, unknown>
  muteTime?: number
  /** Only admins and the owner (plus `extra`) see it: the exit notice of a member who quit. */
  adminOnly?: boolean
  /** Who receives it besides the current members (a leaver sees their own leave tip). */
  extra?: string[]
}

/** A group tip's payload, as types/chat.ts GroupTipPayload (read by the client's groupTipText). */
export function tipPayload(operator: string, op: TipOp, target: TipTarget, opts: TipOptions): Record<string, unknown> {
  const payload: Record<string, unknown> = {
    operationType: op,
    operatorID: operator,
    userIDList: target.ids,
    nickList: target.nicks,
    newGroupProfile: opts.newGroupProfile ?? null,
  }
  if (opts.muteTime !== undefined) payload.muteTime = opts.muteTime
  return payload
}

/** Only this user sees it (the welcome message of a newcomer). */
export const ONLY_VISIBLE_TO = 99

/** The welcome message's custom data: a group custom message (type GroupCustomMsg, detail 'welcome'). */
export const welcomeData = (newcomer: string, nick: string, text: string): string =>
  JSON.stringify({ type: 'GroupCustomMsg', detailType: 'welcome', operatorUser: { nickName: '' }, operated: [{ nickName: nick, userId: newcomer }], content: text })
