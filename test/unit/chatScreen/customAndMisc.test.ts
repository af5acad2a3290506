import { parseCustomContent } from '@/domain/chat/customMessage'
import { validatePlace } from '@/components/chat/placeInput'
import { downloadProblem, INITIAL_TRANSFORM, rotate, zoomByPinch, zoomByWheel, zoomIn, zoomOut } from '@/components/chat/previewZoom'
import { formatCoordinates, staticMapUrl } from '@/components/chat/staticMap'
import { conversationTitle } from '@/components/chat/conversationName'
import type { Conversation } from '@shared/chat'

const custom = (data: unknown, description = '') => parseCustomContent({ data: typeof data === 'string' ? data : JSON.stringify(data), description })

describe('custom messages', () => {
  test('cards by type and businessID', () => {
    expect(custom({ type: 'nameCard', userId: '10000002', nickName: '李四', avatar: '' })).toEqual({ kind: 'nameCard', userId: '10000002', nickName: '李四', avatar: '' })
    expect(custom({ businessID: 'order', title: '订单', description: 'd', price: '¥9', imageUrl: 'u', link: 'https://x' })).toMatchObject({ kind: 'order', price: '¥9' })
    expect(custom({ businessID: 'evaluate', score: 9, comment: '好' })).toEqual({ kind: 'evaluate', score: 5, comment: '好' })
    expect(custom({ businessID: 'link', text: '看看', link: 'https://x' })).toEqual({ kind: 'link', text: '看看', link: 'https://x' })
    expect(custom({ type: 'collect', detail: JSON.stringify({ collectTitle: '笔记', noteContent: '内容' }) })).toMatchObject({ kind: 'collect', title: '笔记', note: '内容' })
  })

  test('group custom notices and friend events are tips', () => {
    expect(custom({ type: 'GroupCustomMsg', content: '欢迎新成员' })).toEqual({ kind: 'tip', text: '欢迎新成员' })
    expect(custom({ type: 'GroupCustomMsg', operatorUser: { nickName: '张三' }, operated: [{ nickName: '李四' }, { nickName: '王五' }] })).toEqual({
      kind: 'tip',
      text: '张三邀请李四、王五加入了群聊',
    })
    expect(custom({ type: 'GroupCustomMsg_Type_createGroup', operatorUser: { nickName: '张三' } })).toEqual({ kind: 'tip', text: '张三创建了群聊' })
    expect(custom({ type: 'CustomMsg_Type_addFriend' }).kind).toBe('tip')
  })

  test('anything unreadable falls back to the description', () => {
    expect(custom('not json', '一张卡片')).toEqual({ kind: 'unknown', text: '一张卡片' })
    expect(custom({ type: 'somethingNew' })).toEqual({ kind: 'unknown', text: '[自定义消息]' })
  })
})

describe('image preview zoom', () => {
  test('wheel zooms by 10 % within 0.125-4', () => {
    let t = INITIAL_TRANSFORM
    t = zoomByWheel(t, -100)
    expect(t.scale).toBe(1.1)
    for (let i = 0; i < 40; i++) t = zoomByWheel(t, -100)
    expect(t.scale).toBe(4)
    for (let i = 0; i < 80; i++) t = zoomByWheel(t, 100)
    expect(t.scale).toBe(0.125)
    expect(zoomByWheel(t, 0)).toBe(t)
  })

  test('pinch scales from the starting scale within 0.5-4', () => {
    expect(zoomByPinch(INITIAL_TRANSFORM, 1, 2).scale).toBe(2)
    expect(zoomByPinch(INITIAL_TRANSFORM, 1, 0.1).scale).toBe(0.5)
    expect(zoomByPinch(INITIAL_TRANSFORM, 2, 3).scale).toBe(4)
  })

  test('buttons step by 0.1 down to 0.1 and up to 4; rotation turns 90°', () => {
    let t = INITIAL_TRANSFORM
    t = zoomIn(zoomIn(t))
    expect(t.scale).toBe(1.2)
    for (let i = 0; i < 30; i++) t = zoomOut(t)
    expect(t.scale).toBe(0.1)
    expect(rotate(rotate(t)).rotate).toBe(180)
  })

  test('download checks: a URL is needed, and only jpg/gif/png/bmp', () => {
    expect(downloadProblem('', 'png')).toBe('image url does not exist')
    expect(downloadProblem('/api/oss/file/1', 'webp')).toBe('this image type cannot be downloaded')
    expect(downloadProblem('/api/oss/file/1', 'JPEG')).toBeNull()
    expect(downloadProblem('/x/a.gif?t=1', '')).toBeNull()
  })
})

test('static map URL from a template; none without one', () => {
  expect(staticMapUrl(31.2304, 121.4737, '')).toBeNull()
  expect(staticMapUrl(31.2304, 121.4737)).toBeNull()
  expect(staticMapUrl(31.2304, 121.4737, 'https://m/s?c={lat},{lng}&z={zoom}&s={width}*{height}')).toBe('https://m/s?c=31.230400,121.473700&z=15&s=380*150')
  expect(formatCoordinates(-33.8688, -151.2093)).toBe('33.868800°S, 151.209300°W')
})

test('location form: title required, coordinates optional but complete and in range', () => {
  expect(validatePlace(' ', '', '', '')).toEqual({ error: '请输入地点名称' })
  expect(validatePlace('家', '', '31', '')).toEqual({ error: '请同时填写纬度和经度' })
  expect(validatePlace('家', '', '91', '0')).toEqual({ error: '纬度应在 -90 到 90 之间' })
  expect(validatePlace('家', '', '0', 'abc')).toEqual({ error: '经度应在 -180 到 180 之间' })
  expect(validatePlace(' 家 ', ' 小区 ', '', '')).toEqual({ place: { title: '家', detail: '小区', latitude: 0, longitude: 0 } })
  expect(validatePlace('家', '', '31.5', '-121.25')).toEqual({ place: { title: '家', detail: '', latitude: 31.5, longitude: -121.25 } })
})

test('conversation title: remark, group name, nickname, else the bare ID', () => {
  const c = (patch: Partial<Conversation>) => ({ customData: '', userProfile: null, groupProfile: null, ...patch }) as Conversation
  expect(conversationTitle('C2C2', c({ customData: '{"remark":"老李"}', userProfile: { userID: '2', nick: '李四', avatar: '' } }))).toBe('老李')
  expect(conversationTitle('C2C2', c({ userProfile: { userID: '2', nick: '李四', avatar: '' } }))).toBe('李四')
  expect(conversationTitle('GROUPG1', c({ groupProfile: { groupID: 'G1', groupNumber: '1', name: '爬山', avatar: '', memberCount: 3, isMember: true } }))).toBe('爬山')
  expect(conversationTitle('C2C10000002', undefined)).toBe('10000002')
})
