export interface QrScannerPort {
  /** Whether this device can be asked for a camera scan at all. */
  supported(): boolean
  /**
   * Scans one QR code with the camera. Resolves with the decoded text, or null when there is no
   * camera, access was refused, or the user cancelled.
   */
  scan(): Promise<string | null>
}

export declare const qrScanner: QrScannerPort
