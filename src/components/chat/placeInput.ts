export interface PlaceInput {
  latitude: number
  longitude: number
  title: string
  detail: string
}

export const TITLE_MAX = 64
export const DETAIL_MAX = 200
/** Characters of a typed coordinate: room for a sign, three digits and more decimals than any device reports. */
export const COORD_MAX = 24

/**
 * Checks the form: a title is required; coordinates are optional but, when given, both must be
 * numbers in range. Without coordinates the message carries 0, 0 and shows no map.
 */
export function validatePlace(title: string, detail: string, lat: string, lng: string): { place: PlaceInput } | { error: string } {
  const t = title.trim()
  if (!t) return { error: '请输入地点名称' }
  const hasLat = lat.trim() !== ''
  const hasLng = lng.trim() !== ''
  if (hasLat !== hasLng) return { error: '请同时填写纬度和经度' }
  let latitude = 0
  let longitude = 0
  if (hasLat) {
    latitude = Number(lat)
    longitude = Number(lng)
    if (!Number.isFinite(latitude) || latitude < -90 || latitude > 90) return { error: '纬度应在 -90 到 90 之间' }
    if (!Number.isFinite(longitude) || longitude < -180 || longitude > 180) return { error: '经度应在 -180 到 180 之间' }
  }
  return { place: { latitude, longitude, title: t.slice(0, TITLE_MAX), detail: detail.trim().slice(0, DETAIL_MAX) } }
}
