import routes from './router/routes.json'

export default defineAppConfig({
  pages: routes.map((r) => r.page),
  window: {
    backgroundTextStyle: 'light',
    navigationBarBackgroundColor: '#ededed',
    navigationBarTitleText: '微谈',
    navigationBarTextStyle: 'black',
  },
})
