import type { SingleServerFrame } from '../../../types/frames.js'
import type { FriendApplication, FriendChangeKind } from '../../../types/friends.js'
import type { FeedsChange } from '../bus/Bus.js'
import type { Db, Queryable } from '../db/Db.js'
import { newEffects as newGroupEffects, type GroupEffects } from '../domain/groups/effects.js'
import type { SendResult } from '../domain/messages.js'
import type { Revoked } from '../domain/messageOps/revoke.js'

/**
 * One thing a committed change must tell people. A use case records these while it writes and
 * returns them; the publisher (publish/index.ts) delivers them after the commit, in order, so
 * nobody hears of a change that rolled back.
 */
export type Effect =
  /** A user's friend list changed with respect to `about` (their cached feed pages go too). */
  | { kind: 'friendChange'; wtId: string; change: FriendChangeKind; about: string; exceptSession?: string }
  /** A new friend application for `wtId`, or only their new unread count (application null). */
  | { kind: 'friendApply'; wtId: string; application: FriendApplication | null; exceptSession?: string }
  /** A stored message, to everyone who should see it (the sender's other devices too). */
  | { kind: 'message'; sent: Pick<SendResult, 'message' | 'ref' | 'recipients'> }
  /** One frame to every device of a user (but `exceptSession`). */
  | { kind: 'userFrame'; wtId: string; frame: SingleServerFrame; exceptSession?: string }
  /** The user's current view of one conversation to their devices. */
  | { kind: 'conversation'; wtId: string; conversationID: string; exceptSession?: string }
  /** The user's conversation groups (tabs) to their other devices. */
  | { kind: 'conversationGroups'; wtId: string; exceptSession?: string }
  /** Cached first feed pages to drop on every process. */
  | { kind: 'feeds'; change: FeedsChange }
  /** Each user's unread moments notices as they stand after the change. */
  | { kind: 'momentsCount'; wtIds: string[] }
  /** A revoked message, to everyone in its conversation. */
  | { kind: 'revoked'; by: string; revoked: Revoked }
  /** A courtesy message from the helper account; a refusal to deliver it is logged, not thrown. */
  | { kind: 'helperNotice'; to: string; key: string; text: string }
  /** Every socket of these sessions is told it is logged out (-1, or -2 with FatalError) and closed. */
  | { kind: 'kick'; wtId: string; sessions: string[]; msg: string; fatal: boolean }
  /** The user's live calls end in their name (their last session ended). */
  | { kind: 'endCalls'; wtId: string }

/**
 * What a use case hands the publisher: the group effects the group rules record as they write
 * (domain/groups/effects.ts), and the other effects, in the order they happened.
 */
export interface Effects extends GroupEffects {
  events: Effect[]
}

export function newEffects(): Effects {
  return { ...newGroupEffects(), events: [] }
}

/** A use case's answer: what the caller replies with, and what to publish once it is committed. */
export interface Outcome<T> {
  value: T
  effects: Effects
}

export const outcome = <T>(value: T, effects: Effects = newEffects()): Outcome<T> => ({ value, effects })

/** A use case's effects, recorded in the order they happened. */
export function record(fx: Effects, ...events: Effect[]): Effects {
  fx.events.push(...events)
  return fx
}

/** Runs `fn` in one transaction of `db`, recording its effects; nothing is published here. */
export async function change<T>(db: Db, fn: (q: Queryable, fx: Effects) => Promise<T>): Promise<Outcome<T>> {
  const fx = newEffects()
  const value = await db.tx((q) => fn(q, fx))
  return { value, effects: fx }
}

export type { Actor } from '../domain/actor.js'
