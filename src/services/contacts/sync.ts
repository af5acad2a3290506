import type { FriendApplyFrame, FriendChangeFrame } from '@shared/frames'
import { ContactText, FriendChangeKind } from '@shared/friends'
import type { ChatEngine } from '@/engines/chat/ChatEngine'
import { notifications } from '@/platform/notifications'
import { appLocation } from '@/platform/location'
import { matchPath, relaunch } from '@/router/navigation'
import { useAppStore } from '@/stores'
import { NOTIFICATION_TITLE } from '../chat/notify'
import * as contactsApi from './api'

const state = () => useAppStore.getState()

/** Loads run one at a time per list; a request during a load makes one more load after it. */
function serialised(load: () => Promise<void>): () => Promise<void> {
  let running: Promise<void> | null = null
  let again = false
  const run = (): Promise<void> => {
    if (running) {
      again = true
      return running
    }
    running = (async () => {
      do {
        again = false
        await load()
      } while (again)
    })().finally(() => {
      running = null
    })
    return running
  }
  return run
}

/** Spec 8: fetch failures in stores are logged to the console only. */
function logged(what: string, load: () => Promise<void>): () => Promise<void> {
  return serialised(() =>
    load().catch((err: unknown) => {
      console.warn(`loading ${what} failed`, err)
    }),
  )
}

export const reloadFriends = logged('the friend list', async () => state().setFriends(await contactsApi.friendList()))

export const reloadTags = logged('tags', async () => state().setTags(await contactsApi.tagList()))

export const reloadBlacklist = logged('the blacklist', async () => state().setBlacklist(await contactsApi.blacklist()))

/** The applications list; opening it marks them read on the server, so the badge share goes to 0. */
export const reloadApplications = logged('friend applications', async () => {
  state().setApplications(await contactsApi.applicationList())
  state().setFriendApplyUnread(0)
})

export const reloadApplyUnread = logged('the application count', async () => {
  state().setFriendApplyUnread((await contactsApi.applicationUnread()).count)
})

/** A click on the desktop notification opens the contacts page on the new friends. */
function openNewFriends(): void {
  if (matchPath(appLocation.current().path)?.route.name !== 'contacts') void relaunch('contacts', { view: 'applications' })
}

function onApply(frame: FriendApplyFrame): void {
  state().setFriendApplyUnread(frame.unreadCount)
  if (!frame.application) return
  state().receiveApplication(frame.application)
  if (state().userConfig?.allowNotifications === false) return
  // The port logs and skips where the browser has no notifications (spec 8).
  notifications.show(NOTIFICATION_TITLE, ContactText.NewApplication, { tag: 'friend-apply', onClick: openNewFriends })
}

function onChange(frame: FriendChangeFrame): void {
  void reloadFriends()
  if (frame.change === FriendChangeKind.Updated) void reloadBlacklist()
  if (frame.change === FriendChangeKind.Deleted) void reloadTags()
}

/** Every (re)connect: the friend list (the conversation menu needs it), the badge share, tags and the blacklist. */
function onReady(): void {
  void reloadFriends()
  void reloadApplyUnread()
  void reloadTags()
  void reloadBlacklist()
}

let bound: ChatEngine | null = null
let unbind: Array<() => void> = []

/** Connects the contacts frames of the engine to the store (called with the chat binding). */
export function bindContacts(engine: ChatEngine): void {
  if (bound === engine) return
  unbindContacts()
  bound = engine
  unbind = [
    engine.on('ready', onReady),
    engine.on('contacts', (frame) => (frame.type === 'friendApply' ? onApply(frame) : onChange(frame))),
  ]
}

export function unbindContacts(): void {
  for (const off of unbind) off()
  unbind = []
  bound = null
}
