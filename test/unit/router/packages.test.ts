import { weappPackages } from '@/router/packages'
import { ROUTES } from '@/router/routes'

describe('the mini-program packages', () => {
  const pages = ROUTES.map((r) => r.page)
  const layout = weappPackages(pages)

  it('keeps the first screen in the main package, the conversation list first (the page WeChat opens)', () => {
    expect(layout.main).toEqual(['pages/messages/index', 'pages/login/index'])
  })

  it('places every page of the route table once, at the path it has on H5', () => {
    const placed = [...layout.main, ...layout.subPackages.flatMap((s) => s.pages.map((p) => `${s.root}/${p}`))]
    expect([...placed].sort()).toEqual([...pages].sort())
  })

  it('preloads the tabs of the conversation list', () => {
    const roots = layout.preloadRule['pages/messages/index']!.packages.map((name) => layout.subPackages.find((s) => s.name === name)!.root)
    expect(roots).toEqual(expect.arrayContaining(['pages/contacts', 'pages/moments', 'pages/favorites']))
  })

  it('refuses a page that no package claims', () => {
    expect(() => weappPackages([...pages, 'pages/wallet/index'])).toThrow('pages/wallet/index')
  })
})
