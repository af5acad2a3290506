/**
 * The call widget's public API (init, call, groupCall, setLanguage…) as a host page reaches it:
 * on H5 it is `window.TUICallKit` once the widget has started; the mini-program has no global.
 */
export declare function publishCallApi(api: object): void
