/**
 * Translation and speech recognition, behind the two calls of the chat engine the spec uses
 * (translateText and convertVoiceToText). The server owns the provider's key; clients never see it.
 */
export interface LanguageProvider {
  translateText(req: { sourceTextList: string[]; sourceLanguage: string; targetLanguage: string }): Promise<string[]>
  convertVoiceToText(req: { audio: Buffer; format: string; language: string }): Promise<string>
}
