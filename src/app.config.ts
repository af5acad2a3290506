import { ROUTES } from '../config/routes'

export default defineAppConfig({
  pages: ROUTES.map((r) => r.page),
  window: {
    backgroundTextStyle: 'light',
    navigationBarBackgroundColor: '#ededed',
    navigationBarTitleText: '微谈',
    navigationBarTextStyle: 'black',
  },
})
