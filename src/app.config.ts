import routes from './router/routes.json'
import { weappPackages } from './router/packages'

const pages = routes.map((r) => r.page)
const packages = process.env.TARO_ENV === 'weapp' ? weappPackages(pages) : null

export default defineAppConfig({
  pages: packages ? packages.main : pages,
  ...(packages ? { subPackages: packages.subPackages, preloadRule: packages.preloadRule } : {}),
  window: {
    backgroundTextStyle: 'light',
    navigationBarBackgroundColor: '#ededed',
    navigationBarTitleText: '微谈',
    navigationBarTextStyle: 'black',
  },
})
