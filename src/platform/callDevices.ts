/**
 * What a call needs from the device beyond capture: permission for the camera and microphone
 * where the platform asks for it up front (the mini-program's wx.authorize), and keeping the
 * screen on while a call runs.
 */
export interface CallDevicesPort {
  /**
   * Asks for the microphone and, for a video call, the camera. Rejects with a MediaAccessError
   * ('denied') after telling the user, in one clear tip, how to allow them.
   */
  authorize(video: boolean): Promise<void>
  keepScreenOn(on: boolean): void
}

export declare const callDevices: CallDevicesPort
