import { useEffect, useMemo, useRef, useState } from 'react'
import type { GroupMember } from '@shared/group'
import { filterMentionCandidates, mentionsAllowedIn, type MentionCandidate } from '@/services/messageOps/mentions'
import { useApp } from '@/root/AppContext'

/** Spec 9: group member page size in the chat. */
const MEMBER_PAGE_SIZE = 30

const toCandidate = (m: GroupMember): MentionCandidate => ({ userID: m.userID || m.wtId, nick: m.groupNickname || m.nickname, avatar: m.avatar })

interface GroupFacts {
  groupType: string
  selfIdentity: number
  members: MentionCandidate[]
  /** Robots that answer when mentioned (docs/bots.md): listed after the members, never as members. */
  robots: MentionCandidate[]
}

/**
 * The @ list of a group chat for the text typed after '@'. The group's type and the user's role
 * are read once per chat (getInfoById, with its first members); a query also asks the server
 * (member/list with the keyword), so members beyond the first page can be found.
 */
export function useMentionCandidates(groupNumber: string | null, selfID: string, query: string | null, enabled: boolean) {
  const app = useApp()
  const groupApi = app.groups.api
  const [facts, setFacts] = useState<GroupFacts | null>(null)
  const [found, setFound] = useState<MentionCandidate[]>([])
  const loading = useRef(false)

  useEffect(() => {
    setFacts(null)
    loading.current = false
  }, [groupNumber])

  useEffect(() => {
    if (!enabled || !groupNumber || query === null || facts || loading.current) return
    loading.current = true
    Promise.all([groupApi.getInfoById(groupNumber, { silent: true }), app.robots.list(groupNumber)]).then(
      ([info, robots]) =>
        setFacts({
          groupType: info.groupType,
          selfIdentity: info.selfInfo.role === 'Member' ? 1 : info.selfInfo.role === 'Admin' ? 2 : 3,
          members: info.groupchatMemberList.map(toCandidate),
          robots: (robots?.robots ?? []).filter((r) => r.answers && !r.paused).map((r) => ({ userID: r.robotId, nick: r.name, avatar: r.avatar })),
        }),
      (err: unknown) => {
        loading.current = false
        console.warn('加载群成员列表失败，请稍后重试！', err)
      },
    )
  }, [enabled, groupNumber, query, facts])

  useEffect(() => {
    if (!enabled || !groupNumber || !query) return setFound([])
    let live = true
    groupApi
      .memberList({ groupNumber, pageNum: 1, pageSize: MEMBER_PAGE_SIZE, keyword: query }, { silent: true })
      .then((r) => live && setFound(r.rows.map(toCandidate)))
      .catch(() => live && setFound([]))
    return () => {
      live = false
    }
  }, [enabled, groupNumber, query])

  return useMemo(() => {
    if (!enabled || query === null || !facts || !mentionsAllowedIn(facts.groupType)) return []
    const seen = new Set<string>()
    const all = [...facts.members, ...found].filter((m) => !seen.has(m.userID) && seen.add(m.userID))
    return filterMentionCandidates([...all, ...facts.robots], query, { selfID, selfIdentity: facts.selfIdentity })
  }, [enabled, query, facts, found, selfID])
}
