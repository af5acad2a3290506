import Taro from '@tarojs/taro'
import { mimeFromName } from './fileTypes'
import type { FilePickerPort, PickedFile } from './filePicker'

const nameOf = (path: string) => path.split('/').pop() ?? path

/** The pickers reject when the user cancels; that is an empty pick, not an error. */
async function orNothing<T>(run: () => Promise<T[]>): Promise<T[]> {
  try {
    return await run()
  } catch (err) {
    const errMsg = (err as { errMsg?: string } | null)?.errMsg ?? ''
    if (!/cancel/i.test(errMsg)) console.warn('file pick failed', errMsg || err)
    return []
  }
}

function chooseImages(count: number): Promise<PickedFile[]> {
  return orNothing(async () => {
    const res = await Taro.chooseMedia({ count, mediaType: ['image'], sourceType: ['album', 'camera'] })
    return res.tempFiles.map((f) => {
      const name = nameOf(f.tempFilePath)
      return { name, size: f.size, mime: mimeFromName(name), localUrl: f.tempFilePath, path: f.tempFilePath }
    })
  })
}

export const filePicker: FilePickerPort = {
  pickImages: (options = {}) => chooseImages(options.multiple === false ? 1 : 9),
  pickImage: async () => (await chooseImages(1))[0] ?? null,
  async pickVideo() {
    const files = await orNothing(async () => {
      const res = await Taro.chooseMedia({ count: 1, mediaType: ['video'], sourceType: ['album', 'camera'] })
      return res.tempFiles.map((f) => {
        const name = nameOf(f.tempFilePath)
        return { name, size: f.size, mime: mimeFromName(name) || 'video/mp4', localUrl: f.tempFilePath, path: f.tempFilePath, thumbPath: f.thumbTempFilePath }
      })
    })
    return files[0] ?? null
  },
  async pickFile() {
    const files = await orNothing(async () => {
      const res = await Taro.chooseMessageFile({ count: 1, type: 'file' })
      return res.tempFiles.map((f) => ({ name: f.name, size: f.size, mime: mimeFromName(f.name), localUrl: f.path, path: f.path }))
    })
    return files[0] ?? null
  },
  release() {},
}
