export default definePageConfig({ navigationBarTitleText: '管理后台' })
