/**
 * A job run every few seconds that never overlaps itself (the simulators, the rollout orchestrator): a
 * slow run is not stacked and its missed runs are not made up; `stop()` waits for the run in progress,
 * so shutdown closes the database after it.
 */
export class Ticker {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<unknown> | null = null;

  constructor(private readonly run: () => Promise<unknown>) {}

  /** Runs every `intervalMs` until stopped; errors go to `onError`. */
  start(intervalMs: number, onError: (err: unknown) => void): void {
    if (this.timer) return;
    this.timer = setInterval(() => {
      if (this.running) return;
      this.running = this.run()
        .catch(onError)
        .finally(() => {
          this.running = null;
        });
    }, intervalMs);
    this.timer.unref();
  }

  /** Stops the interval and waits for a run in progress. */
  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running;
  }
}
