import Taro from '@tarojs/taro'
import type { HttpPort, HttpRequest, HttpResponse } from './http'
import { HttpFailure } from './httpFailure'

async function request(req: HttpRequest): Promise<HttpResponse> {
  try {
    const res = await Taro.request({
      url: req.url,
      method: req.method,
      data: req.method === 'GET' ? undefined : req.data,
      header: req.header,
      timeout: req.timeout,
      dataType: 'json',
    })
    return { statusCode: res.statusCode, data: res.data as unknown }
  } catch (err) {
    const errMsg = (err as { errMsg?: string } | null)?.errMsg ?? String(err)
    throw new HttpFailure(/timeout/i.test(errMsg) ? 'timeout' : 'network', errMsg)
  }
}

export const http: HttpPort = { request }
