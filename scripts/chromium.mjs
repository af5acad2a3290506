/**
 * Debian's Chromium as the browser tests and the call benchmark launch it: headless-friendly
 * flags, fake camera and microphone that need no permission prompt, and WebRTC on loopback.
 * Playwright adds --headless and a fresh temporary profile (--user-data-dir) itself.
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH || '/usr/bin/chromium'

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--use-fake-device-for-media-stream',
  '--use-fake-ui-for-media-stream',
  '--allow-loopback-in-peer-connection',
]
