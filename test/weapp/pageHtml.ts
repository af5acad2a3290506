import { readFileSync } from 'node:fs'
import path from 'node:path'
import type { SimNode } from './harness'

const DIST_ROOT = path.resolve(__dirname, '../../dist/weapp')

/**
 * A simulated page as an HTML file a browser can draw: the tree miniprogram-simulate rendered
 * (wx-view, wx-text…, with their attributes: its DOM drops an image's src and prefixes every
 * class) with the app's and the page's compiled WXSS. WeChat's renderer is
 * approximated: rpx becomes px for a 390 px wide phone, WXSS's element selectors (page, input,
 * video) are pointed at the simulator's wx-* elements, and WeChat's own defaults for its
 * components are written out below from its documented base styles.
 */

const PHONE_WIDTH = 390
const RPX = PHONE_WIDTH / 750

const COMPONENTS = 'page|view|text|image|button|input|textarea|scroll-view|swiper|swiper-item|icon|navigator|label|form|switch|checkbox|radio|picker|video|canvas|rich-text|live-pusher|live-player'
const ELEMENT_SELECTOR = new RegExp(`(^|[\\s,>+~(])(${COMPONENTS})(?=$|[\\s,.#:\\[>+~)])`, 'g')

/** WeChat's defaults for the components the pages use, as its base library styles them. */
const WECHAT_BASE = `
html, body { margin: 0; padding: 0; }
body { width: ${PHONE_WIDTH}px; min-height: 844px; background: #ededed; font-family: -apple-system, 'PingFang SC', 'WenQuanYi Micro Hei', sans-serif; }
wx-page, wx-view, wx-scroll-view, wx-swiper, wx-swiper-item, wx-form, wx-navigator, wx-rich-text, wx-label { display: block; }
wx-text { display: inline; }
wx-image { display: inline-block; width: 320px; height: 240px; overflow: hidden; position: relative; }
wx-image > img { width: 100%; height: 100%; display: block; }
wx-button { position: relative; display: block; margin-left: auto; margin-right: auto; padding: 0 14px; box-sizing: border-box;
  font-size: 18px; text-align: center; line-height: 2.55555556; border-radius: 5px; overflow: hidden; color: #000; background-color: #f8f8f8; }
wx-button::after { content: ' '; width: 200%; height: 200%; position: absolute; top: 0; left: 0; border: 1px solid rgba(0,0,0,.2);
  transform: scale(.5); transform-origin: 0 0; box-sizing: border-box; border-radius: 10px; }
wx-input { display: block; height: 1.4rem; min-height: 1.4rem; overflow: hidden; white-space: nowrap; text-overflow: clip; }
wx-textarea { display: block; position: relative; width: 300px; height: 150px; }
wx-input .shot-value, wx-textarea .shot-value { color: inherit; }
wx-input .shot-placeholder, wx-textarea .shot-placeholder { color: #808080; }
wx-scroll-view { overflow: hidden; }
wx-switch, wx-checkbox, wx-radio, wx-icon { display: inline-block; }
wx-live-pusher, wx-live-player, wx-video { display: block; width: 300px; height: 225px; background: #000; }
`

/** The WXSS file with its @imports in place. */
function wxssWithImports(file: string): string {
  const text = readFileSync(file, 'utf8')
  return text.replace(/@import\s+["']([^"']+)["'];?/g, (_m, rel: string) => wxssWithImports(path.resolve(path.dirname(file), rel)))
}

/** WXSS as a browser reads it for a phone of PHONE_WIDTH. */
export function browserCss(wxss: string): string {
  const px = wxss.replace(/(-?\d*\.?\d+)rpx/g, (_m, n: string) => `${+(Number(n) * RPX).toFixed(3)}px`)
  return px.replace(/([^{}]+)\{/g, (_m, selector: string) => `${selector.replace(ELEMENT_SELECTOR, (_s, before: string, tag: string) => `${before}wx-${tag}`)}{`)
}

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')

/** The simulated tree as HTML: its elements with the attributes that have a plain value. */
export function treeHtml(node: SimNode | string): string {
  if (typeof node === 'string') return escapeHtml(node)
  const attrs = node.attrs
    .filter((a) => ['string', 'number', 'boolean'].includes(typeof a.value) && a.value !== false && /^[a-z][\w-]*$/i.test(a.name))
    .map((a) => (a.value === true ? ` ${a.name}` : ` ${a.name}="${escapeHtml(String(a.value))}"`))
    .join('')
  return `<${node.tagName}${attrs}>${node.children.map(treeHtml).join('')}</${node.tagName}>`
}

/** The page file's HTML: the simulated tree, the styles, and the server's pictures reachable. */
export function pageHtml(pagePath: string, tree: SimNode, serverOrigin: string): string {
  const dom = treeHtml(tree)
  const css = [path.join(DIST_ROOT, 'app.wxss'), path.join(DIST_ROOT, `${pagePath}.wxss`)].map((f) => browserCss(wxssWithImports(f))).join('\n')
  // The bundle's pictures are fixed to its build-time server; the suite's server answers them.
  const buildBase = process.env.WEAPP_API_BASE || 'http://127.0.0.1:3000'
  const body = dom.split(buildBase).join(serverOrigin)
  return `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><base href="file://${DIST_ROOT}/">
<style>${WECHAT_BASE}</style><style>${css}</style></head><body><wx-page class="taro_page">${body}</wx-page></body></html>`
}
