/** The TRTC application of the suite's second server: signing is local, so no Tencent account is needed. */
export const TEST_TRTC_APP_ID = 1400000001
