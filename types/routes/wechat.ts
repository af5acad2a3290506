import { z } from 'zod'
import { WechatBindBody, WechatBindingAnswer, WechatCodeBody, WechatConfigAnswer, WechatLoginAnswer, WechatSubscribeBody, WechatSubscriptionAnswer } from '../wechat'
import { route } from './route'

/** The mini-program's WeChat login and subscription messages. */
export const wechatRoutes = {
  config: route({ method: 'GET', path: '/wechat/config', summary: 'Whether WeChat login is configured, and the subscription message templates', answer: WechatConfigAnswer }),
  login: route({ method: 'POST', path: '/wechat/login', summary: '微信一键登录: a wx.login code; a bound WeChat logs in, an unbound one gets a ticket to bind', body: WechatCodeBody, answer: WechatLoginAnswer }),
  bind: route({ method: 'POST', path: '/wechat/bind', summary: "Bind the ticket's WeChat to the logged-in account", body: WechatBindBody, answer: WechatBindingAnswer }),
  binding: route({ method: 'GET', path: '/wechat/binding', summary: 'Whether the account is bound to a WeChat', answer: WechatBindingAnswer }),
  unbind: route({ method: 'POST', path: '/wechat/unbind', summary: '解除微信绑定', answer: z.null() }),
  subscribe: route({ method: 'POST', path: '/wechat/subscribe', summary: 'Record the subscription messages the user accepted', body: WechatSubscribeBody, answer: WechatSubscriptionAnswer }),
  subscription: route({ method: 'GET', path: '/wechat/subscription', summary: 'Whether notices can be sent to this account', answer: WechatSubscriptionAnswer }),
}
