import QRCode from 'qrcode'
import type { QrImagePort } from './qrImage'

/** A PNG drawn on a canvas, so a download opens in any picture viewer. */
export const qrImage: QrImagePort = {
  extension: 'png',
  render: (text, size) => QRCode.toDataURL(text, { width: size, margin: 1, errorCorrectionLevel: 'M' }),
}
