/// <reference types="@tarojs/taro" />

declare module '*.png'
declare module '*.svg'
declare module '*.scss'
declare module '*.css'

/** Server address baked into the mini-program build; empty on H5 (same origin). */
declare const API_BASE: string

declare namespace NodeJS {
  interface ProcessEnv {
    TARO_ENV: 'weapp' | 'h5'
  }
}
declare module '*.wav'
declare module '*.mp3'
