import Taro from '@tarojs/taro'
import { HttpFailure } from './httpFailure'
import type { UploadPort } from './upload'

function parseBody(text: unknown): unknown {
  if (typeof text !== 'string' || text === '') return text ?? null
  try {
    return JSON.parse(text)
  } catch {
    return text
  }
}

export const upload: UploadPort = {
  upload(req) {
    return new Promise((resolve, reject) => {
      const filePath = req.file.path
      if (!filePath) return reject(new HttpFailure('network', 'no file path'))
      const task = Taro.uploadFile({
        url: req.url,
        filePath,
        name: req.fieldName,
        formData: req.fields,
        header: req.header,
        timeout: req.timeout,
        success: (res) => resolve({ statusCode: res.statusCode, data: parseBody(res.data) }),
        fail: (res) => reject(new HttpFailure(/timeout/i.test(res.errMsg) ? 'timeout' : 'network', res.errMsg)),
      })
      task.onProgressUpdate((res) => req.onProgress?.(Math.min(1, res.progress / 100)))
    })
  },
}
