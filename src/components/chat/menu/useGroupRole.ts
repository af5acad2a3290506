import { useEffect, useState } from 'react'
import type { Conversation } from '@shared/chat'
import { roleOf, type GroupRole } from '@/domain/chat/menuRules'
import { useApp } from '@/root/AppContext'

/**
 * The viewer's role in a group conversation (member/oneInfo on the viewer), for the menu's revoke
 * entry; null in one-to-one chats and until known. The server checks the role again on revoke.
 */
export function useGroupRole(conversation: Conversation | undefined, selfID: string, refresh: number): GroupRole {
  const groupApi = useApp().groups.api
  const groupNumber = conversation?.groupProfile?.groupNumber ?? ''
  const isMember = conversation?.groupProfile?.isMember !== false
  const [role, setRole] = useState<GroupRole>(null)
  useEffect(() => {
    if (!groupNumber || !selfID || !isMember) {
      setRole(null)
      return
    }
    let current = true
    groupApi
      .memberOneInfo({ groupNumber, wtId: selfID }, { silent: true })
      .then((m) => {
        if (current) setRole(roleOf(m.identity))
      })
      .catch((err: unknown) => console.warn('loading own group role failed', err))
    return () => {
      current = false
    }
  }, [groupNumber, selfID, isMember, refresh])
  return role
}
