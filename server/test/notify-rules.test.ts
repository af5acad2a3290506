import { describe, expect, it } from 'vitest'
import { callSignalOfData } from '../../types/call.js'
import type { Message } from '../../types/chat.js'
import { AT_ALL_TAG } from '../../types/plain/messageOps.js'
import { callWording, mentions, messageWording, noticeOf, previewOf, shouldNotifyMessage, type RecipientFacts } from '../src/domain/notifyRules.js'

const quiet: RecipientFacts = { online: false, allowNotifications: true, muted: false, folded: false, blacklisted: false, mentioned: false }

const text = (t: string): Pick<Message, 'type' | 'payload' | 'isRevoked' | 'conversationType' | 'nick' | 'nameCard'> => ({
  type: 'TIMTextElem',
  payload: { text: t },
  isRevoked: false,
  conversationType: 'C2C',
  nick: '张三',
  nameCard: '',
})

const callData = (actionType: number, cmd = 'videoCall') =>
  JSON.stringify({ businessID: 1, inviteID: 'call-12345678', actionType, inviter: '1', inviteeList: ['2'], data: { version: 4, call_type: 2, data: { cmd } } })

describe('who a closed app hears from', () => {
  it('tells an offline user of an ordinary message, and nobody with a socket open', () => {
    expect(shouldNotifyMessage(quiet)).toBe(true)
    expect(shouldNotifyMessage({ ...quiet, online: true })).toBe(false)
    expect(shouldNotifyMessage({ ...quiet, allowNotifications: false })).toBe(false)
  })

  it('keeps muted, folded and blacklisted conversations silent; a mention rings through a mute only', () => {
    expect(shouldNotifyMessage({ ...quiet, muted: true })).toBe(false)
    expect(shouldNotifyMessage({ ...quiet, muted: true, mentioned: true })).toBe(true)
    expect(shouldNotifyMessage({ ...quiet, folded: true, muted: true, mentioned: true })).toBe(false)
    expect(shouldNotifyMessage({ ...quiet, blacklisted: true, mentioned: true })).toBe(false)
    expect(shouldNotifyMessage({ ...quiet, online: true, mentioned: true })).toBe(false)
  })

  it('reads mentions by name and @所有人', () => {
    expect(mentions({ atUserList: ['7'] }, '7')).toBe(true)
    expect(mentions({ atUserList: [AT_ALL_TAG] }, '7')).toBe(true)
    expect(mentions({ atUserList: ['8'] }, '7')).toBe(false)
  })

  it('sorts messages into news, call rings, call ends and nothing', () => {
    expect(noticeOf(text('hi')).kind).toBe('message')
    expect(noticeOf({ ...text('hi'), isRevoked: true }).kind).toBe('none')
    expect(noticeOf({ type: 'TIMGroupTipElem', payload: {}, isRevoked: false }).kind).toBe('none')
    const custom = (data: string) => ({ type: 'TIMCustomElem' as const, payload: { data }, isRevoked: false })
    expect(noticeOf(custom(callData(1))).kind).toBe('callInvite')
    expect(noticeOf(custom(callData(1, 'hangup'))).kind).toBe('callEnd')
    expect(noticeOf(custom(callData(1, 'switchToAudio'))).kind).toBe('none')
    for (const action of [2, 3, 4, 5]) expect(noticeOf(custom(callData(action))).kind).toBe('callEnd')
  })
})

describe('what a notification says', () => {
  it('says only 你有新消息 / 你有 N 条新消息 without previews', () => {
    expect(messageWording(text('秘密'), 1, false)).toEqual({ title: '微谈', body: '你有新消息' })
    expect(messageWording(text('秘密'), 5, false)).toEqual({ title: '微谈', body: '你有 5 条新消息' })
  })

  it('names the sender (and the group) with a short preview when previews are on', () => {
    expect(messageWording(text('晚上见'), 1, true)).toEqual({ title: '张三', body: '晚上见' })
    expect(messageWording({ ...text('开会'), conversationType: 'GROUP', nameCard: '小张' }, 1, true, '项目群')).toEqual({ title: '项目群', body: '小张: 开会' })
    expect(previewOf(text('字'.repeat(100)))).toBe(`${'字'.repeat(60)}…`)
    expect(previewOf({ type: 'TIMImageElem', payload: {} })).toBe('[图片]')
  })

  it('announces a call by kind, naming the caller only with previews', () => {
    const signal = callSignalOfData(callData(1))!
    expect(callWording(signal, '张三', false).body).toBe('有人邀请你视频通话')
    expect(callWording(signal, '张三', true).body).toBe('张三 邀请你视频通话')
  })
})
