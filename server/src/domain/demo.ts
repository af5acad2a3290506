export const DEMO_PASSWORD = 'demo1234'

export const DEMO_ACCOUNTS = [
  { wtId: '10000001', phone: '13800000001', nickName: '张三', vipType: 0, vipLevel: 0 },
  { wtId: '10000002', phone: '13800000002', nickName: '李四', vipType: 1, vipLevel: 3 },
  { wtId: '10000003', phone: '13800000003', nickName: '王五', vipType: 0, vipLevel: 0 },
] as const

/** The demo tag 张三 puts on 李四, so the tag screens have something to show. */
export const DEMO_TAG = { owner: '10000001', tagName: '同事', members: ['10000002'] } as const
