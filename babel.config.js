/**
 * The H5 app needs WebRTC, AudioWorklet and module scripts, so no browser older than these runs
 * it anyway; compiling async functions, spread and classes down to ES5 for Android 4 (the
 * browserslist default, still used for CSS prefixes and the mini-program) made every page larger
 * and the conversation list slower (a regenerator object per async call). See docs/decisions.md.
 */
const H5_TARGETS = { chrome: '80', edge: '80', firefox: '78', safari: '14', ios: '14' }

const modernH5 = process.env.TARO_ENV === 'h5' && process.env.NODE_ENV !== 'test'

module.exports = {
  presets: [['taro', { framework: 'react', ts: true, compiler: 'webpack5', ...(modernH5 ? { targets: H5_TARGETS } : {}) }]],
  // The browser downloads only the part of types/ it runs (config/contractForClient.js).
  plugins: modernH5 ? [require.resolve('./config/contractForClient.js')] : [],
}
