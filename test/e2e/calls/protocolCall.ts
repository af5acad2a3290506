import { randomUUID } from 'node:crypto'
import WebSocket from 'ws'
import type { CallSignalInput, RtcPayload } from '../../../types/call'
import type { ChatUser } from '../messaging/support'

/**
 * Group call members without a browser. Each one speaks the widget's call protocol from the test
 * process over its own /ws/{token} socket: call messages as custom messages in the group
 * conversation, and the keep-alive a connected call's engine sends so the server keeps counting
 * the call as live (docs/calls.md "Signaling"). They carry no media and ignore offers, so they
 * fill a call up to its 9-person cap without nine browsers running a video mesh.
 */

/** What the widget's engine sends while connected (ALIVE_MS in src/engines/call/session/mediaLink.ts). */
const ALIVE_MS = 20_000
/** types/call.ts is CommonJS to this ESM suite, so only its types come across; its values are restated. */
const INVITE_MAX = 8
const ANSWER_SECONDS = 30
const Action = { Invite: 1, Accept: 3 } as const

interface Frame {
  type: string
  clientMsgId?: string
  frames?: Frame[]
  code?: number
  msg?: string
}

const flatten = (f: Frame): Frame[] => (f.type === 'batch' ? (f.frames ?? []).flatMap(flatten) : [f])

/** One user's socket: sends call messages and waits for each acknowledgement. */
class CallSocket {
  private readonly ws: WebSocket
  readonly ready: Promise<void>
  private readonly waiting = new Map<string, { resolve: () => void; reject: (e: Error) => void }>()
  /** Error frames the server answered (a refused keep-alive comes back as one). */
  readonly errors: string[] = []

  constructor(baseURL: string, readonly user: ChatUser) {
    this.ws = new WebSocket(`${baseURL.replace(/^http/, 'ws')}/ws/${user.login.token}`)
    this.ready = new Promise((resolve, reject) => {
      this.ws.once('error', reject)
      this.ws.on('message', (data) => {
        for (const frame of flatten(JSON.parse(String(data)) as Frame)) {
          if (frame.type === 'hello') resolve()
          if (frame.type === 'error') this.errors.push(`${frame.code}: ${frame.msg}`)
          const pending = frame.clientMsgId ? this.waiting.get(frame.clientMsgId) : undefined
          if (!pending) continue
          this.waiting.delete(frame.clientMsgId!)
          if (frame.type === 'ack') pending.resolve()
          else if (frame.type === 'nack') pending.reject(new Error(`nack ${frame.code}: ${frame.msg}`))
        }
      })
    })
  }

  async sendSignal(conversationID: string, signal: CallSignalInput): Promise<void> {
    await this.ready
    const clientMsgId = randomUUID()
    const acked = new Promise<void>((resolve, reject) => this.waiting.set(clientMsgId, { resolve, reject }))
    this.ws.send(JSON.stringify({ type: 'send', message: { clientMsgId, conversationID, type: 'TIMCustomElem', payload: { data: JSON.stringify(signal), description: '', extension: '' } } }))
    return acked
  }

  sendRtc(inviteID: string, to: string, payload: RtcPayload): void {
    this.ws.send(JSON.stringify({ type: 'rtc', inviteID, to, payload }))
  }

  close(): void {
    this.ws.close()
  }
}

/** A group call whose members are all protocol sockets; see fillGroupCall. */
export class ProtocolGroupCall {
  private readonly inCall: CallSocket[] = []
  private readonly timer: NodeJS.Timeout

  private constructor(
    private readonly groupID: string,
    readonly inviteID: string,
    private readonly mediaType: 1 | 2,
    private readonly inviter: CallSocket,
  ) {
    this.inCall.push(inviter)
    this.timer = setInterval(() => this.keepAlive(), ALIVE_MS)
  }

  /**
   * The first member invites the others in the group conversation, as groupCall does, and each
   * of them accepts, as the widget does on answering: afterwards all of them are in the call.
   */
  static async start(baseURL: string, groupID: string, members: ChatUser[], mediaType: 1 | 2 = 1): Promise<ProtocolGroupCall> {
    const [first, ...invitees] = members
    if (!first || invitees.length === 0 || invitees.length > INVITE_MAX) throw new Error(`a group call invites 1 to ${INVITE_MAX} members`)
    const sockets = members.map((m) => new CallSocket(baseURL, m))
    await Promise.all(sockets.map((s) => s.ready))
    const call = new ProtocolGroupCall(groupID, `call-${randomUUID()}`, mediaType, sockets[0]!)
    try {
      await sockets[0]!.sendSignal(call.conversationID, call.signal(Action.Invite, invitees.map((u) => u.wtId), { data: { cmd: mediaType === 2 ? 'videoCall' : 'audioCall', inviter: first.wtId } }))
      for (const s of sockets.slice(1)) {
        await s.sendSignal(call.conversationID, call.signal(Action.Accept, [s.user.wtId]))
        call.inCall.push(s)
      }
    } catch (err) {
      call.close()
      for (const s of sockets) s.close()
      throw err
    }
    return call
  }

  get conversationID(): string {
    return `GROUP${this.groupID}`
  }

  /** Who is in the call, in the order they entered. */
  get members(): ChatUser[] {
    return this.inCall.map((s) => s.user)
  }

  /** Error frames any member's socket received; a live call's keep-alives get none. */
  get errors(): string[] {
    return this.inCall.flatMap((s) => s.errors)
  }

  /** A member hangs up and leaves, as the widget's hang-up of a connected group call does. */
  async leave(user: ChatUser): Promise<void> {
    const i = this.inCall.findIndex((s) => s.user.wtId === user.wtId)
    if (i < 0) throw new Error(`${user.wtId} is not in the call`)
    const [socket] = this.inCall.splice(i, 1)
    await socket!.sendSignal(this.conversationID, this.signal(Action.Invite, [user.wtId], { call_end: 1, data: { cmd: 'hangup' } }))
    socket!.close()
  }

  /** Stops the keep-alives and closes the sockets, without a word to the server. */
  close(): void {
    clearInterval(this.timer)
    for (const s of this.inCall.splice(0)) s.close()
  }

  /** Each member tells the server the call is alive, through another member of it, as the engine does. */
  private keepAlive(): void {
    for (const s of this.inCall) {
      const to = this.inCall.find((o) => o !== s)
      if (to) s.sendRtc(this.inviteID, to.user.wtId, { kind: 'alive' })
    }
  }

  private signal(actionType: CallSignalInput['actionType'], inviteeList: string[], data: Partial<CallSignalInput['data']> = {}): CallSignalInput {
    return {
      businessID: 1,
      inviteID: this.inviteID,
      actionType,
      inviter: this.inviter.user.wtId,
      inviteeList,
      groupID: this.groupID,
      timeout: ANSWER_SECONDS,
      data: { version: 4, call_type: this.mediaType, ...data },
    }
  }
}
