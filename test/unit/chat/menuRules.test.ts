import { MsgType } from '@shared/chat'
import { basicMenuEntries, createMessageMenuRegistry } from '@/components/chat/menu/actions'
import { menuActions, roleOf, type GroupRole, type MenuFeatures, type MenuInput, type MessageAction } from '@/domain/chat/menuRules'

const NOW = 1_800_000_000
const ME = '10001'
const PEER = '10002'

type M = MenuInput['message']
function msg(over: Partial<M> = {}): M {
  return {
    type: MsgType.Text,
    payload: { text: '你好' },
    from: ME,
    time: NOW - 10,
    status: 'success',
    isRevoked: false,
    hasRiskContent: false,
    conversationType: 'C2C',
    progress: 1,
    ...over,
  }
}

const callPayload = {
  data: JSON.stringify({ businessID: 1, version: 4, inviteID: 'call-1', inviter: ME, actionType: 1, inviteeList: [PEER], timeout: 30, data: JSON.stringify({ call_type: 1, room_id: 1 }) }),
  description: '',
  extension: '',
}
const collectPayload = { data: JSON.stringify({ type: 'collect', detail: JSON.stringify({ id: 3, collectTitle: '笔记', noteContent: '内容' }) }), description: '', extension: '' }

const keys = (m: M, role: GroupRole = null, extra: Partial<MenuInput> = {}): MessageAction[] =>
  menuActions({ message: m, selfID: ME, role, now: NOW, ...extra }).map((e) => e.key)

const FULL_OWN_TEXT: MessageAction[] = ['reaction', 'copy', 'quote', 'forward', 'multiSelect', 'favorite', 'pin', 'translate', 'revoke']

describe('menuActions: the spec 4 menu table', () => {
  const cases: Array<[string, M, GroupRole, MessageAction[]]> = [
    ['own fresh C2C text', msg(), null, FULL_OWN_TEXT],
    ['own C2C text at 299 s still revokes', msg({ time: NOW - 299 }), null, FULL_OWN_TEXT],
    ['own C2C text at 300 s: delete instead of revoke', msg({ time: NOW - 300 }), null, ['reaction', 'copy', 'quote', 'forward', 'multiSelect', 'favorite', 'pin', 'translate', 'delete']],
    ['incoming fresh C2C text: delete, never revoke', msg({ from: PEER }), null, ['reaction', 'copy', 'quote', 'forward', 'multiSelect', 'favorite', 'pin', 'translate', 'delete']],
    ['own group text as member', msg({ conversationType: 'GROUP' }), 'Member', ['reaction', 'copy', 'quote', 'forward', 'multiSelect', 'favorite', 'translate', 'revoke']],
    ['other\'s group text as member: no revoke', msg({ conversationType: 'GROUP', from: PEER }), 'Member', ['reaction', 'copy', 'quote', 'forward', 'multiSelect', 'favorite', 'translate', 'delete']],
    ['other\'s old group text as admin: revoke and delete', msg({ conversationType: 'GROUP', from: PEER, time: NOW - 3600 }), 'Admin', ['reaction', 'copy', 'quote', 'forward', 'multiSelect', 'favorite', 'translate', 'revoke', 'delete']],
    ['own old group text as owner: still revokes', msg({ conversationType: 'GROUP', time: NOW - 3600 }), 'Owner', ['reaction', 'copy', 'quote', 'forward', 'multiSelect', 'favorite', 'translate', 'revoke', 'delete']],
    ['own old group text as member: no revoke', msg({ conversationType: 'GROUP', time: NOW - 3600 }), 'Member', ['reaction', 'copy', 'quote', 'forward', 'multiSelect', 'favorite', 'translate', 'delete']],
    ['image: open, no copy, no translate', msg({ type: MsgType.Image, payload: { url: 'u' }, from: PEER }), null, ['reaction', 'open', 'quote', 'forward', 'multiSelect', 'favorite', 'pin', 'delete']],
    ['video: open', msg({ type: MsgType.Video, payload: {}, from: PEER }), null, ['reaction', 'open', 'quote', 'forward', 'multiSelect', 'favorite', 'pin', 'delete']],
    ['file: open', msg({ type: MsgType.File, payload: {}, from: PEER }), null, ['reaction', 'open', 'quote', 'forward', 'multiSelect', 'favorite', 'pin', 'delete']],
    ['audio: voice to text, never pin, no favorite', msg({ type: MsgType.Audio, payload: {}, from: PEER }), null, ['reaction', 'quote', 'forward', 'multiSelect', 'voiceToText', 'delete']],
    ['location: favorite', msg({ type: MsgType.Location, payload: {}, from: PEER }), null, ['reaction', 'quote', 'forward', 'multiSelect', 'favorite', 'pin', 'delete']],
    ['face: no favorite', msg({ type: MsgType.Face, payload: {}, from: PEER }), null, ['reaction', 'quote', 'forward', 'multiSelect', 'pin', 'delete']],
    ['merged record: no favorite', msg({ type: MsgType.Merger, payload: {}, from: PEER }), null, ['reaction', 'quote', 'forward', 'multiSelect', 'pin', 'delete']],
    ['collect note custom: favorite', msg({ type: MsgType.Custom, payload: collectPayload, from: PEER }), null, ['reaction', 'quote', 'forward', 'multiSelect', 'favorite', 'pin', 'delete']],
    ['call message: no forward, multi-select, quote, reaction', msg({ type: MsgType.Custom, payload: callPayload, from: PEER }), null, ['delete']],
    ['sending (unSend): nothing', msg({ status: 'unSend' }), null, []],
    ['failed: nothing', msg({ status: 'fail' }), null, []],
    ['risk content: revoke only when own and fresh', msg({ hasRiskContent: true }), null, ['revoke']],
    ['revoked: no menu', msg({ isRevoked: true }), 'Owner', []],
    ['group tip: no menu', msg({ type: MsgType.GroupTip, conversationType: 'GROUP', from: PEER }), 'Owner', []],
  ]
  it.each(cases)('%s', (_name, m, role, expected) => {
    expect(keys(m, role)).toEqual(expected)
  })

  it('gives no menu for a deleted account', () => {
    expect(keys(msg({ from: PEER }), null, { senderDeleted: true })).toEqual([])
  })

  const flagCases: Array<[keyof MenuFeatures, M, MessageAction]> = [
    ['copy', msg(), 'copy'],
    ['revoke', msg(), 'revoke'],
    ['delete', msg({ from: PEER }), 'delete'],
    ['quote', msg(), 'quote'],
    ['forward', msg(), 'forward'],
    ['multiSelect', msg(), 'multiSelect'],
    ['translate', msg(), 'translate'],
    ['voiceToText', msg({ type: MsgType.Audio, payload: {} }), 'voiceToText'],
    ['downloadFile', msg({ type: MsgType.File, payload: {} }), 'open'],
    ['emojiReaction', msg(), 'reaction'],
  ]
  it.each(flagCases)('feature flag %s off hides its action, on or absent shows it', (flag, m, action) => {
    expect(keys(m)).toContain(action)
    expect(keys(m, null, { features: { [flag]: true } })).toContain(action)
    expect(keys(m, null, { features: { [flag]: false } })).not.toContain(action)
  })

  it('labels translate and voice to text "hide" once shown', () => {
    const t = menuActions({ message: msg(), selfID: ME, role: null, now: NOW, translationShown: true })
    expect(t.find((e) => e.key === 'translate')?.label).toBe('隐藏')
    const a = menuActions({ message: msg({ type: MsgType.Audio, payload: {} }), selfID: ME, role: null, now: NOW, voiceTextShown: true })
    expect(a.find((e) => e.key === 'voiceToText')?.label).toBe('隐藏')
    expect(menuActions({ message: msg(), selfID: ME, role: null, now: NOW }).find((e) => e.key === 'translate')?.label).toBe('翻译')
  })

  it('maps group identities to roles', () => {
    expect([roleOf(1), roleOf(2), roleOf(3), roleOf(0), roleOf(undefined)]).toEqual(['Member', 'Admin', 'Owner', null, null])
  })
})

describe('the action registry', () => {
  it('merges what feature modules provide, flags key by key', () => {
    const basic = createMessageMenuRegistry([basicMenuEntries])
    expect(basic.has('copy')).toBe(true)
    expect(basic.has('translate')).toBe(false)
    const registry = createMessageMenuRegistry([
      basicMenuEntries,
      { actions: { translate: () => undefined } },
      { actions: {}, input: () => ({ features: { copy: false } }) },
      { actions: {}, input: () => ({ features: { translate: false }, translationShown: true }) },
    ])
    expect(registry.has('translate')).toBe(true)
    const extras = registry.inputExtras({} as never, {} as never)
    expect(extras).toEqual({ features: { copy: false, translate: false }, translationShown: true })
  })
})
