import Taro from '@tarojs/taro'

/** Height of the sticky guest top bar, so a scrolled-to section is not hidden under it. */
const TOPBAR_PX = 60

/** Smoothly scrolls the current page to the element with this id (both H5 and weapp support it). */
export function scrollToSection(id: string): void {
  Taro.pageScrollTo({ selector: `#${id}`, offsetTop: -TOPBAR_PX, duration: 300 }).catch(() => undefined)
}

export function scrollToTop(): void {
  Taro.pageScrollTo({ scrollTop: 0, duration: 300 }).catch(() => undefined)
}
