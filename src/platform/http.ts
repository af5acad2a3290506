export type HttpMethod = 'GET' | 'POST'

export interface HttpRequest {
  method: HttpMethod
  /** Absolute URL (mini-program) or origin-relative URL (H5), query string included. */
  url: string
  /** JSON body; ignored for GET. */
  data?: unknown
  header: Record<string, string>
  /** Milliseconds before the request is abandoned with an HttpFailure of kind 'timeout'. */
  timeout: number
}

export interface HttpResponse {
  statusCode: number
  /** The parsed JSON body, or the raw text when the body is not JSON. */
  data: unknown
}

/**
 * Sends one request. Resolves with any HTTP answer, whatever its status; rejects with an
 * HttpFailure (./httpFailure) when there is no answer (network down, timeout).
 */
export interface HttpPort {
  request(req: HttpRequest): Promise<HttpResponse>
}

export declare const http: HttpPort
