export default definePageConfig({ navigationBarTitleText: '微谈', enableShareAppMessage: true })
