import { API_RULES, validateArgs } from '@/services/call/validation'

describe('public API argument checks', () => {
  it.each([
    ['init', {}, 'API<init>: SDKAppID is required.'],
    ['init', { SDKAppID: '1', userID: 'a', userSig: 's' }, 'API<init>: SDKAppID must be Number, current SDKAppID is String.'],
    ['init', { SDKAppID: 1, userID: ' ', userSig: 's' }, 'API<init>: userID is blank.'],
    ['init', { SDKAppID: 1, userID: 'a', userSig: 's', tim: 'x' }, 'API<init>: tim must be Object, current tim is String.'],
    ['call', { type: 1 }, 'API<call>: userID is required.'],
    ['call', { userID: 'a', type: 3 }, 'API<call>: type can only be 1 | 2, current type is 3.'],
    ['call', { userID: 'a', type: 1, roomID: 2147483648 }, 'API<call>: roomID can only be 0-2147483647, current roomID is 2147483648.'],
    ['call', { userID: 'a', type: 1, timeout: '30' }, 'API<call>: timeout must be Number, current timeout is String.'],
    ['call', { userID: 'a', type: 1, userData: 5 }, 'API<call>: userData must be String, current userData is Number.'],
    ['groupCall', { userIDList: [], type: 1, groupID: 'G1' }, 'API<groupCall>: userIDList is blank.'],
    ['groupCall', { userIDList: ['a'], type: 1 }, 'API<groupCall>: groupID is required.'],
    ['groupCall', { userIDList: ['a'], type: 1, groupID: 'G1', offlinePushInfo: [] }, 'API<groupCall>: offlinePushInfo must be Object, current offlinePushInfo is Array.'],
    ['groupCall', { userIDList: ['a'], type: 1, groupID: 'G1', offlinePushInfo: { title: 7 } }, 'API<groupCall>: offlinePushInfo.title must be String, current offlinePushInfo.title is Number.'],
    ['groupCall', { userIDList: ['a'], type: 1, groupID: 'G1', offlinePushInfo: { title: 'x'.repeat(65) } }, 'API<groupCall>: offlinePushInfo.title can only be 0-64 characters long, current offlinePushInfo.title is 65 characters long.'],
    ['groupCall', { userIDList: ['a'], type: 1, groupID: 'G1', offlinePushInfo: { description: 'x'.repeat(257) } }, 'API<groupCall>: offlinePushInfo.description can only be 0-256 characters long, current offlinePushInfo.description is 257 characters long.'],
    ['joinInGroupCall', { type: 1, groupID: 'G1' }, 'API<joinInGroupCall>: roomID is required.'],
    ['inviteUser', {}, 'API<inviteUser>: userIDList is required.'],
    ['inviteUser', { userIDList: 'a' }, 'API<inviteUser>: userIDList must be Array, current userIDList is String.'],
    ['setSelfInfo', { nickName: 1 }, 'API<setSelfInfo>: nickName must be String, current nickName is Number.'],
    ['enableFloatWindow', { enable: 'yes' }, 'API<enableFloatWindow>: enable must be Boolean, current enable is String.'],
    ['enableAIVoice', {}, 'API<enableAIVoice>: enable is required.'],
    ['enableMuteMode', { enable: 1 }, 'API<enableMuteMode>: enable must be Boolean, current enable is Number.'],
    ['setCallingBell', { filePath: 3 }, 'API<setCallingBell>: filePath must be String, current filePath is Number.'],
    ['setLanguage', {}, 'API<setLanguage>: language is required.'],
    ['setDisplayMode', { displayMode: 'stretch' }, 'API<setDisplayMode>: displayMode can only be contain | cover | fill, current displayMode is stretch.'],
    ['setVideoResolution', { resolution: '4k' }, 'API<setVideoResolution>: resolution can only be 480p | 720p | 1080p, current resolution is 4k.'],
  ] as const)('%s %j → %s', (method, args, message) => {
    expect(validateArgs(method, args as Record<string, unknown>)).toBe(message)
  })

  it('accepts valid arguments for every method', () => {
    const valid: Record<keyof typeof API_RULES, Record<string, unknown>> = {
      init: { SDKAppID: 1, userID: 'a', userSig: 's', tim: {} },
      call: { userID: 'a', type: 2, roomID: 2147483647, strRoomID: 'r', userData: '', timeout: 30 },
      groupCall: { userIDList: ['a'], type: 1, groupID: 'G1', offlinePushInfo: { title: 'x'.repeat(64), description: 'y'.repeat(256) } },
      joinInGroupCall: { type: 2, groupID: 'G1', roomID: 0 },
      inviteUser: { userIDList: [] },
      setSelfInfo: {},
      enableFloatWindow: { enable: false },
      enableAIVoice: { enable: true },
      enableMuteMode: { enable: true },
      setCallingBell: {},
      setLanguage: { language: 'ja_JP' },
      setDisplayMode: { displayMode: 'cover' },
      setVideoResolution: { resolution: '1080p' },
    }
    for (const [method, args] of Object.entries(valid)) expect(validateArgs(method as keyof typeof API_RULES, args)).toBeNull()
  })
})
