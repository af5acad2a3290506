/** The parts of tls-sig-api-v2 (Tencent's UserSig signer; it ships no types) the server uses. */
declare module 'tls-sig-api-v2' {
  export class Api {
    constructor(sdkappid: number, key: string)
    /** A UserSig for `userid`, valid `expire` seconds from now. */
    genUserSig(userid: string, expire: number): string
    /** The signature's HMAC-SHA256 over the signed fields, base64 (the check a verifier repeats). */
    _hmacsha256(identifier: string, currTime: number, expire: number, base64UserBuf: string | null): string
  }
}
