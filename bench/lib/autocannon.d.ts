// The part of autocannon 9's programmatic API the bench uses (the package ships no types).
declare module 'autocannon' {
  type Histogram = {
    average: number;
    mean: number;
    stddev: number;
    min: number;
    max: number;
    total: number;
    p50: number;
    p90: number;
    p97_5: number;
    p99: number;
  };

  type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

  /** The raw request `setupRequest` gets (the options' defaults merged in); it returns it, changed. */
  type RequestData = {
    method: Method;
    path: string;
    headers: Record<string, string>;
    body?: string | Buffer | undefined;
  };

  /** An entry of `requests`; every connection loops over the list. */
  type Request = {
    method?: Method;
    path?: string;
    headers?: Record<string, string>;
    body?: string;
    /** Before every send; a falsy result restarts the connection's list (counted in `resets`). */
    setupRequest?: (request: RequestData, context: Record<string, unknown>) => RequestData | null | undefined;
    onResponse?: (
      status: number,
      body: string,
      context: Record<string, unknown>,
      headers: Record<string, string | string[]>,
    ) => void;
  };

  /** One connection (`setupClient` gets it right after it is created, before its first request is sent). */
  type Client = {
    /** Replaces this connection's request list (rebuilds the first request at once). */
    setRequests(requests: Request[]): void;
  };

  type Options = {
    url: string;
    connections?: number;
    /** Seconds. */
    duration?: number;
    /** Seconds before a request counts as a timeout (default 10). */
    timeout?: number;
    method?: Method;
    headers?: Record<string, string>;
    body?: string;
    title?: string;
    /**
     * The sequence every connection loops over. Its `context` (third argument of the callbacks) is reset to
     * `initialContext` each time a connection starts the list again.
     */
    requests?: Request[];
    initialContext?: Record<string, unknown>;
    /** Called once per connection (not per reconnect), e.g. to give it its own `requests`. */
    setupClient?: (client: Client) => void;
  };

  type Result = {
    title?: string;
    duration: number;
    errors: number;
    timeouts: number;
    non2xx: number;
    resets: number;
    mismatches: number;
    '2xx': number;
    statusCodeStats: Record<string, { count: number }>;
    latency: Histogram & { totalCount: number };
    requests: Histogram & { sent: number };
    throughput: Histogram;
  };

  /** An event emitter that is also a promise of the result. */
  type Instance = PromiseLike<Result> & { stop(): void };

  function autocannon(options: Options): Instance;
  export default autocannon;
  export type { Client, Instance, Method, Options, Request, RequestData, Result };
}
