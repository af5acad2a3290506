import { defineConfig, type UserConfigExport } from '@tarojs/cli'
import fs from 'node:fs'
import path from 'node:path'
import { InjectManifest } from 'workbox-webpack-plugin'
import routes from '../src/router/routes.json'
import { StrictBuildPlugin } from './strictBuild'

/**
 * The mini-program has no origin of its own, so its server address is fixed at build time
 * (WEAPP_API_BASE). The H5 build talks to the origin it was served from.
 */
/** types/ lives outside src but is bundled: the client imports the shared wire contract. */
const sharedTypes = path.resolve(__dirname, '..', 'types')
const sourceRoot = path.resolve(__dirname, '..', 'src')

const weappApiBase = process.env.WEAPP_API_BASE || 'http://127.0.0.1:3000'

/** H5 browser-history aliases: Taro page path → public URL of the spec's route table. */
function h5RouteAliases(): Record<string, string> {
  return Object.fromEntries(routes.map((r) => [`/${r.page}`, r.path]))
}

/** Writes the chunk → module list (with sizes) of an H5 build, for finding what makes a chunk heavy. */
class BundleStatsPlugin {
  constructor(private readonly file: string) {}
  apply(compiler: { hooks: { done: { tap(name: string, fn: (stats: { toJson(o: object): unknown }) => void): void } } }) {
    compiler.hooks.done.tap('BundleStatsPlugin', (stats) => {
      const json = stats.toJson({
        all: false,
        ids: true,
        chunks: true,
        chunkOrigins: true,
        modules: true,
        modulesSpace: Infinity,
        nestedModules: true,
        nestedModulesSpace: Infinity,
        dependentModules: true,
        reasons: true,
        reasonsSpace: 3,
      })
      fs.writeFileSync(this.file, JSON.stringify(json))
    })
  }
}

/** Missing exports, unresolved imports and platform files without their twin fail the build (config/strictBuild.ts). */
function strictBuild(chain: { plugin(name: string): { use(p: unknown, args: unknown[]): unknown }; merge(o: object): unknown }) {
  chain.plugin('strict-build').use(StrictBuildPlugin, [sourceRoot])
  chain.merge({ module: { parser: { javascript: { exportsPresence: 'error' } } } })
}

export default defineConfig<'webpack5'>(async (merge) => {
  const baseConfig: UserConfigExport<'webpack5'> = {
    projectName: 'weitalk',
    date: '2026-11-22',
    designWidth: 375,
    deviceRatio: { 640: 2.34 / 2, 750: 1, 375: 2, 828: 1.81 / 2 },
    // types/ lives outside src but is bundled: the client imports the shared wire contract.
    sourceRoot: 'src',
    outputRoot: process.env.TARO_ENV === 'weapp' ? 'dist/weapp' : 'dist/h5',
    plugins: [],
    defineConstants: {
      API_BASE: JSON.stringify(process.env.TARO_ENV === 'weapp' ? weappApiBase : ''),
      // A static-map URL template for location messages; empty draws the built-in card.
      STATIC_MAP_URL: JSON.stringify(process.env.STATIC_MAP_URL || ''),
    },
    alias: {
      '@': path.resolve(__dirname, '..', 'src'),
      '@shared': path.resolve(__dirname, '..', 'types'),
    },
    // The background-blur model and wasm ship inside @mediapipe/selfie_segmentation, the noise
    // suppression worklet and RNNoise wasm inside @sapphi-red/web-noise-suppressor; the H5 app serves them itself.
    copy: {
      patterns:
        process.env.TARO_ENV === 'weapp'
          ? // pinyin-pro and marked reach the main package's code through WeChat's require.async
            // (platform/pinyinLoader.weapp.ts, platform/markdownLoader.weapp.ts).
            [
              { from: 'node_modules/pinyin-pro/dist/index.js', to: 'dist/weapp/pages/contacts/pinyin-pro.js' },
              { from: 'node_modules/marked/marked.min.js', to: 'dist/weapp/pages/contacts/marked.js' },
            ]
          : [
              { from: 'node_modules/@mediapipe/selfie_segmentation/', to: 'dist/h5/mediapipe/', ignore: ['*.md', '*.d.ts', 'package.json'] },
              { from: 'node_modules/@sapphi-red/web-noise-suppressor/dist/rnnoise/workletProcessor.js', to: 'dist/h5/noise-suppressor/rnnoiseWorklet.js' },
              { from: 'node_modules/@sapphi-red/web-noise-suppressor/dist/rnnoise.wasm', to: 'dist/h5/noise-suppressor/rnnoise.wasm' },
              { from: 'node_modules/@sapphi-red/web-noise-suppressor/dist/rnnoise_simd.wasm', to: 'dist/h5/noise-suppressor/rnnoise_simd.wasm' },
              // The installed app: its manifest at the root, its icons beside it (scripts/pwa-icons.mjs draws them).
              { from: 'src/manifest.webmanifest', to: 'dist/h5/manifest.webmanifest' },
              { from: 'src/pwa/', to: 'dist/h5/pwa/' },
            ],
      options: {},
    },
    // The mini-program's package size is capped (docs/decisions/0070-mini-program-subpackages-page-folders-as-roots-pinyin.md):
    // terser runs with its own defaults instead of Taro's fast but weaker settings, and writes
    // Chinese text as UTF-8, which WeChat reads, instead of six-byte \\uXXXX escapes.
    terser: process.env.TARO_ENV !== 'weapp' ? undefined : {
      enable: true,
      config: {
        compress: {
          arrows: true, collapse_vars: true, comparisons: true, computed_props: true, hoist_props: true,
          inline: true, loops: true, negate_iife: true, properties: true, reduce_funcs: true,
          reduce_vars: true, switches: true, typeofs: true, passes: 2,
        },
        output: { ascii_only: false },
      },
    },
    framework: 'react',
    // errorLevel 1: a build with errors exits non-zero (Taro otherwise only prints them).
    compiler: { type: 'webpack5', errorLevel: 1 },
    cache: { enable: false },
    mini: {
      compile: { include: [sharedTypes] },
      // Call tones stay files: the audio player takes a path, not a data: URL.
      mediaUrlLoaderOption: { limit: true },
      webpackChain(chain) {
        if (process.env.BUNDLE_STATS) chain.plugin('bundle-stats').use(BundleStatsPlugin, [process.env.BUNDLE_STATS])
        strictBuild(chain)
        chain.module.rule('contract-side-effects').test(/\.ts$/).include.add(sharedTypes).end().set('sideEffects', false)
        // webpack's size hints measure a web page's download per asset; a mini-program is installed
        // whole per package, and test/weapp/size.test.ts holds WeChat's package budget instead (0095).
        chain.performance.hints(false)
      },
      postcss: {
        pxtransform: { enable: true, config: {} },
        cssModules: { enable: false, config: { namingPattern: 'module', generateScopedName: '[name]__[local]___[hash:base64:5]' } },
      },
    },
    h5: {
      publicPath: '/',
      staticDirectory: 'static',
      output: { filename: 'js/[name].[contenthash:8].js', chunkFilename: 'js/[name].[chunkhash:8].js' },
      miniCssExtractPluginOption: { ignoreOrder: true, filename: 'css/[name].[contenthash].css', chunkFilename: 'css/[name].[chunkhash].css' },
      router: { mode: 'browser', customRoutes: h5RouteAliases() },
      webpackChain(chain) {
        // BUNDLE_STATS=file writes which modules went into which chunk (bench/bundle-size.mjs --modules reads it).
        if (process.env.BUNDLE_STATS) chain.plugin('bundle-stats').use(BundleStatsPlugin, [process.env.BUNDLE_STATS])
        strictBuild(chain)
        // The contract's modules only declare schemas, constants and functions. Marked free of side
        // effects, a constant imported through types/X.ts comes from types/plain/X.ts alone, without
        // the schemas (and zod) of types/X.ts (docs/decisions/0036-the-wire-contract-in-the-browser-schemas-loaded.md).
        chain.module.rule('contract-side-effects').test(/\.ts$/).include.add(sharedTypes).end().set('sideEffects', false)
        // The service worker (src/platform/sw/serviceWorker.ts) with this build's precache list: the
        // app shell and the hashed bundles. The call effects' models and worklets are fetched when a
        // call uses them, as before, and never precached.
        chain.plugin('service-worker').use(InjectManifest, [
          {
            swSrc: path.resolve(__dirname, '..', 'src', 'platform', 'sw', 'serviceWorker.ts'),
            swDest: 'sw.js',
            exclude: [/\.map$/, /LICENSE/, /^mediapipe\//, /^noise-suppressor\//, /\.(br|gz)$/],
            dontCacheBustURLsMatching: /\.[0-9a-f]{8,}\./,
            maximumFileSizeToCacheInBytes: 6 * 1024 * 1024,
          },
        ])
      },
      compile: { include: [sharedTypes] },
      postcss: {
        pxtransform: { enable: false, config: {} },
        autoprefixer: { enable: true, config: {} },
        cssModules: { enable: false, config: { namingPattern: 'module', generateScopedName: '[name]__[local]___[hash:base64:5]' } },
      },
    },
  }
  if (process.env.NODE_ENV === 'development') return merge({}, baseConfig, { mini: {}, h5: {} })
  return merge({}, baseConfig, { mini: {}, h5: {} })
})
