/**
 * Client unit tests (test/unit) under jsdom. Platform files resolve to their .h5 variant, as in the
 * H5 build; @tarojs/taro is a shim over @tarojs/taro-h5 (test/setup/taro.ts).
 */
module.exports = {
  rootDir: __dirname,
  testMatch: ['<rootDir>/test/unit/**/*.test.{ts,tsx}'],
  testEnvironment: 'jsdom',
  setupFiles: ['<rootDir>/test/setup/env.ts'],
  setupFilesAfterEnv: ['<rootDir>/test/setup/afterEnv.ts'],
  transform: { '^.+\\.m?[jt]sx?$': 'babel-jest' },
  transformIgnorePatterns: ['/node_modules/(?!(@tarojs|@stencil|taro-ui|zustand|lodash-es|swiper|ssr-window|dom7|query-string|decode-uri-component|split-on-first|filter-obj|nanoid|\\.pnpm|style-inject|tslib)/)'],
  moduleFileExtensions: ['ts', 'tsx', 'js', 'jsx', 'mjs', 'json'],
  haste: { defaultPlatform: 'h5', platforms: ['h5', 'weapp'] },
  moduleNameMapper: {
    '\\.(css|scss|sass|less)$': '<rootDir>/test/setup/styleStub.js',
    '\\.(png|jpe?g|gif|svg|webp|wav|mp3)$': '<rootDir>/test/setup/assetPath.js',
    '^@tarojs/components$': '<rootDir>/node_modules/@tarojs/components/lib/react/index.js',
    '^@tarojs/taro$': '<rootDir>/test/setup/taro.ts',
    '^@/(.*)$': '<rootDir>/src/$1',
    '^@shared/(.*)$': '<rootDir>/types/$1',
  },
  clearMocks: true,
  restoreMocks: true,
}
