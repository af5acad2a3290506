export interface LanguageProviderProcess {
  url: string
  key: string
  stop(): void
}

export function startLanguageProvider(key?: string): Promise<LanguageProviderProcess>
