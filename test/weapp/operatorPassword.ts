/** The password of the mini-program suite's operator account (test/weapp/globalSetup.ts registers it). */
export const OPERATOR_PASSWORD = 'operator123'
