import type { ChatEngine, ChatEngineEvents, ChatEventHandler, ChatEventName, ChatLoginParams } from '@/engines/chat/ChatEngine'
import { TypedEmitter } from '@/engines/chat/emitter'

/** A ChatEngine whose login outcome the test decides; emit() plays the server. */
export class FakeChatEngine implements ChatEngine {
  readonly events = new TypedEmitter<ChatEngineEvents>()
  readonly calls: string[] = []
  ready = false
  loginImpl: (params: ChatLoginParams) => Promise<void> = async () => undefined
  readonly login = jest.fn(async (params: ChatLoginParams) => {
    this.calls.push('login')
    await this.loginImpl(params)
    this.ready = true
  })
  readonly logout = jest.fn(async () => {
    this.calls.push('logout')
    this.ready = false
  })

  isReady(): boolean {
    return this.ready
  }
  on<K extends ChatEventName>(event: K, handler: ChatEventHandler<K>) {
    return this.events.on(event, handler)
  }
  off<K extends ChatEventName>(event: K, handler: ChatEventHandler<K>) {
    this.events.off(event, handler)
  }
  emit<K extends ChatEventName>(event: K, payload: ChatEngineEvents[K]) {
    this.events.emit(event, payload)
  }
}
