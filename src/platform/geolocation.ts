export interface Coordinates {
  latitude: number
  longitude: number
}

/** Where the device is, for the location message. */
export interface GeolocationPort {
  supported(): boolean
  /** Rejects with an Error whose message can be shown to the user as it is. */
  current(): Promise<Coordinates>
}

export declare const geolocation: GeolocationPort
