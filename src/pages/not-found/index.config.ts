export default definePageConfig({ navigationBarTitleText: '微谈' })
