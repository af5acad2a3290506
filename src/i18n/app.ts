import type { CallLanguage } from './call'

/**
 * The app's language: the product is Chinese (messaging-app section 1, `<html lang="zh-CN">`).
 * The calling widget starts in it; the spec's setLanguage still switches the widget afterwards.
 */
export const APP_LANGUAGE: CallLanguage = 'zh-cn'
