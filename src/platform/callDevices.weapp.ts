import Taro from '@tarojs/taro'
import type { CallDevicesPort } from './callDevices'
import { MediaAccessError } from './mediaAccess'

/** The tip of a refused camera or microphone: where the mini-program's permission switches are. */
export const CALL_PERMISSION_TIP = {
  title: '无法开始通话',
  camera: '通话需要使用摄像头和麦克风。请点右上角「···」→「设置」，打开「摄像头」和「麦克风」后重试。',
  microphone: '通话需要使用麦克风。请点右上角「···」→「设置」，打开「麦克风」后重试。',
  confirm: '去设置',
} as const

async function allowed(scope: 'scope.camera' | 'scope.record'): Promise<boolean> {
  try {
    await Taro.authorize({ scope })
    return true
  } catch {
    return false
  }
}

/** Once refused, wx.authorize fails at once without asking; only the settings page can allow it again. */
async function explain(video: boolean): Promise<void> {
  try {
    const { confirm } = await Taro.showModal({ title: CALL_PERMISSION_TIP.title, content: video ? CALL_PERMISSION_TIP.camera : CALL_PERMISSION_TIP.microphone, confirmText: CALL_PERMISSION_TIP.confirm })
    if (confirm) await Taro.openSetting()
  } catch {
    // The tip could not show; the call's own toast still says what is missing.
  }
}

export const callDevices: CallDevicesPort = {
  async authorize(video) {
    const mic = await allowed('scope.record')
    const camera = video ? await allowed('scope.camera') : true
    if (mic && camera) return
    void explain(video)
    throw new MediaAccessError('denied', mic ? 'camera refused' : 'microphone refused', mic)
  },
  keepScreenOn(on) {
    Taro.setKeepScreenOn({ keepScreenOn: on }).catch(() => undefined)
  },
}
