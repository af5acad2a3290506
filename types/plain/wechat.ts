/** The plain half of types/wechat.ts: the words and limits of WeChat login, without zod. */

export const WechatText = {
  NotConfigured: '未开通微信登录',
  NoTemplates: '未开通微信消息提醒',
  InvalidCode: '微信登录已失效，请重试',
  Unavailable: '微信服务暂时不可用，请稍后再试',
  TicketExpired: '微信授权已过期，请重新点击微信一键登录',
  BoundElsewhere: '该微信已绑定其他账号',
  AccountBound: '当前账号已绑定其他微信，请先解除绑定',
  NotBound: '当前账号未绑定微信',
  Bound: '已绑定微信',
  Unbound: '已解除微信绑定',
  Subscribed: '已开启微信消息提醒',
  NothingAccepted: '未授权消息提醒',
} as const

/** How long a WeChat waits, after 微信一键登录 found it unbound, for its owner's phone login. */
export const WECHAT_TICKET_TTL_S = 600
