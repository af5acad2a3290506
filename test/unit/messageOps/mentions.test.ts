import { AT_ALL_TAG } from '@shared/messageOps'
import {
  filterMentionCandidates,
  insertMention,
  mentionQueryAt,
  mentionsAllowedIn,
  mentionsInText,
  type MentionCandidate,
} from '@/services/messageOps/mentions'

const members: MentionCandidate[] = [
  { userID: '10001', nick: 'Alice', avatar: '' },
  { userID: '10002', nick: 'alfred', avatar: '' },
  { userID: '20003', nick: '小明', avatar: '' },
  { userID: '30004', nick: 'Bob', avatar: '' },
]
const names = (list: MentionCandidate[]) => list.map((c) => c.nick)

describe('the @ list filter', () => {
  it('leaves out the user themself', () => {
    expect(names(filterMentionCandidates(members, '', { selfID: '10001', selfIdentity: 1 }))).toEqual(['alfred', '小明', 'Bob'])
  })

  it('matches a case-insensitive prefix of the nick or the userID', () => {
    const opts = { selfID: '99999', selfIdentity: 1 }
    expect(names(filterMentionCandidates(members, 'AL', opts))).toEqual(['Alice', 'alfred'])
    expect(names(filterMentionCandidates(members, 'ice', opts))).toEqual([])
    expect(names(filterMentionCandidates(members, '2000', opts))).toEqual(['小明'])
    expect(names(filterMentionCandidates(members, '0003', opts))).toEqual([])
    expect(names(filterMentionCandidates(members, '小', opts))).toEqual(['小明'])
  })

  it("offers 'at all' first to admins and the owner only", () => {
    expect(filterMentionCandidates(members, '', { selfID: '99999', selfIdentity: 1 }).some((c) => c.userID === AT_ALL_TAG)).toBe(false)
    for (const selfIdentity of [2, 3]) {
      const list = filterMentionCandidates(members, '', { selfID: '99999', selfIdentity })
      expect(list[0]).toMatchObject({ userID: AT_ALL_TAG, nick: '所有人' })
    }
    // The entry is filtered like the others.
    expect(filterMentionCandidates(members, 'Bo', { selfID: '99999', selfIdentity: 3 }).map((c) => c.userID)).toEqual(['30004'])
  })

  it('is disabled in audio-video chatrooms and community groups', () => {
    expect(mentionsAllowedIn('AVChatRoom')).toBe(false)
    expect(mentionsAllowedIn('Community')).toBe(false)
    expect(mentionsAllowedIn('Work')).toBe(true)
    expect(mentionsAllowedIn('Public')).toBe(true)
  })
})

describe('typing a mention', () => {
  it('finds the @ being typed before the caret', () => {
    expect(mentionQueryAt('hi @al', 6)).toEqual({ start: 3, query: 'al' })
    expect(mentionQueryAt('hi @', 4)).toEqual({ start: 3, query: '' })
    expect(mentionQueryAt('hi @al there', 12)).toBeNull()
    expect(mentionQueryAt('no at sign', 10)).toBeNull()
  })

  it('replaces the query with the nick and a space, and keeps only mentions still in the text', () => {
    expect(insertMention('hi @al!', 3, 6, 'Alice')).toEqual({ text: 'hi @Alice !', caret: 10 })
    const picked = [
      { userID: '10001', nick: 'Alice' },
      { userID: '30004', nick: 'Bob' },
    ]
    expect(mentionsInText('@Alice 你好', picked)).toEqual(['10001'])
    expect(mentionsInText('@所有人 开会', [{ userID: AT_ALL_TAG, nick: '所有人' }])).toEqual([AT_ALL_TAG])
  })
})
