// The part of autocannon 9's programmatic API the benchmark uses (the package ships no types).

declare module 'autocannon' {
  export interface RequestData {
    method: string
    path: string
    headers: Record<string, string>
    body: string | Buffer
  }

  export interface RequestSpec {
    method?: string
    path?: string
    headers?: Record<string, string>
    body?: string
    setupRequest?: (request: RequestData, context: Record<string, unknown>) => RequestData
  }

  export interface Options {
    url: string
    connections?: number
    duration?: number
    amount?: number
    timeout?: number
    method?: string
    headers?: Record<string, string>
    body?: string
    overallRate?: number
    requests?: RequestSpec[]
  }

  export interface Histogram {
    average: number
    min: number
    max: number
    p50: number
    p90: number
    p97_5: number
    p99: number
    total?: number
    sent?: number
  }

  export interface Result {
    requests: Histogram
    latency: Histogram
    duration: number
    errors: number
    timeouts: number
    non2xx: number
    statusCodeStats: Record<string, { count: number }>
  }

  export default function autocannon(options: Options): Promise<Result>
}
