export interface ClipboardPort {
  supported(): boolean
  /** Resolves true once the text is on the clipboard, false when the device refused or cannot copy. */
  copyText(text: string): Promise<boolean>
}

export declare const clipboard: ClipboardPort
