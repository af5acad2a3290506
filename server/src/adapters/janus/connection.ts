import { createHmac } from 'node:crypto'
import Janode from 'janode'
import VideoRoomPlugin from 'janode/plugins/videoroom'
import { CALL_LIMITS } from '../../../../types/call.js'
import type { Handle, SfuConfig, Session } from './types.js'

const PIN_BYTES = 16
/** Handles attached ahead, so a publication or a subscription does not wait for an attach. */
const SPARE_HANDLES = 2

/**
 * One process's link to Janus: the session (opened on the first request, and again after a lost
 * connection), VideoRoom handles (a few attached ahead), and the room admin: the one handle per
 * process that creates and destroys the rooms of calls.
 */
export class JanusConnection {
  private session: Promise<Session> | null = null
  private admin: Promise<Handle> | null = null
  private spare: Array<Promise<Handle>> = []
  /** Rooms this process created or found (a create per publication is a round trip to Janus). */
  private readonly rooms = new Set<number>()

  constructor(private readonly cfg: SfuConfig) {}

  /** The room, pin and secret of a call: HMACs of its inviteID, the same in every process. */
  roomOf(inviteID: string): { room: number; pin: string; secret: string } {
    const mac = (label: string) => createHmac('sha256', this.cfg.roomSecret).update(`${label}:${inviteID}`).digest()
    // 48 bits: a safe integer for Janus's numeric room IDs.
    return { room: mac('room').readUIntBE(0, 6), pin: mac('pin').subarray(0, PIN_BYTES).toString('hex'), secret: mac('secret').subarray(0, PIN_BYTES).toString('hex') }
  }

  private connect(): Promise<Session> {
    if (!this.session) {
      const opening = (async () => {
        const connection = await Janode.connect({ address: { url: this.cfg.url, ...(this.cfg.apiSecret ? { apisecret: this.cfg.apiSecret } : {}) }, retry_time_secs: 1, max_retries: 3 })
        const session = (await connection.create()) as unknown as Session
        // A lost connection or session is opened again on the next request.
        const reset = () => {
          this.session = null
          this.admin = null
          this.spare = []
          this.rooms.clear()
        }
        connection.once(Janode.EVENT.CONNECTION_CLOSED, reset)
        connection.once(Janode.EVENT.CONNECTION_ERROR, reset)
        session.once(Janode.EVENT.SESSION_DESTROYED, reset)
        return session
      })()
      opening.catch(() => {
        this.session = null
      })
      this.session = opening
    }
    return this.session
  }

  private async attachNew(): Promise<Handle> {
    const session = await this.connect()
    return (await session.attach(VideoRoomPlugin)) as Handle
  }

  /** Attaches spare handles up to SPARE_HANDLES (and `extra` more). */
  topUp(extra = 0): void {
    while (this.spare.length < SPARE_HANDLES + extra) {
      const attaching = this.attachNew()
      attaching.catch(() => undefined)
      this.spare.push(attaching)
    }
  }

  /** A handle from the spares (refilled behind it), else a new one. */
  async attach(): Promise<Handle> {
    this.topUp(1)
    const next = this.spare.shift()!
    try {
      return await next
    } catch {
      return this.attachNew()
    }
  }

  /** One handle per process creates and destroys rooms. */
  private adminHandle(): Promise<Handle> {
    if (!this.admin) {
      const attaching = this.attach()
      attaching.catch(() => {
        this.admin = null
      })
      this.admin = attaching
    }
    return this.admin
  }

  async ensureRoom(inviteID: string): Promise<void> {
    const { room, pin, secret } = this.roomOf(inviteID)
    if (this.rooms.has(room)) return
    const admin = await this.adminHandle()
    try {
      await admin.create({ room, pin, secret, ...(this.cfg.apiSecret ? { admin_key: this.cfg.apiSecret } : {}), max_publishers: CALL_LIMITS.groupCallMax, audiocodec: 'opus', videocodec: 'vp8', bitrate: 1_200_000, notify_joining: false, is_private: true })
    } catch (err) {
      // 427: another process (or an earlier publish) created it first.
      if ((err as { _code?: number })._code !== 427) throw err
    }
    this.rooms.add(room)
  }

  /** Destroys the call's room whoever is in it; a room already gone (426: the last one out destroyed it) is no error. */
  async destroyRoom(inviteID: string, onError: (err: unknown) => void): Promise<void> {
    const { room, secret } = this.roomOf(inviteID)
    this.rooms.delete(room)
    const admin = await this.adminHandle()
    await admin.destroy({ room, secret }).catch((err: unknown) => {
      if ((err as { _code?: number })._code !== 426) onError(err)
    })
  }

  async destroyIfEmpty(inviteID: string): Promise<void> {
    const { room, secret } = this.roomOf(inviteID)
    const admin = await this.adminHandle()
    const { participants } = await admin.listParticipants({ room })
    if (participants.length > 0) return
    await admin.destroy({ room, secret })
    this.rooms.delete(room)
  }

  /** Destroys the session; the next request opens a new one. */
  async close(): Promise<void> {
    const session = this.session
    this.session = null
    this.admin = null
    if (session) await (await session.catch(() => null))?.destroy().catch(() => undefined)
  }
}
