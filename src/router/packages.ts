/**
 * How the mini-program's pages are split into WeChat packages
 * (docs/decisions/0070-mini-program-subpackages-page-folders-as-roots-pinyin.md). The main package holds what the first screen needs: the conversation list with
 * its chat, and the login page. Every other page is a subpackage whose root is the page's own
 * folder, so a page path (`pages/contacts/index`) is the same in the main package, in a
 * subpackage and on H5: navigation, the H5 router's aliases and the tests keep their paths.
 */
export const MAIN_PAGES = ['pages/messages/index', 'pages/login/index'] as const

/** Subpackage name → the page folders it holds (each folder is one WeChat subpackage root). */
export const SUBPACKAGE_GROUPS: Record<string, readonly string[]> = {
  contacts: ['pages/contacts'],
  moments: ['pages/moments', 'pages/moment-detail'],
  favorites: ['pages/favorites'],
  member: ['pages/member', 'pages/h5-level'],
  admin: ['pages/admin'],
  guest: ['pages/home', 'pages/about', 'pages/not-found'],
}

/** Opened from the conversation list's tabs: fetched while the list shows, on any network. */
const PRELOADED_FROM_MESSAGES = ['contacts', 'moments', 'favorites']

export interface SubPackage {
  root: string
  name: string
  pages: string[]
}

export interface WeappPackages {
  main: string[]
  subPackages: SubPackage[]
  preloadRule: Record<string, { network: 'all' | 'wifi'; packages: string[] }>
}

/** The app.json layout for `pages` (the route table's pages, in its order). */
export function weappPackages(pages: readonly string[]): WeappPackages {
  const main = MAIN_PAGES.filter((p) => pages.includes(p))
  const subPackages: SubPackage[] = []
  for (const [group, roots] of Object.entries(SUBPACKAGE_GROUPS)) {
    roots.forEach((root, i) => {
      const inRoot = pages.filter((p) => p.startsWith(`${root}/`)).map((p) => p.slice(root.length + 1))
      if (inRoot.length > 0) subPackages.push({ root, name: roots.length > 1 ? `${group}-${i + 1}` : group, pages: inRoot })
    })
  }
  const placed = new Set([...main, ...subPackages.flatMap((s) => s.pages.map((p) => `${s.root}/${p}`))])
  const stray = pages.filter((p) => !placed.has(p))
  if (stray.length > 0) throw new Error(`pages without a mini-program package: ${stray.join(', ')}`)
  const preload = subPackages.filter((s) => PRELOADED_FROM_MESSAGES.some((g) => s.name === g || s.name.startsWith(`${g}-`)))
  return {
    main: [...main],
    subPackages,
    preloadRule: { 'pages/messages/index': { network: 'all', packages: preload.map((s) => s.name) } },
  }
}
