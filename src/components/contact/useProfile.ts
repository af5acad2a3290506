import { useCallback, useEffect, useState } from 'react'
import type { FriendInfo } from '@shared/friends'
import { useApp, useAppStore } from '@/root/AppContext'

export interface ProfileState {
  info: FriendInfo | null
  loading: boolean
  failed: boolean
  reload(): void
  /** Applies a change the server has confirmed without asking again. */
  patch(change: Partial<FriendInfo>): void
}

/** The friend info and profile of one user as the viewer sees them (POST /api/user/friendInfo). */
export function useProfile(wtId: string): ProfileState {
  const { friendInfo } = useApp().contacts.api
  const [info, setInfo] = useState<FriendInfo | null>(null)
  const [loading, setLoading] = useState(true)
  const [failed, setFailed] = useState(false)
  const [version, setVersion] = useState(0)
  // A change of the friend list (accepted, deleted, remark or tags changed anywhere) refreshes the card.
  const friends = useAppStore((s) => s.friends)

  useEffect(() => {
    let current = true
    setFailed(false)
    // The card explains a failure itself, so no error toast on top of it.
    friendInfo(wtId, { silent: true })
      .then((result) => {
        if (current) setInfo(result.data)
      })
      .catch(() => {
        if (current) setFailed(true)
      })
      .finally(() => {
        if (current) setLoading(false)
      })
    return () => {
      current = false
    }
  }, [wtId, version, friends])

  const reload = useCallback(() => setVersion((v) => v + 1), [])
  const patch = useCallback((change: Partial<FriendInfo>) => setInfo((old) => (old ? { ...old, ...change } : old)), [])
  return { info, loading, failed, reload, patch }
}
