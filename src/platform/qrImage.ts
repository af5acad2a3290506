/** Draws QR codes as pictures the page can show and save. */
export interface QrImagePort {
  /** A data URL of the QR code of `text`, `size` pixels wide. */
  render(text: string, size: number): Promise<string>
  /** The file extension of what render returns. */
  readonly extension: 'png' | 'svg'
}

export declare const qrImage: QrImagePort
