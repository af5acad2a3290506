/**
 * Static map pictures of location messages (spec section 3 "Location": zoom 15, size 380*150).
 * The provider is configured at build time with the STATIC_MAP_URL constant, a URL template with
 * the placeholders {lat}, {lng}, {zoom}, {width} and {height}, for example
 * https://maps.example.com/staticmap?center={lat},{lng}&zoom={zoom}&size={width}*{height}&markers={lat},{lng}
 * Without one, the bubble draws its own card: a self-hosted install has no map service.
 */
declare const STATIC_MAP_URL: string | undefined

export const STATIC_MAP_ZOOM = 15
export const STATIC_MAP_WIDTH = 380
export const STATIC_MAP_HEIGHT = 150

// typeof keeps the bundle working when the build defines no such constant.
const configured = typeof STATIC_MAP_URL === 'string' ? STATIC_MAP_URL : ''

export function staticMapUrl(latitude: number, longitude: number, template: string = configured): string | null {
  if (!template) return null
  const values: Record<string, string> = {
    lat: latitude.toFixed(6),
    lng: longitude.toFixed(6),
    zoom: String(STATIC_MAP_ZOOM),
    width: String(STATIC_MAP_WIDTH),
    height: String(STATIC_MAP_HEIGHT),
  }
  return template.replace(/\{(lat|lng|zoom|width|height)\}/g, (_, k: string) => encodeURIComponent(values[k]!))
}

/** Coordinates as people read them: 31.230416°N, 121.473701°E. */
export function formatCoordinates(latitude: number, longitude: number): string {
  const lat = `${Math.abs(latitude).toFixed(6)}°${latitude >= 0 ? 'N' : 'S'}`
  const lng = `${Math.abs(longitude).toFixed(6)}°${longitude >= 0 ? 'E' : 'W'}`
  return `${lat}, ${lng}`
}
