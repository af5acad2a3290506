/**
 * The H5 app needs WebRTC, AudioWorklet and module scripts, so no browser older than these runs
 * it anyway; compiling async functions, spread and classes down to ES5 for Android 4 (the
 * browserslist default, still used for CSS prefixes and the mini-program) made every page larger
 * and the conversation list slower (a regenerator object per async call). See docs/decisions/0035-code-loaded-on-use-in-h5-modern-javascript.md.
 */
const H5_TARGETS = { chrome: '80', edge: '80', firefox: '78', safari: '14', ios: '14' }

/**
 * The mini-program runs in WeChat's own JavaScript engines (JavaScriptCore of iOS 12 and later,
 * which WeChat itself requires, and a recent V8 on Android): async functions, classes and spread
 * stay as they are instead of a regenerator state machine and helper calls, which made a tenth of
 * the main package (docs/decisions/0090-the-mini-program-main-package-within-its-budget.md).
 */
const WEAPP_TARGETS = { ios: '12', chrome: '66' }

const modernH5 = process.env.TARO_ENV === 'h5' && process.env.NODE_ENV !== 'test'
const modernWeapp = process.env.TARO_ENV === 'weapp' && process.env.NODE_ENV !== 'test'
/** Both client builds keep only what they run of types/; Jest loads the contract whole. */
const clientBuild = (process.env.TARO_ENV === 'h5' || process.env.TARO_ENV === 'weapp') && process.env.NODE_ENV !== 'test'

module.exports = {
  presets: [['taro', { framework: 'react', ts: true, compiler: 'webpack5', ...(modernH5 ? { targets: H5_TARGETS } : modernWeapp ? { targets: WEAPP_TARGETS } : {}) }]],
  // The browser and the mini-program's packages carry only the part of types/ they run
  // (config/contractForClient.js).
  plugins: clientBuild ? [require.resolve('./config/contractForClient.js')] : [],
}
