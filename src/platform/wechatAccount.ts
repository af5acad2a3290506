/** WeChat's own account APIs: only a mini-program running in WeChat has them. */
export interface WechatAccountPort {
  available: boolean
  /** A wx.login code: valid once, for five minutes, for the server to exchange. */
  loginCode(): Promise<string>
  /** Asks for the subscription messages of these templates; resolves the ones the user accepted. */
  requestSubscribe(templateIds: string[]): Promise<string[]>
}

export declare const wechatAccount: WechatAccountPort
