import Taro from '@tarojs/taro'
import type { FileOpenerPort } from './fileOpener'

async function fetchToTemp(url: string): Promise<string> {
  let res: Taro.downloadFile.FileSuccessCallbackResult
  try {
    res = await Taro.downloadFile({ url })
  } catch {
    throw new Error('获取文件失败')
  }
  if (res.statusCode !== 200) throw new Error('下载失败')
  return res.tempFilePath
}

function errMsg(err: unknown): string {
  return (err as { errMsg?: string })?.errMsg ?? ''
}

export const fileOpener: FileOpenerPort = {
  async download(url) {
    const path = await fetchToTemp(url)
    try {
      await Taro.openDocument({ filePath: path, showMenu: true })
    } catch {
      throw new Error('无法打开该文件')
    }
  },
  async saveImage(url) {
    const path = await fetchToTemp(url)
    try {
      await Taro.saveImageToPhotosAlbum({ filePath: path })
    } catch (err) {
      const msg = errMsg(err)
      if (/cancel/i.test(msg)) throw new Error('已取消保存')
      if (/auth|deny/i.test(msg)) throw new Error('没有相册权限，保存失败')
      throw new Error('下载失败')
    }
  },
  async openLink(url) {
    try {
      await Taro.setClipboardData({ data: url })
      return 'copied'
    } catch {
      return 'failed'
    }
  },
}
