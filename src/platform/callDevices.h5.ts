import type { CallDevicesPort } from './callDevices'

/** The browser asks for the camera and microphone when they are opened; the screen follows the page. */
export const callDevices: CallDevicesPort = {
  authorize: () => Promise.resolve(),
  keepScreenOn: () => undefined,
}
