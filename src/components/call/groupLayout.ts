/**
 * The group media grid (calling-widget section 2): on a 12-column grid, up to 4 participants show
 * one big view with small tiles under it; 5 or more show 3 columns of tiles, each 3 units high.
 * A focused tile (mobile) takes the big view whatever the count.
 */

export interface LayoutItem {
  name: string
  x: number
  y: number
  w: number
  h: number
  props: { show: boolean; big: boolean }
}

export const GRID_COLUMNS = 12
export const TILE_HEIGHT = 3
const BIG_HEIGHT = 3 * TILE_HEIGHT
const SMALL_ROW = 3
const BIG_VIEW_MAX = 4

/** Layout items for `ids` (local user first); `bigId` is the focused or big participant. */
export function groupLayout(ids: string[], bigId: string, focused = false): LayoutItem[] {
  const useBig = ids.length > 0 && (ids.length <= BIG_VIEW_MAX || focused)
  if (!useBig) {
    return ids.map((name, i) => ({ name, x: (i % SMALL_ROW) * 4, y: Math.floor(i / SMALL_ROW) * TILE_HEIGHT, w: 4, h: TILE_HEIGHT, props: { show: true, big: false } }))
  }
  const big = ids.includes(bigId) ? bigId : ids[0]!
  const rest = ids.filter((id) => id !== big)
  return [
    { name: big, x: 0, y: 0, w: GRID_COLUMNS, h: BIG_HEIGHT, props: { show: true, big: true } },
    ...rest.map((name, i) => ({ name, x: (i % SMALL_ROW) * 4, y: BIG_HEIGHT + Math.floor(i / SMALL_ROW) * TILE_HEIGHT, w: 4, h: TILE_HEIGHT, props: { show: true, big: false } })),
  ]
}

/**
 * The simulcast layer a tile asks of the SFU (0 low … 2 high): the big view the top layer; a
 * small tile, a third of the grid's width, the middle one on a desktop window (about 240 px) and
 * the low one on a phone (about 130 px).
 */
export const layerForTile = (item: LayoutItem, mobile: boolean): 0 | 1 | 2 => (item.props.big ? 2 : mobile ? 0 : 1)

/** CSS grid placement of an item (grid lines count from 1). */
export const gridArea = (item: LayoutItem) => `${item.y + 1} / ${item.x + 1} / span ${item.h} / span ${item.w}`
