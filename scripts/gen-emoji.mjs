/**
 * Draws the product's own emoji and stickers as small SVG files and writes the tables that
 * index them. The outputs under src/assets/emoji are committed; run this again only after
 * changing a drawing or a name here:
 *
 *   node scripts/gen-emoji.mjs
 *
 * Basic emoji: 103 faces, hands and objects keyed by bracketed Chinese names ([微笑] …),
 * 64×64. Stickers: three groups (emojiGroupID 1, 2, 3) of 18, 16 and 17 drawings, 120×120.
 * Every drawing is composed from the primitives below, so the set stays consistent.
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const outDir = path.join(root, 'src', 'assets', 'emoji')

// ---------------------------------------------------------------------------------------------
// Primitives (64×64 canvas for basic emoji)

const INK = '#5a3412'
const MOUTH = '#7a2e0e'
const TONGUE = '#f06c83'
const TEAR = '#4fb3ff'
const BLUSH = '#ff8c8c'
const SKIN = '#ffcc4d'
const SKIN_EDGE = '#e6a100'

const svg = (size, body) => `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${size} ${size}" width="${size}" height="${size}">${body}</svg>\n`
const stroke = (d, color = INK, width = 3) => `<path d="${d}" fill="none" stroke="${color}" stroke-width="${width}" stroke-linecap="round" stroke-linejoin="round"/>`
const fill = (d, color, extra = '') => `<path d="${d}" fill="${color}"${extra}/>`
const circle = (cx, cy, r, color, extra = '') => `<circle cx="${cx}" cy="${cy}" r="${r}" fill="${color}"${extra}/>`
const ellipse = (cx, cy, rx, ry, color, extra = '') => `<ellipse cx="${cx}" cy="${cy}" rx="${rx}" ry="${ry}" fill="${color}"${extra}/>`
const heartPath = (cx, cy, s) =>
  `M${cx} ${cy + s * 0.9}C${cx - s * 1.4} ${cy}${' '}${cx - s * 0.9} ${cy - s * 1.1} ${cx} ${cy - s * 0.35}C${cx + s * 0.9} ${cy - s * 1.1} ${cx + s * 1.4} ${cy} ${cx} ${cy + s * 0.9}z`
const starPath = (cx, cy, r) => {
  const pts = []
  for (let i = 0; i < 10; i++) {
    const a = (Math.PI / 5) * i - Math.PI / 2
    const rr = i % 2 === 0 ? r : r * 0.45
    pts.push(`${(cx + rr * Math.cos(a)).toFixed(1)} ${(cy + rr * Math.sin(a)).toFixed(1)}`)
  }
  return `M${pts.join('L')}z`
}
const drop = (x, y, s, color = TEAR) => fill(`M${x} ${y - s}C${x + s * 0.9} ${y} ${x + s * 0.8} ${y + s} ${x} ${y + s}S${x - s * 0.9} ${y} ${x} ${y - s}z`, color)

const head = (color = SKIN, edge = SKIN_EDGE) => circle(32, 33, 27, color, ` stroke="${edge}" stroke-width="2"`) + ellipse(23, 17, 8, 4, '#fff', ' opacity=".35"')

const EYES = {
  dot: () => ellipse(23, 29, 3, 4, INK) + ellipse(41, 29, 3, 4, INK),
  happy: () => stroke('M18 31q5-7 10 0M36 31q5-7 10 0'),
  closed: () => stroke('M18 30h10M36 30h10'),
  sadClosed: () => stroke('M18 28q5 5 10 0M36 28q5 5 10 0'),
  wide: () => circle(23, 28, 6.5, '#fff', ` stroke="${INK}" stroke-width="1.5"`) + circle(41, 28, 6.5, '#fff', ` stroke="${INK}" stroke-width="1.5"`) + circle(23, 28, 3, INK) + circle(41, 28, 3, INK),
  heart: () => fill(heartPath(23, 29, 6), '#ff3b5c') + fill(heartPath(41, 29, 6), '#ff3b5c'),
  cross: () => stroke('M19 25l8 8M27 25l-8 8M37 25l8 8M45 25l-8 8'),
  spiral: () => stroke('M23 29m-6 0a6 6 0 1 0 12 0a4 4 0 1 0-8 0a2 2 0 1 0 4 0M41 29m-6 0a6 6 0 1 0 12 0a4 4 0 1 0-8 0a2 2 0 1 0 4 0', INK, 2),
  star: () => fill(starPath(23, 29, 7), '#ff9f1a') + fill(starPath(41, 29, 7), '#ff9f1a'),
  sleepy: () => stroke('M18 29h10M36 29h10', INK, 2.5) + fill('M18 29a5 4 0 0 0 10 0zM36 29a5 4 0 0 0 10 0z', INK),
  wink: () => stroke('M18 31q5-7 10 0') + ellipse(41, 29, 3, 4, INK),
  roll: () => circle(23, 29, 6.5, '#fff', ` stroke="${INK}" stroke-width="1.5"`) + circle(41, 29, 6.5, '#fff', ` stroke="${INK}" stroke-width="1.5"`) + circle(23, 25.5, 3, INK) + circle(41, 25.5, 3, INK),
  sideLeft: () => circle(23, 29, 6.5, '#fff', ` stroke="${INK}" stroke-width="1.5"`) + circle(41, 29, 6.5, '#fff', ` stroke="${INK}" stroke-width="1.5"`) + circle(19.5, 29, 3, INK) + circle(37.5, 29, 3, INK),
  sideRight: () => circle(23, 29, 6.5, '#fff', ` stroke="${INK}" stroke-width="1.5"`) + circle(41, 29, 6.5, '#fff', ` stroke="${INK}" stroke-width="1.5"`) + circle(26.5, 29, 3, INK) + circle(44.5, 29, 3, INK),
  glasses: () => fill('M11 23h42v4c0 7-4 10-9 10s-8-4-9-8h-6c-1 4-4 8-9 8s-9-3-9-10z', '#222') + stroke('M15 27l5-2M37 27l5-2', '#fff', 1.5),
  angry: () => ellipse(23, 31, 3, 3.5, INK) + ellipse(41, 31, 3, 3.5, INK) + stroke('M16 21l11 5M48 21l-11 5'),
  worried: () => ellipse(23, 30, 3, 4, INK) + ellipse(41, 30, 3, 4, INK) + stroke('M17 24l9-4M47 24l-9-4', INK, 2.5),
  glossy: () => circle(23, 29, 6, INK) + circle(41, 29, 6, INK) + circle(25, 27, 2.2, '#fff') + circle(43, 27, 2.2, '#fff') + circle(21, 31.5, 1, '#fff') + circle(39, 31.5, 1, '#fff'),
  chevron: () => stroke('M18 25l8 4-8 4M46 25l-8 4 8 4'),
  smug: () => stroke('M17 27h12M35 27h12', INK, 2.5) + fill('M18 28h10a5 4 0 0 1-10 0zM36 28h10a5 4 0 0 1-10 0z', INK),
  blank: () => circle(23, 29, 4, '#fff', ` stroke="${INK}" stroke-width="2"`) + circle(41, 29, 4, '#fff', ` stroke="${INK}" stroke-width="2"`),
  tiny: () => circle(23, 29, 2, INK) + circle(41, 29, 2, INK),
  moneyless: () => stroke('M19 31l4-5 4 5M37 31l4-5 4 5'),
}

const MOUTHS = {
  none: () => '',
  smile: () => stroke('M22 42q10 10 20 0'),
  smallSmile: () => stroke('M26 44q6 5 12 0'),
  bigSmile: () => fill('M20 40h24q0 13-12 13t-12-13z', MOUTH) + fill('M26 49q6-5 12 0q-2 4-6 4t-6-4z', TONGUE),
  grin: () => fill('M18 40h28q-1 13-14 13t-14-13z', '#fff', ` stroke="${INK}" stroke-width="2"`) + stroke('M19 45h26', INK, 1.5),
  open: () => ellipse(32, 46, 6, 7, MOUTH),
  smallO: () => ellipse(32, 46, 3, 3.5, MOUTH),
  flat: () => stroke('M24 46h16'),
  frown: () => stroke('M23 50q9-9 18 0'),
  wavy: () => stroke('M20 47q3-4 6 0t6 0 6 0 6 0', INK, 2.5),
  pout: () => stroke('M22 48q6-6 12-1q4 3 8-1'),
  tongue: () => stroke('M22 42q10 8 20 0') + fill('M29 45h8v4a4 4 0 0 1-8 0z', TONGUE),
  zip: () => stroke('M20 46h24', INK, 2.5) + stroke('M23 43v6M28 43v6M33 43v6M38 43v6', INK, 1.5),
  kiss: () => stroke('M30 40q6 1 1 5q6 1 0 6', INK, 2.5),
  smirk: () => stroke('M24 47q10 3 17-5'),
  laugh: () => fill('M17 38h30q0 16-15 16t-15-16z', MOUTH) + fill('M24 49q8-6 16 0q-3 5-8 5t-8-5z', TONGUE),
  clench: () => `<rect x="20" y="41" width="24" height="9" rx="3" fill="#fff" stroke="${INK}" stroke-width="2"/>` + stroke('M26 41v9M32 41v9M38 41v9M20 45.5h24', INK, 1.2),
  yawn: () => ellipse(32, 46, 6, 9, MOUTH) + ellipse(32, 51, 4, 2.5, TONGUE),
  scream: () => fill('M25 40q7-4 14 0l2 12q-9 4-18 0z', MOUTH),
  cat: () => stroke('M24 44q4 4 8 0q4 4 8 0', INK, 2.5),
  sadSmile: () => stroke('M24 46q8 4 16 0', INK, 2.5),
  bite: () => stroke('M23 44q9 6 18 0') + fill('M29 44l2 4 2-4z', '#fff'),
}

const EXTRA = {
  blush: () => ellipse(16, 38, 5, 3, BLUSH, ' opacity=".7"') + ellipse(48, 38, 5, 3, BLUSH, ' opacity=".7"'),
  tear: () => drop(18, 38, 4),
  tears: () => drop(17, 37, 4) + drop(47, 37, 4),
  streams: () => fill('M18 33h6l3 26h-12zM40 33h6l3 26h-12z', TEAR, ' opacity=".85"'),
  sweat: () => drop(50, 18, 5),
  coldSweat: () => stroke('M20 10v8M27 8v9M34 9v8', '#5b8def', 2.5) + drop(50, 20, 4),
  zzz: () => stroke('M46 8h8l-8 9h8M38 16h5l-5 6h5', '#5b8def', 2),
  question: () => stroke('M47 6q0-4 5-4t5 5q0 3-5 5v3', '#5b8def', 3) + circle(52, 20, 1.8, '#5b8def'),
  anger: () => stroke('M45 8q4 4 0 8M53 8q-4 4 0 8M47 6q4 4 8 0M47 18q4-4 8 0', '#e53935', 2.5),
  sparkle: () => fill(starPath(52, 12, 7), '#ffd400') + fill(starPath(10, 50, 5), '#ffd400'),
  hearts: () => fill(heartPath(52, 12, 6), '#ff3b5c') + fill(heartPath(10, 16, 4), '#ff6f86'),
  smallHeart: () => fill(heartPath(44, 44, 5), '#ff3b5c'),
  bandage: () => `<rect x="36" y="13" width="16" height="7" rx="3" transform="rotate(30 44 16)" fill="#f3d2a2" stroke="#c9a06a"/>` + ellipse(18, 20, 5, 3, '#8a6cff', ' opacity=".5"'),
  hammer: () => `<rect x="42" y="2" width="18" height="10" rx="2" fill="#8d6e63" transform="rotate(25 51 7)"/><rect x="49" y="10" width="4" height="18" rx="2" fill="#a1887f" transform="rotate(25 51 7)"/>` + fill(starPath(30, 8, 5), '#ffd400'),
  wave: () => fill('M50 38l4-14q1-3 3-2t1 3l-2 9 5-14q1-3 3-2t1 3l-4 14 4-9q1-2 3-1t0 4l-6 15q-3 7-10 5t-7-8z', SKIN, ` stroke="${SKIN_EDGE}" stroke-width="1.5"`) + stroke('M46 18q3-3 6-1M56 12q2-2 4 0', '#5b8def', 2),
  tissue: () => `<rect x="40" y="8" width="16" height="14" rx="2" fill="#fff" stroke="#bbb" transform="rotate(-15 48 15)"/>` + drop(14, 20, 4),
  nosePick: () => fill('M30 34l3-9q1-3 3-2t1 3l-2 8 6 2q3 1 2 5t-6 3l-9-3q-2-2 2-7z', SKIN, ` stroke="${SKIN_EDGE}" stroke-width="1.5"`),
  clap: () => fill('M6 44l8-10q2-2 4 0l4 6-8 12q-4 1-8-8zM58 44l-8-10q-2-2-4 0l-4 6 8 12q4 1 8-8z', SKIN, ` stroke="${SKIN_EDGE}" stroke-width="1.5"`) + stroke('M4 30l3 3M60 30l-3 3M32 58v4', '#ff9f1a', 2),
  headband: () => fill('M7 22q25-9 50 0v6q-25-9-50 0z', '#e53935') + fill('M57 24l6-3-2 8z', '#e53935'),
  curse: () => fill('M19 40q4-6 9-2q4-5 9 0q5-3 8 3q2 6-4 8q-3 4-9 2q-5 3-9-1q-6-1-4-10z', '#333') + stroke('M24 44l4 3M33 42l3 5M40 45l-4 2', '#fff', 1.5),
  shh: () => `<rect x="30" y="34" width="6" height="20" rx="3" fill="${SKIN}" stroke="${SKIN_EDGE}" stroke-width="1.5"/>`,
  fistCheek: () => circle(48, 47, 8, SKIN, ` stroke="${SKIN_EDGE}" stroke-width="1.5"`) + stroke('M44 44h8M44 48h8', SKIN_EDGE, 1.5),
  handFace: () => fill('M14 20q6-4 10 2l2 10q3-10 8-10t4 8q4-8 8-6t2 10l-3 14q-4 10-16 9t-17-13z', SKIN, ` stroke="${SKIN_EDGE}" stroke-width="1.5"`),
  watermelon: () => fill('M38 46h22a11 11 0 0 1-22 0z', '#4caf50') + fill('M40 46h18a9 9 0 0 1-18 0z', '#ff5252') + circle(45, 50, 1, '#222') + circle(50, 52, 1, '#222') + circle(54, 49, 1, '#222'),
  fingerTemple: () => fill('M52 22l6-10q2-3 4-1t0 4l-5 10z', SKIN, ` stroke="${SKIN_EDGE}" stroke-width="1.5"`) + fill(starPath(56, 6, 5), '#ffd400'),
  vHand: () => fill('M46 56l-3-14q0-3 2-3l-3-14q0-3 3-3t3 3l2 12 1-14q0-3 3-3t3 3l-1 16q4 1 4 6l-2 11q-3 5-9 4z', SKIN, ` stroke="${SKIN_EDGE}" stroke-width="1.5"`),
  okHand: () => circle(50, 48, 9, SKIN, ` stroke="${SKIN_EDGE}" stroke-width="1.5"`) + circle(47, 44, 3.5, '#fff', ` stroke="${SKIN_EDGE}" stroke-width="1.5"`) + stroke('M52 40v-12M56 41v-10M59 44v-8', SKIN_EDGE, 4) + stroke('M52 40v-12M56 41v-10M59 44v-8', SKIN, 2.5),
  slap: () => fill('M40 32l10-14q2-3 4-1t0 4l-4 7 9-10q2-2 4 0t0 4l-7 10 5-4q2-1 3 1t-1 4l-8 9q-6 5-12 1z', SKIN, ` stroke="${SKIN_EDGE}" stroke-width="1.5"`) + ellipse(20, 40, 6, 4, '#ff5252', ' opacity=".6"') + stroke('M10 20l4 2M8 28l5 1', '#e53935', 2),
  cheeks: () => ellipse(9, 42, 6, 9, SKIN, ` stroke="${SKIN_EDGE}" stroke-width="1.5"`) + ellipse(55, 42, 6, 9, SKIN, ` stroke="${SKIN_EDGE}" stroke-width="1.5"`),
  puff: () => fill('M44 46q6-3 9 1q5-2 7 3q2 5-3 7q-3 4-8 2q-6 1-6-5q-3-5 1-8z', '#e3ecf5', ' stroke="#b0bec5" stroke-width="1.5"'),
  crack: () => stroke('M33 6l-4 10 6 6-5 9 5 7-4 10 3 8', '#5a3412', 2.5),
  fists: () => circle(8, 46, 7, SKIN, ` stroke="${SKIN_EDGE}" stroke-width="1.5"`) + circle(56, 46, 7, SKIN, ` stroke="${SKIN_EDGE}" stroke-width="1.5"`) + stroke('M1 38l4 3M63 38l-4 3', '#ff9f1a', 2),
  chinHand: () => fill('M38 52q6-6 12-3l4 2q4 2 2 6t-8 5q-8 1-10-10z', SKIN, ` stroke="${SKIN_EDGE}" stroke-width="1.5"`),
  shake: () => stroke('M3 26q3 3 0 6t0 6M61 26q-3 3 0 6t0 6M8 14q2 3 0 5M56 14q-2 3 0 5', '#5b8def', 2),
  paleTop: () => `<clipPath id="pt"><circle cx="32" cy="33" r="26"/></clipPath><rect x="5" y="6" width="54" height="20" fill="#7e57c2" opacity=".45" clip-path="url(#pt)"/>`,
  vein: () => stroke('M12 16q4-2 4 2t4 2', '#e53935', 2),
  drool: () => drop(41, 52, 3.5),
}

/** A face: head colour, eyes, mouth and extras by name. */
function face({ color, edge, eyes = 'dot', mouth = 'smile', extras = [], under = [] }) {
  return svg(
    64,
    under.map((e) => EXTRA[e]()).join('') + head(color, edge) + extras.filter((e) => e === 'paleTop').map((e) => EXTRA[e]()).join('') + EYES[eyes]() + MOUTHS[mouth]() + extras.filter((e) => e !== 'paleTop').map((e) => EXTRA[e]()).join(''),
  )
}

// Hands: a palm with fingers that are up or folded, drawn upright then optionally rotated.
const FINGER_X = [20, 27, 34, 41]
const FINGER_TOP = [10, 7, 9, 14]
function hand({ up = [], thumb = 'side', rotate = 0, tone = SKIN, edge = SKIN_EDGE, extra = '' }) {
  const st = ` stroke="${edge}" stroke-width="1.8"`
  let body = ''
  FINGER_X.forEach((x, i) => {
    if (up.includes(i)) body += `<rect x="${x}" y="${FINGER_TOP[i]}" width="6.5" height="${30 - FINGER_TOP[i]}" rx="3.2" fill="${tone}"${st}/>`
  })
  body += `<rect x="17" y="26" width="31" height="28" rx="9" fill="${tone}"${st}/>`
  FINGER_X.forEach((x, i) => {
    if (!up.includes(i)) body += `<rect x="${x}" y="24" width="6.5" height="10" rx="3.2" fill="${tone}"${st}/>`
  })
  if (thumb === 'side') body += `<rect x="8" y="30" width="16" height="7" rx="3.5" fill="${tone}" transform="rotate(-35 16 33)"${st}/>`
  if (thumb === 'up') body += `<rect x="9" y="6" width="9" height="32" rx="4.5" fill="${tone}"${st}/>`
  if (thumb === 'across') body += `<rect x="18" y="36" width="20" height="7" rx="3.5" fill="${tone}"${st}/>`
  const g = rotate ? `<g transform="rotate(${rotate} 32 32)">${body}</g>` : body
  return svg(64, g + extra)
}

// Objects, one drawing each.
const OBJECTS = {
  cleaver: () => svg(64, fill('M8 14h34v22q-17 4-34 0z', '#b0bec5', ' stroke="#78909c" stroke-width="2"') + circle(14, 20, 2.5, '#fff') + `<rect x="42" y="20" width="18" height="8" rx="3" fill="#8d6e63"/>` + stroke('M12 30h26', '#eceff1', 2)),
  watermelon: () => svg(64, fill('M4 26h56a28 28 0 0 1-56 0z', '#43a047') + fill('M9 26h46a23 23 0 0 1-46 0z', '#ff5252') + [16, 24, 32, 40, 48].map((x, i) => ellipse(x, 32 + (i % 2) * 6, 1.6, 2.6, '#212121')).join('')),
  beer: () => svg(64, `<rect x="14" y="18" width="28" height="38" rx="4" fill="#ffb300" stroke="#e69100" stroke-width="2"/>` + fill('M42 26h6q6 0 6 8v6q0 8-6 8h-6v-5h5q2 0 2-3v-6q0-3-2-3h-5z', '#e69100') + circle(18, 16, 6, '#fff') + circle(28, 13, 7, '#fff') + circle(38, 16, 6, '#fff') + stroke('M22 28v20M30 28v20', '#ffe082', 2.5)),
  coffee: () => svg(64, fill('M12 26h34l-4 26q-1 6-7 6h-12q-6 0-7-6z', '#fff', ' stroke="#8d6e63" stroke-width="2.5"') + fill('M14 28h30l-1 6h-28z', '#6d4c41') + stroke('M46 32h4q6 0 6 6t-6 6h-6', '#8d6e63') + stroke('M22 20q-3-4 0-8t0-8M32 20q-3-4 0-8t0-8', '#bdbdbd', 2.5)),
  pig: () => svg(64, fill('M10 10l10 8-9 6zM54 10l-10 8 9 6z', '#f48fb1') + circle(32, 35, 25, '#f8bbd0', ' stroke="#ec407a" stroke-width="2"') + ellipse(32, 42, 11, 8, '#f48fb1', ' stroke="#ec407a" stroke-width="1.5"') + ellipse(28, 42, 2, 3, '#ad1457') + ellipse(36, 42, 2, 3, '#ad1457') + circle(22, 28, 3, '#3e2723') + circle(42, 28, 3, '#3e2723')),
  rose: () => svg(64, stroke('M32 36v24M32 48q-8-2-12-8M32 52q7-1 10-7', '#388e3c', 3) + circle(32, 22, 14, '#e53935') + stroke('M32 22m-7 0a7 7 0 1 0 7-7M32 22m-3 0a3 3 0 1 1 3 3', '#b71c1c', 2)),
  wilted: () => svg(64, stroke('M20 60q6-18 8-28q2-8 12-10', '#8d8a45', 3) + fill('M40 22q10-2 12 6t-8 10q-10 2-12-6t8-10z', '#8d6e63') + stroke('M42 26q4 0 5 4', '#5d4037', 2) + fill('M34 46q-6 2-4 8z', '#6d4c41')),
  lips: () => svg(64, fill('M6 32q10-14 20-10q6 2 6 2t6-2q10-4 20 10q-10 16-26 16t-26-16z', '#e53935') + stroke('M8 32q24 6 48 0', '#b71c1c', 2.5) + ellipse(22, 27, 4, 2, '#ff8a80')),
  heart: () => svg(64, fill(heartPath(32, 32, 22), '#ff3b5c') + ellipse(21, 21, 5, 3, '#fff', ' opacity=".5" transform="rotate(-30 21 21)"')),
  brokenHeart: () => svg(64, fill('M30 54C6 38 6 14 22 12q6 0 10 6l-5 9 6 7-4 10z', '#ff3b5c') + fill('M36 54C58 38 58 14 42 12q-6 0-10 6l-3 9 6 7-4 10z', '#d81b43')),
  cake: () => svg(64, `<rect x="10" y="30" width="44" height="24" rx="4" fill="#ffe0b2" stroke="#e0a060" stroke-width="2"/>` + fill('M10 34q5 6 11 0t11 0 11 0 11 0v-4h-44z', '#f06292') + `<rect x="30" y="14" width="4" height="16" fill="#64b5f6"/>` + drop(32, 9, 4, '#ff9800') + circle(20, 44, 2, '#e53935') + circle(32, 46, 2, '#e53935') + circle(44, 44, 2, '#e53935')),
  bomb: () => svg(64, circle(28, 38, 20, '#37474f') + ellipse(21, 31, 5, 3, '#90a4ae', ' transform="rotate(-35 21 31)"') + `<rect x="34" y="14" width="10" height="8" rx="2" fill="#546e7a" transform="rotate(35 39 18)"/>` + stroke('M43 14q4-8 10-6', '#8d6e63', 2.5) + fill(starPath(54, 7, 6), '#ff9800')),
  poop: () => svg(64, fill('M12 54q-6 0-6-6t8-7q-4-8 6-10q0-8 10-10q2-8 8-9q-2 6 4 10q8 2 6 9q8 1 6 9q8 2 4 8t-8 6z', '#8d6e63', ' stroke="#5d4037" stroke-width="2"') + circle(26, 38, 3, '#fff') + circle(38, 38, 3, '#fff') + circle(26, 38, 1.5, '#3e2723') + circle(38, 38, 1.5, '#3e2723') + stroke('M27 46q5 4 10 0', '#3e2723', 2)),
  moon: () => svg(64, fill('M40 6a26 26 0 1 0 18 38A22 22 0 0 1 40 6z', '#ffd54f', ' stroke="#f9a825" stroke-width="2"') + circle(26, 30, 3, '#f9a825', ' opacity=".5"') + circle(30, 44, 2, '#f9a825', ' opacity=".5"')),
  sun: () => svg(64, stroke([0, 45, 90, 135, 180, 225, 270, 315].map((a) => {
    const r = (a * Math.PI) / 180
    return `M${(32 + 19 * Math.cos(r)).toFixed(1)} ${(32 + 19 * Math.sin(r)).toFixed(1)}L${(32 + 29 * Math.cos(r)).toFixed(1)} ${(32 + 29 * Math.sin(r)).toFixed(1)}`
  }).join(''), '#ff9800', 4) + circle(32, 32, 15, '#ffca28', ' stroke="#ff9800" stroke-width="2"') + stroke('M26 36q6 5 12 0', '#e65100', 2) + circle(27, 29, 1.8, '#e65100') + circle(37, 29, 1.8, '#e65100')),
  gift: () => svg(64, `<rect x="10" y="26" width="44" height="30" rx="3" fill="#ab47bc"/><rect x="7" y="18" width="50" height="10" rx="3" fill="#ba68c8"/><rect x="28" y="18" width="8" height="38" fill="#ffd54f"/>` + fill('M32 18q-14-14-16-4t16 4zM32 18q14-14 16-4t-16 4z', '#ffd54f')),
  hug: () => svg(64, fill(heartPath(32, 30, 16), '#ff6f86') + fill('M4 40q6-12 16-8l8 6q2 3-1 5l-8-2q-6 6-15-1zM60 40q-6-12-16-8l-8 6q-2 3 1 5l8-2q6 6 15-1z', SKIN, ` stroke="${SKIN_EDGE}" stroke-width="1.5"`)),
  handshake: () => svg(64, fill('M2 30l14-8 12 4 8-4 12 2 14 8-6 12-8 2-10 8q-4 2-7-1l-11-9-12-2z', SKIN, ` stroke="${SKIN_EDGE}" stroke-width="1.8"`) + stroke('M28 26l-6 8q4 4 10 0l6-4M34 46l-6-6M40 42l-6-6M46 38l-5-5', SKIN_EDGE, 1.8)),
  fistPalm: () => svg(64, `<rect x="12" y="18" width="26" height="30" rx="10" fill="${SKIN}" stroke="${SKIN_EDGE}" stroke-width="1.8"/>` + stroke('M14 26h22M14 33h22M14 40h22', SKIN_EDGE, 1.5) + fill('M34 14q4-4 8 0l12 6q4 3 2 8l-4 22q-2 6-8 6h-10z', '#ffd877', ` stroke="${SKIN_EDGE}" stroke-width="1.8"`)),
  beckon: () => svg(64, `<rect x="16" y="28" width="30" height="28" rx="9" fill="${SKIN}" stroke="${SKIN_EDGE}" stroke-width="1.8"/>` + stroke('M22 30V14q0-6 6-6t6 4v6', SKIN, 7) + stroke('M22 30V14q0-6 6-6t6 4v6', SKIN_EDGE, 1.5) + stroke('M30 28h12M30 34h12', SKIN_EDGE, 1.5) + stroke('M44 10q6-2 8 4M48 4q6 0 8 6', '#ff9f1a', 2)),
  palms: () => svg(64, fill('M31 56V22q0-14-6-14t-8 10l-4 24q-1 10 8 14z', SKIN, ` stroke="${SKIN_EDGE}" stroke-width="1.8"`) + fill('M33 56V22q0-14 6-14t8 10l4 24q1 10-8 14z', '#ffd877', ` stroke="${SKIN_EDGE}" stroke-width="1.8"`) + stroke('M8 16l-4-3M56 16l4-3M6 30H1M58 30h5', '#ffb300', 2)),
  popper: () => svg(64, fill('M6 58l16-40 24 24z', '#ffb300', ' stroke="#ef6c00" stroke-width="2"') + stroke('M14 38l8 8M18 28l12 12', '#ef6c00', 2) + fill(starPath(46, 12, 5), '#e91e63') + circle(56, 26, 3, '#42a5f5') + circle(36, 8, 2.5, '#66bb6a') + stroke('M50 34q6-2 8 2M30 14q2-6 6-6', '#ab47bc', 2.5)),
  redPacket: () => svg(64, `<rect x="14" y="6" width="36" height="52" rx="5" fill="#e53935"/>` + fill('M14 11q18 14 36 0v-0q0-5-5-5h-26q-5 0-5 5z', '#c62828') + circle(32, 26, 7, '#ffca28', ' stroke="#f9a825" stroke-width="2"') + stroke('M22 44h20M22 50h20', '#ef9a9a', 2)),
  fireworks: () => svg(64, stroke([0, 30, 60, 90, 120, 150, 180, 210, 240, 270, 300, 330].map((a, i) => {
    const r = (a * Math.PI) / 180
    const l = i % 2 ? 20 : 27
    return `M${(32 + 8 * Math.cos(r)).toFixed(1)} ${(30 + 8 * Math.sin(r)).toFixed(1)}L${(32 + l * Math.cos(r)).toFixed(1)} ${(30 + l * Math.sin(r)).toFixed(1)}`
  }).join(''), '#ff4081', 3) + circle(32, 30, 5, '#ffeb3b') + stroke('M32 38v24', '#9e9e9e', 2)),
  lantern: () => svg(64, stroke('M32 2v8', '#795548', 2) + `<rect x="22" y="8" width="20" height="5" rx="2" fill="#fbc02d"/>` + ellipse(32, 32, 22, 19, '#e53935') + stroke('M32 13q-12 19 0 38M32 13q12 19 0 38', '#b71c1c', 2) + `<rect x="22" y="50" width="20" height="5" rx="2" fill="#fbc02d"/>` + stroke('M28 56v6M32 56v7M36 56v6', '#fbc02d', 2)),
  skull: () => svg(64, fill('M32 6c15 0 24 10 24 22 0 8-4 13-10 16v8q0 4-4 4H22q-4 0-4-4v-8C12 41 8 36 8 28 8 16 17 6 32 6z', '#f5f5f5', ' stroke="#9e9e9e" stroke-width="2"') + ellipse(22, 30, 6, 7, '#37474f') + ellipse(42, 30, 6, 7, '#37474f') + fill('M32 38l-4 7h8z', '#37474f') + stroke('M26 50v6M32 50v6M38 50v6', '#9e9e9e', 2)),
  dog: () => svg(64, fill('M8 26L12 4l16 12zM56 26L52 4 36 16z', '#e0913f') + circle(32, 36, 25, '#f0a04b', ' stroke="#c87a2c" stroke-width="2"') + fill('M14 44q0-10 18-10t18 10q0 14-18 14T14 44z', '#fff6e8') + ellipse(32, 38, 4, 3, '#3e2723') + stroke('M32 41v4M26 46q6 4 12 0', '#3e2723', 2) + stroke('M20 28q3-3 6 0M38 28q3-3 6 0', '#3e2723', 2.5) + ellipse(19, 41, 3, 2, BLUSH, ' opacity=".7"') + ellipse(45, 41, 3, 2, BLUSH, ' opacity=".7"')),
}

// ---------------------------------------------------------------------------------------------
// The basic set: [key, name, drawing]. The order is the picker's order and the [::n] index.

const BASIC = [
  ['smile', '微笑', () => face({ mouth: 'smile' })],
  ['pout', '撇嘴', () => face({ eyes: 'worried', mouth: 'pout' })],
  ['lust', '色', () => face({ eyes: 'heart', mouth: 'bigSmile', extras: ['drool'] })],
  ['daze', '发呆', () => face({ eyes: 'blank', mouth: 'flat' })],
  ['proud', '得意', () => face({ eyes: 'glasses', mouth: 'smirk' })],
  ['tearful', '流泪', () => face({ eyes: 'sadClosed', mouth: 'frown', extras: ['tears'] })],
  ['shy', '害羞', () => face({ eyes: 'happy', mouth: 'smallSmile', extras: ['blush'] })],
  ['shutup', '闭嘴', () => face({ eyes: 'dot', mouth: 'zip' })],
  ['sleep', '睡', () => face({ eyes: 'closed', mouth: 'smallO', extras: ['zzz'] })],
  ['bawl', '大哭', () => face({ eyes: 'sadClosed', mouth: 'laugh', extras: ['streams'] })],
  ['awkward', '尴尬', () => face({ eyes: 'sideLeft', mouth: 'clench', extras: ['sweat'] })],
  ['angry', '发怒', () => face({ color: '#ff7043', edge: '#d84315', eyes: 'angry', mouth: 'frown', extras: ['anger'] })],
  ['naughty', '调皮', () => face({ eyes: 'wink', mouth: 'tongue' })],
  ['grin', '呲牙', () => face({ eyes: 'happy', mouth: 'grin' })],
  ['surprise', '惊讶', () => face({ eyes: 'wide', mouth: 'open' })],
  ['sad', '难过', () => face({ eyes: 'worried', mouth: 'frown' })],
  ['cool', '酷', () => face({ eyes: 'glasses', mouth: 'smile' })],
  ['coldsweat', '冷汗', () => face({ eyes: 'dot', mouth: 'wavy', extras: ['paleTop', 'coldSweat'] })],
  ['crazy', '抓狂', () => face({ eyes: 'chevron', mouth: 'scream', extras: ['anger'] })],
  ['vomit', '吐', () => face({ color: '#9ccc65', edge: '#689f38', eyes: 'cross', mouth: 'open' })],
  ['chuckle', '偷笑', () => face({ eyes: 'happy', mouth: 'smallSmile', extras: ['shh', 'blush'] })],
  ['joyful', '愉快', () => face({ eyes: 'happy', mouth: 'bigSmile', extras: ['blush'] })],
  ['eyeroll', '白眼', () => face({ eyes: 'roll', mouth: 'flat' })],
  ['haughty', '傲慢', () => face({ eyes: 'smug', mouth: 'pout' })],
  ['hungry', '饥饿', () => face({ eyes: 'star', mouth: 'open', extras: ['drool'] })],
  ['drowsy', '困', () => face({ eyes: 'sleepy', mouth: 'yawn' })],
  ['terror', '惊恐', () => face({ color: '#b3c7ff', edge: '#5c7cfa', eyes: 'wide', mouth: 'scream' })],
  ['sweat', '流汗', () => face({ eyes: 'sadClosed', mouth: 'sadSmile', extras: ['sweat'] })],
  ['silly', '憨笑', () => face({ eyes: 'tiny', mouth: 'bigSmile', extras: ['blush'] })],
  ['leisure', '悠闲', () => face({ eyes: 'closed', mouth: 'smile', extras: ['sparkle'] })],
  ['strive', '奋斗', () => face({ eyes: 'angry', mouth: 'clench', extras: ['headband'] })],
  ['curse', '咒骂', () => face({ color: '#ff8a65', edge: '#e64a19', eyes: 'angry', mouth: 'none', extras: ['curse'] })],
  ['question', '疑问', () => face({ eyes: 'sideRight', mouth: 'smallO', extras: ['question'] })],
  ['hush', '嘘', () => face({ eyes: 'dot', mouth: 'kiss', extras: ['shh'] })],
  ['dizzy', '晕', () => face({ eyes: 'spiral', mouth: 'wavy' })],
  ['mad', '疯了', () => face({ eyes: 'spiral', mouth: 'laugh', extras: ['anger'] })],
  ['unlucky', '衰', () => face({ color: '#d7ccc8', edge: '#8d6e63', eyes: 'sadClosed', mouth: 'frown', extras: ['bandage'] })],
  ['skull', '骷髅', OBJECTS.skull],
  ['knock', '敲打', () => face({ eyes: 'cross', mouth: 'open', extras: ['hammer'] })],
  ['bye', '再见', () => face({ eyes: 'happy', mouth: 'smile', extras: ['wave'] })],
  ['wipesweat', '擦汗', () => face({ eyes: 'closed', mouth: 'sadSmile', extras: ['tissue'] })],
  ['nosepick', '抠鼻', () => face({ eyes: 'smug', mouth: 'flat', extras: ['nosePick'] })],
  ['applause', '鼓掌', () => face({ eyes: 'happy', mouth: 'bigSmile', extras: ['clap'] })],
  ['embarrassed', '糗大了', () => face({ color: '#ffab91', edge: '#f4511e', eyes: 'chevron', mouth: 'wavy', extras: ['blush', 'sweat'] })],
  ['sly', '坏笑', () => face({ eyes: 'smug', mouth: 'smirk' })],
  ['humphleft', '左哼哼', () => face({ eyes: 'sideLeft', mouth: 'pout', extras: ['vein'] })],
  ['humphright', '右哼哼', () => face({ eyes: 'sideRight', mouth: 'pout', extras: ['anger'] })],
  ['yawn', '哈欠', () => face({ eyes: 'closed', mouth: 'yawn', extras: ['tear'] })],
  ['contempt', '鄙视', () => face({ eyes: 'smug', mouth: 'frown' })],
  ['wronged', '委屈', () => face({ eyes: 'glossy', mouth: 'pout', extras: ['tear'] })],
  ['almostcry', '快哭了', () => face({ eyes: 'glossy', mouth: 'frown', extras: ['tears'] })],
  ['sinister', '阴险', () => face({ color: '#b39ddb', edge: '#7e57c2', eyes: 'smug', mouth: 'smirk' })],
  ['kiss', '亲亲', () => face({ eyes: 'closed', mouth: 'kiss', extras: ['smallHeart', 'blush'] })],
  ['scared', '吓', () => face({ eyes: 'wide', mouth: 'smallO', extras: ['paleTop', 'shake'] })],
  ['pitiful', '可怜', () => face({ eyes: 'glossy', mouth: 'sadSmile', extras: ['blush'] })],
  ['heyha', '嘿哈', () => face({ eyes: 'angry', mouth: 'bigSmile', extras: ['fists'] })],
  ['facepalm', '捂脸', () => face({ eyes: 'happy', mouth: 'grin', extras: ['handFace'] })],
  ['smirk', '奸笑', () => face({ eyes: 'smug', mouth: 'smallSmile', extras: ['chinHand'] })],
  ['smart', '机智', () => face({ eyes: 'wink', mouth: 'smile', extras: ['fingerTemple'] })],
  ['frown', '皱眉', () => face({ eyes: 'worried', mouth: 'flat' })],
  ['yeah', '耶', () => face({ eyes: 'happy', mouth: 'bigSmile', extras: ['vHand'] })],
  ['melon', '吃瓜', () => face({ eyes: 'sideRight', mouth: 'bite', extras: ['watermelon'] })],
  ['cheer', '加油', () => face({ eyes: 'star', mouth: 'grin', extras: ['headband', 'fistCheek'] })],
  ['sweatdrop', '汗', () => face({ eyes: 'dot', mouth: 'flat', extras: ['sweat'] })],
  ['omg', '天啊', () => face({ eyes: 'wide', mouth: 'scream', extras: ['cheeks'] })],
  ['shiver', '发抖', () => face({ color: '#b3e5fc', edge: '#29b6f6', eyes: 'worried', mouth: 'clench', extras: ['shake'] })],
  ['doge', '旺柴', OBJECTS.dog],
  ['okay', '好的', () => face({ eyes: 'happy', mouth: 'smile', extras: ['okHand'] })],
  ['slap', '打脸', () => face({ eyes: 'cross', mouth: 'wavy', extras: ['slap'] })],
  ['wow', '哇', () => face({ eyes: 'star', mouth: 'open', extras: ['sparkle'] })],
  ['sigh', '叹气', () => face({ eyes: 'sadClosed', mouth: 'smallO', extras: ['puff'] })],
  ['bitter', '苦涩', () => face({ eyes: 'worried', mouth: 'sadSmile', extras: ['tear'] })],
  ['crack', '裂开', () => face({ eyes: 'blank', mouth: 'wavy', extras: ['crack'] })],
  ['cleaver', '菜刀', OBJECTS.cleaver],
  ['watermelon', '西瓜', OBJECTS.watermelon],
  ['beer', '啤酒', OBJECTS.beer],
  ['coffee', '咖啡', OBJECTS.coffee],
  ['pig', '猪头', OBJECTS.pig],
  ['rose', '玫瑰', OBJECTS.rose],
  ['wilt', '凋谢', OBJECTS.wilted],
  ['lips', '嘴唇', OBJECTS.lips],
  ['heart', '爱心', OBJECTS.heart],
  ['brokenheart', '心碎', OBJECTS.brokenHeart],
  ['cake', '蛋糕', OBJECTS.cake],
  ['bomb', '炸弹', OBJECTS.bomb],
  ['poop', '便便', OBJECTS.poop],
  ['moon', '月亮', OBJECTS.moon],
  ['sun', '太阳', OBJECTS.sun],
  ['hug', '拥抱', OBJECTS.hug],
  ['thumbsup', '强', () => hand({ up: [], thumb: 'up' })],
  ['thumbsdown', '弱', () => hand({ up: [], thumb: 'up', rotate: 180, tone: '#ffd877' })],
  ['handshake', '握手', OBJECTS.handshake],
  ['victory', '胜利', () => hand({ up: [0, 1], thumb: 'across' })],
  ['salute', '抱拳', OBJECTS.fistPalm],
  ['beckon', '勾引', OBJECTS.beckon],
  ['fist', '拳头', () => hand({ up: [], thumb: 'across', tone: '#ffc940' })],
  ['ok', 'OK', () => hand({ up: [1, 2, 3], thumb: 'side', extra: circle(19, 24, 6, 'none', ` stroke="${SKIN_EDGE}" stroke-width="4"`) })],
  ['pray', '合十', OBJECTS.palms],
  ['party', '庆祝', OBJECTS.popper],
  ['gift', '礼物', OBJECTS.gift],
  ['redpacket', '红包', OBJECTS.redPacket],
  ['fireworks', '烟花', OBJECTS.fireworks],
  ['lantern', '灯笼', OBJECTS.lantern],
]

// ---------------------------------------------------------------------------------------------
// Stickers (120×120). Group 1: 团子, a round rice-cake character in different moods.

const sticker = (body) => svg(120, body)
const T_INK = '#4a3328'

function tuanzi({ body = '#fff7ef', edge = '#e8c9b0', cheeks = '#ffb3b3', eyes, mouth, extra = '', behind = '' }) {
  return sticker(
    behind +
      fill('M14 84q0-46 46-46t46 46q0 22-46 22T14 84z', body, ` stroke="${edge}" stroke-width="3"`) +
      ellipse(36, 84, 7, 4.5, cheeks, ' opacity=".8"') +
      ellipse(84, 84, 7, 4.5, cheeks, ' opacity=".8"') +
      eyes +
      mouth +
      extra,
  )
}
const tEyes = {
  dot: circle(44, 72, 4.5, T_INK) + circle(76, 72, 4.5, T_INK) + circle(45.5, 70.5, 1.5, '#fff') + circle(77.5, 70.5, 1.5, '#fff'),
  happy: stroke('M38 74q6-8 12 0M70 74q6-8 12 0', T_INK, 3.5),
  closed: stroke('M38 72h12M70 72h12', T_INK, 3.5),
  sad: stroke('M38 70q6 6 12 0M70 70q6 6 12 0', T_INK, 3.5),
  big: circle(44, 71, 8, T_INK) + circle(76, 71, 8, T_INK) + circle(47, 68, 3, '#fff') + circle(79, 68, 3, '#fff'),
  angry: circle(44, 74, 4.5, T_INK) + circle(76, 74, 4.5, T_INK) + stroke('M36 62l14 6M84 62l-14 6', T_INK, 3.5),
  x: stroke('M39 67l10 10M49 67l-10 10M71 67l10 10M81 67l-10 10', T_INK, 3.5),
  heart: fill(heartPath(44, 72, 7), '#ff4d6d') + fill(heartPath(76, 72, 7), '#ff4d6d'),
  star: fill(starPath(44, 72, 9), '#ffb300') + fill(starPath(76, 72, 9), '#ffb300'),
  wink: stroke('M38 74q6-8 12 0', T_INK, 3.5) + circle(76, 72, 4.5, T_INK),
}
const tMouth = {
  smile: stroke('M54 84q6 6 12 0', T_INK, 3),
  open: fill('M52 82h16q0 12-8 12t-8-12z', '#c2410c') + fill('M55 90q5-3 10 0q-2 4-5 4t-5-4z', TONGUE),
  o: ellipse(60, 88, 5, 6, '#c2410c'),
  flat: stroke('M54 87h12', T_INK, 3),
  frown: stroke('M53 90q7-7 14 0', T_INK, 3),
  cat: stroke('M52 84q4 4 8 0q4 4 8 0', T_INK, 3),
  wail: fill('M48 82h24q0 16-12 16t-12-16z', '#c2410c'),
  chew: stroke('M52 86q4-3 8 0t8 0', T_INK, 3),
}
const hand2 = (x, y, r = 9, color = '#fff7ef', edge = '#e8c9b0') => circle(x, y, r, color, ` stroke="${edge}" stroke-width="3"`)

const GROUP1 = [
  ['hello', '你好', () => tuanzi({ eyes: tEyes.dot, mouth: tMouth.open, extra: hand2(102, 46) + stroke('M94 26q6-6 12-2M104 18q6-4 10 2', '#ff9f1a', 3) })],
  ['ok', '好哒', () => tuanzi({ eyes: tEyes.happy, mouth: tMouth.smile, extra: circle(100, 52, 12, '#fff7ef', ' stroke="#e8c9b0" stroke-width="3"') + circle(100, 52, 5, 'none', ' stroke="#e8c9b0" stroke-width="3"') + fill(starPath(20, 30, 8), '#7ed957') })],
  ['love', '爱你', () => tuanzi({ eyes: tEyes.heart, mouth: tMouth.smile, extra: fill(heartPath(96, 26, 12), '#ff4d6d') + fill(heartPath(74, 14, 7), '#ff8fa3') + fill(heartPath(24, 30, 8), '#ff8fa3') })],
  ['cry', '哭哭', () => tuanzi({ eyes: tEyes.sad, mouth: tMouth.wail, extra: fill('M38 76h8l4 28H34zM72 76h8l4 28H68z', TEAR, ' opacity=".85"') })],
  ['laugh', '哈哈哈', () => tuanzi({ eyes: tEyes.closed, mouth: tMouth.open, extra: stroke('M14 36l10 6M18 24l8 10M106 36l-10 6M102 24l-8 10', '#ff9f1a', 3) + drop(28, 62, 5) })],
  ['angry', '生气', () => tuanzi({ body: '#ffe1d6', edge: '#f08a6c', eyes: tEyes.angry, mouth: tMouth.frown, extra: stroke('M90 22q6 6 0 12M102 22q-6 6 0 12M92 20q5 5 10 0M92 36q5-5 10 0', '#e53935', 3.5) })],
  ['sleep', '晚安', () => tuanzi({ body: '#eef0ff', edge: '#a9b4f5', eyes: tEyes.closed, mouth: tMouth.o, extra: stroke('M84 18h12l-12 14h12M102 8h8l-8 9h8', '#5b6ef5', 3) + fill('M16 24a14 14 0 1 0 16 16 11 11 0 0 1-16-16z', '#ffd54f') })],
  ['shock', '震惊', () => tuanzi({ eyes: tEyes.big, mouth: tMouth.o, extra: stroke('M24 26l6 10M60 14v12M96 26l-6 10', '#ff5252', 4) })],
  ['thanks', '谢谢', () => tuanzi({ eyes: tEyes.happy, mouth: tMouth.smile, extra: fill('M46 100q14-16 28 0z', '#fff7ef', ' stroke="#e8c9b0" stroke-width="3"') + fill(starPath(100, 30, 9), '#ffd400') + fill(starPath(22, 40, 6), '#ffd400') })],
  ['eat', '干饭', () => tuanzi({ eyes: tEyes.star, mouth: tMouth.chew, extra: fill('M80 92l20-8q8 0 8 8l-4 10q-10 6-24 0z', '#fff', ' stroke="#90a4ae" stroke-width="3"') + stroke('M96 58l8 30M104 56l4 30', '#8d6e63', 3) })],
  ['thumb', '点赞', () => tuanzi({ eyes: tEyes.wink, mouth: tMouth.smile, extra: `<rect x="92" y="30" width="12" height="26" rx="6" fill="#fff7ef" stroke="#e8c9b0" stroke-width="3"/>` + hand2(98, 62, 11) })],
  ['shy', '害羞', () => tuanzi({ cheeks: '#ff7a93', eyes: tEyes.closed, mouth: tMouth.cat, extra: hand2(40, 96, 8) + hand2(80, 96, 8) + fill(heartPath(98, 40, 7), '#ff8fa3') })],
  ['confused', '啊这', () => tuanzi({ eyes: tEyes.dot, mouth: tMouth.flat, extra: stroke('M92 20q0-8 9-8t9 9q0 6-9 9v6', '#5b6ef5', 4) + circle(101, 46, 3, '#5b6ef5') + drop(22, 56, 6) })],
  ['yay', '耶', () => tuanzi({ eyes: tEyes.star, mouth: tMouth.open, extra: hand2(14, 52) + hand2(106, 52) + fill(starPath(60, 18, 10), '#ffd400') + fill(starPath(30, 22, 6), '#7ed957') + fill(starPath(92, 20, 6), '#4fc3f7') })],
  ['sorry', '对不起', () => tuanzi({ eyes: tEyes.sad, mouth: tMouth.frown, extra: drop(86, 60, 6) + stroke('M48 34l-4-10M60 32V20M72 34l4-10', '#90a4ae', 3) })],
  ['bye', '拜拜', () => tuanzi({ eyes: tEyes.happy, mouth: tMouth.smile, extra: hand2(104, 40) + hand2(16, 40) + stroke('M96 22q6-2 10 4M14 24q-4 2-4 8', '#ff9f1a', 3) })],
  ['dizzy', '晕了', () => tuanzi({ body: '#f0fff4', edge: '#8fd19e', eyes: tEyes.x, mouth: tMouth.frown, extra: fill(starPath(30, 30, 8), '#ffd400') + fill(starPath(60, 22, 7), '#ffd400') + fill(starPath(90, 30, 8), '#ffd400') })],
  ['rich', '发财', () => tuanzi({ eyes: tEyes.star, mouth: tMouth.smile, extra: circle(98, 34, 13, '#ffca28', ' stroke="#f9a825" stroke-width="3"') + `<rect x="93" y="29" width="10" height="10" fill="none" stroke="#f9a825" stroke-width="3"/>` + circle(22, 32, 9, '#ffca28', ' stroke="#f9a825" stroke-width="3"') })],
]

// Group 2: 喵喵, cat heads in different coats.
function cat({ fur, edge, inner = '#ffc1cc', patch = '', eyes, mouth = stroke('M52 78q4 5 8 0q4 5 8 0', '#5d4037', 3), extra = '' }) {
  return sticker(
    fill('M18 52L22 10l32 22zM102 52L98 10 66 22z', fur, ` stroke="${edge}" stroke-width="3"`) +
      fill('M25 40l2-20 16 11zM95 40l-2-20-16 11z', inner) +
      ellipse(60, 66, 46, 40, fur, ` stroke="${edge}" stroke-width="3"`) +
      patch +
      eyes +
      fill('M55 70h10l-5 5z', '#ff8a9b') +
      mouth +
      stroke('M10 66l20 4M10 78l20-2M110 66l-20 4M110 78l-20-2', edge, 2) +
      extra,
  )
}
const cEyes = {
  round: circle(42, 58, 7, '#2e3a23') + circle(78, 58, 7, '#2e3a23') + circle(44, 55, 2.5, '#fff') + circle(80, 55, 2.5, '#fff'),
  green: ellipse(42, 58, 7, 8, '#8bc34a') + ellipse(78, 58, 7, 8, '#8bc34a') + ellipse(42, 58, 2, 6, '#1b1b1b') + ellipse(78, 58, 2, 6, '#1b1b1b'),
  blue: ellipse(42, 58, 7, 8, '#4fc3f7') + ellipse(78, 58, 7, 8, '#4fc3f7') + ellipse(42, 58, 2, 6, '#1b1b1b') + ellipse(78, 58, 2, 6, '#1b1b1b'),
  happy: stroke('M35 60q7-9 14 0M71 60q7-9 14 0', '#3e2723', 3.5),
  closed: stroke('M35 58h14M71 58h14', '#3e2723', 3.5),
  sad: stroke('M35 56q7 7 14 0M71 56q7 7 14 0', '#3e2723', 3.5),
  angry: circle(42, 60, 5, '#3e2723') + circle(78, 60, 5, '#3e2723') + stroke('M32 46l16 8M88 46l-16 8', '#3e2723', 3.5),
  heart: fill(heartPath(42, 58, 8), '#ff4d6d') + fill(heartPath(78, 58, 8), '#ff4d6d'),
  wide: circle(42, 58, 9, '#fff', ' stroke="#3e2723" stroke-width="2"') + circle(78, 58, 9, '#fff', ' stroke="#3e2723" stroke-width="2"') + circle(42, 58, 4, '#3e2723') + circle(78, 58, 4, '#3e2723'),
  smug: stroke('M34 54h16M70 54h16', '#3e2723', 3) + fill('M35 55h14a7 6 0 0 1-14 0zM71 55h14a7 6 0 0 1-14 0z', '#3e2723'),
}
const GROUP2 = [
  ['orange', '喵~', () => cat({ fur: '#ffb74d', edge: '#e68a00', patch: stroke('M50 30l4 10M60 28v12M70 30l-4 10', '#e68a00', 4), eyes: cEyes.round })],
  ['grey', '盯', () => cat({ fur: '#b0bec5', edge: '#78909c', eyes: cEyes.green, mouth: stroke('M54 80h12', '#455a64', 3) })],
  ['black', '哼', () => cat({ fur: '#424242', edge: '#212121', inner: '#8d6e63', eyes: cEyes.angry.replaceAll('#3e2723', '#ffeb3b'), mouth: stroke('M52 82q8-6 16 0', '#ffeb3b', 3) })],
  ['white', '开心', () => cat({ fur: '#fafafa', edge: '#bdbdbd', eyes: cEyes.happy, mouth: fill('M52 76h16q0 10-8 10t-8-10z', '#e57373'), extra: fill(starPath(100, 100, 8), '#ffd400') })],
  ['calico', '贴贴', () => cat({ fur: '#fff3e0', edge: '#d7a86e', patch: fill('M24 52q10-16 26-8q-2 14-18 16zM80 40q14 0 20 14q-10 8-22 0z', '#ff9800') + fill('M60 30q10-4 14 6q-8 6-14 0z', '#5d4037'), eyes: cEyes.closed, extra: ellipse(34, 74, 6, 4, BLUSH) + ellipse(86, 74, 6, 4, BLUSH) })],
  ['siamese', '优雅', () => cat({ fur: '#f5e6d3', edge: '#a1887f', inner: '#6d4c41', patch: ellipse(60, 76, 18, 14, '#8d6e63', ' opacity=".55"'), eyes: cEyes.blue })],
  ['tabby', '委屈', () => cat({ fur: '#c8a27a', edge: '#8d6e63', patch: stroke('M26 56h12M82 56h12M54 32l2 8M66 32l-2 8', '#8d6e63', 4), eyes: circle(42, 58, 8, '#3e2723') + circle(78, 58, 8, '#3e2723') + circle(45, 55, 3, '#fff') + circle(81, 55, 3, '#fff') + circle(40, 61, 1.5, '#fff') + circle(76, 61, 1.5, '#fff'), mouth: stroke('M52 82q8-5 16 0', '#5d4037', 3), extra: drop(30, 74, 5) })],
  ['pink', '比心', () => cat({ fur: '#f8bbd0', edge: '#ec407a', eyes: cEyes.heart, extra: fill(heartPath(100, 24, 10), '#ff4d6d') })],
  ['sleepy', '困困', () => cat({ fur: '#d1c4e9', edge: '#9575cd', eyes: cEyes.closed, mouth: ellipse(60, 82, 4, 5, '#7e57c2'), extra: stroke('M90 16h12l-12 14h12', '#7e57c2', 3) })],
  ['shocked', '吓死', () => cat({ fur: '#fff59d', edge: '#fbc02d', eyes: cEyes.wide, mouth: ellipse(60, 84, 6, 8, '#6d4c41'), extra: stroke('M8 30l10 8M112 30l-10 8M60 4v10', '#ff5252', 4) })],
  ['cry', '呜呜', () => cat({ fur: '#cfd8dc', edge: '#90a4ae', eyes: cEyes.sad, mouth: fill('M50 80h20q0 12-10 12t-10-12z', '#6d4c41'), extra: fill('M34 60h8l4 40H30zM78 60h8l4 40H74z', TEAR, ' opacity=".8"') })],
  ['cool', '酷', () => cat({ fur: '#a1887f', edge: '#6d4c41', eyes: fill('M26 50h68v6c0 10-6 14-14 14s-12-6-13-12h-14c-1 6-5 12-13 12s-14-4-14-14z', '#212121'), mouth: stroke('M54 82q8 4 14-4', '#3e2723', 3) })],
  ['fish', '小鱼干', () => cat({ fur: '#ffe0b2', edge: '#ffa726', eyes: cEyes.happy, extra: fill('M70 96q14-12 30 0q-16 12-30 0zM100 96l10-8v16z', '#4fc3f7', ' stroke="#0288d1" stroke-width="2"') + circle(78, 94, 2, '#01579b') })],
  ['angry', '炸毛', () => cat({ fur: '#ff8a65', edge: '#e64a19', patch: stroke('M14 40l-8-6M106 40l8-6M30 24l-6-8M90 24l6-8', '#e64a19', 4), eyes: cEyes.angry, mouth: stroke('M52 84q8-6 16 0', '#3e2723', 3) })],
  ['smug', '得意', () => cat({ fur: '#80cbc4', edge: '#26a69a', eyes: cEyes.smug, mouth: stroke('M52 80q10 4 18-4', '#004d40', 3), extra: fill(starPath(102, 20, 9), '#ffd400') })],
  ['wave', '嗨', () => cat({ fur: '#ffcc80', edge: '#fb8c00', eyes: cEyes.round, extra: circle(104, 88, 10, '#ffcc80', ' stroke="#fb8c00" stroke-width="3"') + stroke('M98 64q6-4 12 0M104 56q6-4 10 2', '#fb8c00', 3) })],
]

// Group 3: 小物, everyday things with faces.
const o = { ink: '#3e2723' }
const faceOn = (cx, cy, kind = 'smile', s = 1) => {
  const e = `${circle(cx - 9 * s, cy, 3.5 * s, o.ink)}${circle(cx + 9 * s, cy, 3.5 * s, o.ink)}`
  const cheeks = ellipse(cx - 15 * s, cy + 7 * s, 4.5 * s, 3 * s, BLUSH, ' opacity=".8"') + ellipse(cx + 15 * s, cy + 7 * s, 4.5 * s, 3 * s, BLUSH, ' opacity=".8"')
  const mouths = {
    smile: stroke(`M${cx - 5 * s} ${cy + 6 * s}q${5 * s} ${5 * s} ${10 * s} 0`, o.ink, 2.5),
    open: fill(`M${cx - 6 * s} ${cy + 5 * s}h${12 * s}q0 ${9 * s}-${6 * s} ${9 * s}t-${6 * s}-${9 * s}z`, '#c62828'),
    o: ellipse(cx, cy + 8 * s, 3 * s, 4 * s, '#c62828'),
    flat: stroke(`M${cx - 5 * s} ${cy + 8 * s}h${10 * s}`, o.ink, 2.5),
  }
  const eyesHappy = stroke(`M${cx - 13 * s} ${cy + 1}q${4 * s}-${6 * s} ${8 * s} 0M${cx + 5 * s} ${cy + 1}q${4 * s}-${6 * s} ${8 * s} 0`, o.ink, 3)
  return (kind === 'happy' ? eyesHappy + mouths.open : kind === 'sleep' ? stroke(`M${cx - 13 * s} ${cy}h${8 * s}M${cx + 5 * s} ${cy}h${8 * s}`, o.ink, 3) + mouths.o : e + mouths[kind]) + cheeks
}
const GROUP3 = [
  ['coffee', '续命', () => sticker(fill('M24 44h60l-6 54q-1 10-11 10H41q-10 0-11-10z', '#fff', ' stroke="#8d6e63" stroke-width="4"') + fill('M27 50h54l-1 10H28z', '#6d4c41') + stroke('M84 56h8q10 0 10 12t-10 12h-10', '#8d6e63', 4) + stroke('M44 36q-5-7 0-14t0-14M62 36q-5-7 0-14t0-14', '#bdbdbd', 4) + faceOn(54, 76, 'sleep'))],
  ['toast', '早安', () => sticker(fill('M20 48q-10-26 14-30 26-8 52 0 24 4 14 30v52q0 8-8 8H28q-8 0-8-8z', '#ffcc80', ' stroke="#c77c02" stroke-width="4"') + fill('M30 50q-6-16 10-20 20-6 40 0 16 4 10 20v46H30z', '#fff3d6') + faceOn(60, 70, 'happy'))],
  ['cloud', '发呆', () => sticker(fill('M24 84q-16 0-16-16t18-16q2-22 26-22 18 0 24 16 4-4 12-4 20 0 20 22 12 4 10 14-4 6-14 6z', '#e3f2fd', ' stroke="#64b5f6" stroke-width="4"') + faceOn(60, 64, 'flat') + stroke('M40 94l-4 12M60 94l-4 12M80 94l-4 12', '#64b5f6', 4))],
  ['sun', '元气满满', () => sticker(stroke([0, 45, 90, 135, 180, 225, 270, 315].map((a) => {
    const r = (a * Math.PI) / 180
    return `M${(60 + 38 * Math.cos(r)).toFixed(1)} ${(60 + 38 * Math.sin(r)).toFixed(1)}L${(60 + 54 * Math.cos(r)).toFixed(1)} ${(60 + 54 * Math.sin(r)).toFixed(1)}`
  }).join(''), '#ff9800', 7) + circle(60, 60, 32, '#ffca28', ' stroke="#ff9800" stroke-width="4"') + faceOn(60, 58, 'happy'))],
  ['moon', '好梦', () => sticker(fill('M74 10a50 50 0 1 0 36 74A42 42 0 0 1 74 10z', '#fff59d', ' stroke="#fbc02d" stroke-width="4"') + faceOn(50, 62, 'sleep') + stroke('M86 20h10l-10 12h10', '#7e57c2', 3.5))],
  ['star', '闪亮', () => sticker(fill(starPath(60, 62, 52), '#ffd54f', ' stroke="#ffa000" stroke-width="4" stroke-linejoin="round"') + faceOn(60, 64, 'smile') + fill(starPath(104, 16, 8), '#ffe082') + fill(starPath(16, 100, 6), '#ffe082'))],
  ['cactus', '扎心', () => sticker(`<rect x="42" y="20" width="36" height="72" rx="18" fill="#66bb6a" stroke="#2e7d32" stroke-width="4"/>` + fill('M42 64H28q-10 0-10-10V40q0-6 6-6t6 6v12h12zM78 56h14V34q0-6 6-6t6 6v22q0 12-12 12H78z', '#66bb6a', ' stroke="#2e7d32" stroke-width="4"') + fill('M30 92h60l-6 22H36z', '#d87d4a', ' stroke="#a0522d" stroke-width="4"') + faceOn(60, 52, 'o', 0.9) + stroke('M50 30l-4-3M70 30l4-3M48 80l-4 2M72 80l4 2', '#1b5e20', 2.5))],
  ['icecream', '甜甜', () => sticker(fill('M36 58l24 56 24-56z', '#ffcc80', ' stroke="#e0913f" stroke-width="4"') + stroke('M44 70l28 8M48 84l20 6', '#e0913f', 3) + circle(60, 44, 28, '#f8bbd0', ' stroke="#ec407a" stroke-width="4"') + circle(60, 14, 7, '#e53935') + faceOn(60, 44, 'happy'))],
  ['donut', '圆满', () => sticker(circle(60, 62, 48, '#ffcc80', ' stroke="#d99a4e" stroke-width="4"') + fill('M16 58q4-40 44-42t44 42q-8 10-18 4-10 10-20 2-12 10-22 0-12 8-28-6z', '#f06292') + circle(60, 62, 12, '#fff', ' stroke="#d99a4e" stroke-width="4"') + stroke('M32 40l6-2M80 34l4 4M94 52l-2 5M48 28l5 3', '#fff59d', 3.5) + faceOn(60, 90, 'smile', 0.8))],
  ['mushroom', '蘑菇', () => sticker(fill('M12 62q0-46 48-46t48 46z', '#e53935', ' stroke="#b71c1c" stroke-width="4"') + circle(36, 40, 8, '#fff') + circle(70, 30, 7, '#fff') + circle(88, 50, 6, '#fff') + `<rect x="38" y="60" width="44" height="48" rx="14" fill="#fff3e0" stroke="#bcaaa4" stroke-width="4"/>` + faceOn(60, 80, 'smile', 0.9))],
  ['avocado', '牛油果', () => sticker(fill('M60 8q30 0 36 50 6 54-36 54T24 58Q30 8 60 8z', '#7cb342', ' stroke="#33691e" stroke-width="4"') + fill('M60 20q22 0 26 40 4 42-26 42T34 60q4-40 26-40z', '#dce775') + circle(60, 76, 16, '#8d6e63') + faceOn(60, 46, 'smile', 0.8))],
  ['onigiri', '饭团', () => sticker(fill('M60 10q10 0 40 60 12 30-12 38H32Q8 100 20 70 50 10 60 10z', '#fff', ' stroke="#bdbdbd" stroke-width="4"') + `<rect x="38" y="78" width="44" height="30" rx="4" fill="#263238"/>` + faceOn(60, 56, 'happy'))],
  ['balloon', '庆祝', () => sticker(ellipse(60, 48, 36, 42, '#42a5f5', ' stroke="#1565c0" stroke-width="4"') + fill('M54 90h12l-6 8z', '#1565c0') + stroke('M60 98q-8 8 0 12t0 10', '#757575', 3) + ellipse(46, 30, 8, 12, '#fff', ' opacity=".45"') + faceOn(60, 50, 'happy'))],
  ['tea', '喝茶', () => sticker(fill('M14 60h74v10q0 32-37 32T14 70z', '#a5d6a7', ' stroke="#388e3c" stroke-width="4"') + stroke('M88 66h8q10 0 10 10t-14 12', '#388e3c', 4) + ellipse(51, 60, 37, 7, '#c5e1a5', ' stroke="#388e3c" stroke-width="4"') + fill('M60 52q10-18 24-10-8 14-24 10z', '#66bb6a') + faceOn(51, 80, 'sleep', 0.9))],
  ['pudding', '软软', () => sticker(fill('M26 104l10-66h48l10 66z', '#ffe082', ' stroke="#f9a825" stroke-width="4"') + fill('M36 38q24-12 48 0l2 12q-6 8-12 0-6 10-14 0-8 10-14 0-6 8-12 0z', '#8d6e63') + circle(60, 24, 8, '#e53935') + stroke('M60 16q2-8 8-10', '#2e7d32', 3) + faceOn(60, 76, 'smile'))],
  ['egg', '躺平', () => sticker(fill('M8 80q0-30 30-34 22-4 44 0 30 4 30 34 0 30-52 30T8 80z', '#fff', ' stroke="#bdbdbd" stroke-width="4"') + circle(62, 76, 24, '#ffca28', ' stroke="#f9a825" stroke-width="3"') + faceOn(62, 74, 'sleep', 0.8))],
  ['gift', '惊喜', () => sticker(`<rect x="20" y="52" width="80" height="56" rx="6" fill="#ab47bc" stroke="#7b1fa2" stroke-width="4"/><rect x="14" y="38" width="92" height="18" rx="5" fill="#ce93d8" stroke="#7b1fa2" stroke-width="4"/><rect x="54" y="38" width="12" height="70" fill="#ffd54f"/>` + fill('M60 38q-24-26-30-8t30 8zM60 38q24-26 30-8t-30 8z', '#ffd54f', ' stroke="#f9a825" stroke-width="3"') + faceOn(60, 80, 'open', 0.9))],
]

const STICKER_GROUPS = [
  { id: 1, key: 'tuanzi', name: '团子', items: GROUP1 },
  { id: 2, key: 'miaomiao', name: '喵喵', items: GROUP2 },
  { id: 3, key: 'xiaowu', name: '小物', items: GROUP3 },
]

// ---------------------------------------------------------------------------------------------
// Output

function check() {
  if (BASIC.length !== 103) throw new Error(`basic set has ${BASIC.length} emoji, expected 103`)
  const sizes = STICKER_GROUPS.map((g) => g.items.length).join(',')
  if (sizes !== '18,16,17') throw new Error(`sticker groups have ${sizes}, expected 18,16,17`)
  const seen = new Set()
  for (const [key, name] of BASIC) {
    if (seen.has(key) || seen.has(name)) throw new Error(`duplicate basic emoji ${key} ${name}`)
    seen.add(key).add(name)
  }
  for (const g of STICKER_GROUPS) {
    const keys = new Set(g.items.map(([k]) => k))
    if (keys.size !== g.items.length) throw new Error(`duplicate sticker key in group ${g.id}`)
  }
}

const HEADER = '// Generated by scripts/gen-emoji.mjs; edit the script and run it again instead of this file.\n'

function main() {
  check()
  rmSync(outDir, { recursive: true, force: true })
  mkdirSync(path.join(outDir, 'basic'), { recursive: true })
  const imports = []
  const basicVars = []
  BASIC.forEach(([key, , draw], i) => {
    writeFileSync(path.join(outDir, 'basic', `${key}.svg`), draw())
    const v = `b${i}`
    imports.push(`import ${v} from './basic/${key}.svg'`)
    basicVars.push(v)
  })
  const stickerVars = []
  for (const g of STICKER_GROUPS) {
    const dir = path.join(outDir, 'stickers', g.key)
    mkdirSync(dir, { recursive: true })
    const vars = []
    g.items.forEach(([key, , draw], i) => {
      writeFileSync(path.join(dir, `${key}.svg`), draw())
      const v = `s${g.id}_${i}`
      imports.push(`import ${v} from './stickers/${g.key}/${key}.svg'`)
      vars.push(v)
    })
    stickerVars.push(vars)
  }

  const names =
    HEADER +
    '\n/** The basic emoji in picker order; the position is the n of the [::n] placeholder. */\n' +
    `export const BASIC_EMOJI_NAMES: readonly string[] = [\n${BASIC.map(([, name]) => `  '[${name}]',`).join('\n')}\n]\n` +
    '\nexport interface StickerGroupTable {\n  /** emojiGroupID: the index of a face message. */\n  id: number\n  name: string\n  /** data of a face message, and its label. */\n  items: ReadonlyArray<readonly [data: string, label: string]>\n}\n' +
    `\nexport const STICKER_GROUP_TABLES: readonly StickerGroupTable[] = [\n${STICKER_GROUPS.map(
      (g) => `  {\n    id: ${g.id},\n    name: '${g.name}',\n    items: [\n${g.items.map(([key, label]) => `      ['${g.key}-${key}', '${label}'],`).join('\n')}\n    ],\n  },`,
    ).join('\n')}\n]\n`
  writeFileSync(path.join(outDir, 'names.ts'), names)

  const images =
    HEADER +
    imports.join('\n') +
    '\n\n/** Image of each basic emoji, in the order of BASIC_EMOJI_NAMES. */\n' +
    `export const BASIC_EMOJI_IMAGES: readonly string[] = [${basicVars.join(', ')}]\n` +
    '\n/** Images of each sticker group, in the order of STICKER_GROUP_TABLES. */\n' +
    `export const STICKER_IMAGES: ReadonlyArray<readonly string[]> = [\n${stickerVars.map((vars) => `  [${vars.join(', ')}],`).join('\n')}\n]\n`
  writeFileSync(path.join(outDir, 'images.ts'), images)

  console.log(`wrote ${BASIC.length} emoji and ${STICKER_GROUPS.map((g) => g.items.length).join(' + ')} stickers to ${path.relative(root, outDir)}`)
}

main()
