/**
 * The camera scan behind the QR scanner port: an overlay with the camera's picture, frames decoded
 * by jsQR. Fetched the first time someone scans (qrScanner.h5.ts), so pages that never scan do
 * not download it.
 */
/** Frames are scaled down before decoding: jsQR's cost grows with the pixel count. */
const MAX_DECODE_WIDTH = 640

type Decoder = (data: Uint8ClampedArray, width: number, height: number) => { data: string } | null

interface Overlay {
  root: HTMLDivElement
  video: HTMLVideoElement
  cancel: HTMLButtonElement
}

function buildOverlay(): Overlay {
  const root = document.createElement('div')
  root.setAttribute('data-testid', 'qr-scanner-overlay')
  root.style.cssText =
    'position:fixed;inset:0;z-index:10000;background:rgba(0,0,0,.88);display:flex;flex-direction:column;align-items:center;justify-content:center;gap:16px'
  const video = document.createElement('video')
  video.setAttribute('playsinline', '')
  video.muted = true
  video.style.cssText = 'width:min(80vw,360px);height:min(80vw,360px);object-fit:cover;border:2px solid #07c160;border-radius:8px'
  const hint = document.createElement('div')
  hint.textContent = '将二维码放入框内，即可自动扫描'
  hint.style.cssText = 'color:#fff;font-size:14px'
  const cancel = document.createElement('button')
  cancel.type = 'button'
  cancel.textContent = '取消'
  cancel.setAttribute('data-testid', 'qr-scanner-cancel')
  cancel.style.cssText = 'padding:8px 32px;border:0;border-radius:4px;background:#fff;color:#333;font-size:14px;cursor:pointer'
  root.append(video, hint, cancel)
  document.body.appendChild(root)
  return { root, video, cancel }
}

async function openCamera(): Promise<MediaStream | null> {
  try {
    return await navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment' }, audio: false })
  } catch {
    return null
  }
}

async function loadDecoder(): Promise<Decoder> {
  const mod = await import(/* webpackChunkName: "jsqr" */ 'jsqr')
  return mod.default
}

function scanStream(stream: MediaStream, decode: Decoder): Promise<string | null> {
  const { root, video, cancel } = buildOverlay()
  const canvas = document.createElement('canvas')
  const ctx = canvas.getContext('2d', { willReadFrequently: true })
  let frame = 0
  return new Promise((resolve) => {
    const finish = (result: string | null) => {
      cancelAnimationFrame(frame)
      stream.getTracks().forEach((t) => t.stop())
      root.remove()
      resolve(result)
    }
    const tick = () => {
      if (ctx && video.readyState >= video.HAVE_ENOUGH_DATA && video.videoWidth > 0) {
        const scale = Math.min(1, MAX_DECODE_WIDTH / video.videoWidth)
        canvas.width = Math.round(video.videoWidth * scale)
        canvas.height = Math.round(video.videoHeight * scale)
        ctx.drawImage(video, 0, 0, canvas.width, canvas.height)
        const image = ctx.getImageData(0, 0, canvas.width, canvas.height)
        const code = decode(image.data, image.width, image.height)
        if (code?.data) return finish(code.data)
      }
      frame = requestAnimationFrame(tick)
    }
    cancel.onclick = () => finish(null)
    video.srcObject = stream
    video.play().then(
      () => (frame = requestAnimationFrame(tick)),
      () => finish(null),
    )
  })
}


/** Resolves with the decoded text, or null when there is no camera, access was refused, or the user cancelled. */
export async function scanWithCamera(): Promise<string | null> {
  const stream = await openCamera()
  if (!stream) return null
  try {
    return await scanStream(stream, await loadDecoder())
  } catch (err) {
    stream.getTracks().forEach((t) => t.stop())
    console.error('QR scan failed', err)
    return null
  }
}
