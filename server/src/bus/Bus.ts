import type { SingleServerFrame } from '../../../types/frames.js'

/**
 * Live events between server processes. Delivery is best-effort: anything that must not be
 * lost is in the database first, and clients catch up from there.
 */
export interface Bus {
  publish(topic: string, event: BusEvent): Promise<void>
  /** Local subscription; returns the unsubscribe function. */
  subscribe(topic: string, handler: (event: BusEvent) => void): () => void
  /** Rejects when the bus cannot carry events right now (readiness check). */
  ping(): Promise<void>
  close(): Promise<void>
}

/** What crosses the bus: a frame for sockets (or none, to just close them), optionally limited to one session. */
export interface BusEvent {
  frame?: SingleServerFrame
  /** Deliver only to sockets of this session (token hash). */
  onlySession?: string
  /** Skip sockets of this session (the sender's own device). */
  exceptSession?: string
  /** After delivering, close the matching sockets (revoked sessions). */
  close?: boolean
  /** On the fan-out topic: every user who gets the frame. */
  recipients?: readonly string[]
  /** On the fan-out topic, instead of `recipients`: every current member of this group (large groups). */
  group?: string
  /**
   * With `group`: the group's member version when the sender's rules were read. A process that
   * keeps the group's whole list at this version delivers without asking the database.
   */
  memberVersion?: string
  /** On the fan-out topic: a user to skip (the sender, who got an acknowledgement). */
  exceptUser?: string
  /** On the feeds topic: what a committed change may have altered in cached first feed pages (domain/moments/firstPages.ts). */
  feeds?: FeedsChange
}

/**
 * Whose cached first feed page to drop: the pages of these viewers, the pages showing one of
 * these moments, the pages showing one of these people (as author, liker, commenter or the
 * one replied to), or every page.
 */
export interface FeedsChange {
  viewers?: string[]
  moments?: number[]
  people?: string[]
  all?: boolean
}

export const userTopic = (wtId: string) => `user:${wtId}`
/** One topic every process listens to, for frames addressed to many users at once (groups). */
export const FANOUT_TOPIC = 'fanout'
/** One topic every process listens to, for changes that alter cached first feed pages. */
export const FEEDS_TOPIC = 'feeds'
