/**
 * The permission-tip panel's own texts: it offers Chinese or English whatever the widget language
 * is, since it explains the browser's settings, which follow the browser's language.
 */
export type TipLanguage = 'zh' | 'en'

export interface TipTexts {
  title: string
  /** The heading per missing access, the widget's own toast texts. */
  missing: Record<'camera' | 'microphone', string>
  steps: string[]
  close: string
  imageAlt: string
}

export const PERMISSION_TIP_TEXTS: Record<TipLanguage, TipTexts> = {
  zh: {
    title: '允许浏览器使用摄像头和麦克风',
    missing: { camera: '无摄像头权限', microphone: '无麦克风权限' },
    steps: ['点击地址栏左侧的锁形图标', '将“摄像头”和“麦克风”设为“允许”', '刷新页面后重新发起通话'],
    close: '知道了',
    imageAlt: '浏览器地址栏的权限设置',
  },
  en: {
    title: 'Allow the browser to use your camera and microphone',
    missing: { camera: 'no camera access', microphone: 'no microphone access' },
    steps: ['Click the lock icon at the left of the address bar', 'Set Camera and Microphone to Allow', 'Reload the page and call again'],
    close: 'OK',
    imageAlt: 'The permission settings of the address bar',
  },
}

/** The first choice follows the widget's language: Chinese for zh-cn, English otherwise. */
export const tipLanguageFor = (widgetLanguage: string): TipLanguage => (widgetLanguage === 'zh-cn' ? 'zh' : 'en')
