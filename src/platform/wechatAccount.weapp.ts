import Taro from '@tarojs/taro'
import type { WechatAccountPort } from './wechatAccount'

export const wechatAccount: WechatAccountPort = {
  available: true,
  async loginCode() {
    const { code } = await Taro.login()
    if (!code) throw new Error('wx.login gave no code')
    return code
  },
  async requestSubscribe(templateIds) {
    // Must run in the tap's own handler: WeChat shows its dialog only in answer to a tap.
    const answers = (await Taro.requestSubscribeMessage({ tmplIds: templateIds, entityIds: [] })) as unknown as Record<string, string>
    return templateIds.filter((id) => answers[id] === 'accept')
  },
}
