/** What the soak bench (soak.bench.ts) and its load driver (soak-driver.ts) say to each other. */

export interface SoakPlan {
  /** baseline, soak or kill: part of the names the writes give, so each run's rows are its own. */
  label: string;
  balancerUrl: string;
  /** An instance's own address, for the development outbox's sign-in codes. */
  outboxUrl: string;
  /** The console's origin, which the socket's handshake accepts. */
  origin: string;
  consoles: Array<{ role: string; email: string; count: number }>;
  writesPerSecond: number;
  readsPerSecond: number;
  /** Heat pumps the group writes put in groups. */
  heatPumpIds: number[];
}

/** One write the driver sent: acknowledged (2xx) ones must be in the database afterwards. */
export interface WriteRecord {
  kind: 'group' | 'groupDelete' | 'model' | 'fault';
  /** The group's or model's name, the fault's id. */
  key: string;
  id: number | null;
  /** The answer's status, for writes that were not acknowledged (0: no answer). */
  status?: number;
}

export interface CallFigures {
  calls: number;
  errors: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
}

export interface FailedCall {
  kind: string;
  method: string;
  path: string;
  /** Seconds since the driver started. */
  at: number;
  ms: number;
  /** 0: no answer (connection failed or timed out). */
  status: number;
  /** nginx's X-Upstream: the instances it tried. */
  upstream: string;
  message: string;
}

export interface SocketFigures {
  role: string;
  open: boolean;
  upstream: string;
  /** Each open: seconds since the driver started, and the instance that took the upgrade. */
  opens: Array<{ at: number; upstream: string }>;
  closes: Array<{ at: number; code: number; upstream: string }>;
  messages: number;
  refused: boolean;
}

export interface SoakReport {
  type: 'report';
  seconds: number;
  calls: Record<string, CallFigures>;
  failures: FailedCall[];
  failuresLeftOut: number;
  retriedByBalancer: number;
  skippedBacklog: number;
  nothingToWrite: number;
  acknowledged: WriteRecord[];
  unacknowledged: WriteRecord[];
  perMinute: Array<{ minute: number; calls: number; errors: number }>;
  killedAt: number | null;
  killedUpstream: string;
  sockets: SocketFigures[];
  events: { messages: number; p50: number; p95: number; p99: number; max: number };
  driverLoopDelayMs: { p50: number; p99: number; max: number };
}

export type DriverMessage =
  | { type: 'ready'; at: number }
  | { type: 'live'; at: number }
  | { type: 'failed'; message: string }
  | { type: 'start' }
  | { type: 'killed'; at: number; upstream: string }
  | { type: 'stop' }
  | SoakReport;
