/**
 * WeChat gives each module of a mini-program a `require` with `async` (分包异步化): it loads a
 * module of another package once that package is downloaded. Node's require has no `async`; this
 * transform gives the compiled bundle's modules the same call, which loads the file at once.
 */
const PRELUDE =
  'if (typeof require === "function" && !require.async) require.async = function (p) { return new Promise(function (resolve) { resolve(require(p)) }) };\n'

module.exports = {
  process(source) {
    return { code: PRELUDE + source }
  },
}
