/** One step of `npm run bench -w fleet-api`: every `bench/*.bench.ts` exports `name` and `run`. */
export interface BenchContext {
  /** A PostgreSQL server (its maintenance database) for the PostgreSQL figures; absent = PGlite only. */
  pgUrl?: string;
  /** `<repo root>/bench/results`; run.ts writes `fleet-api-<name>.json` there from what run() returns. */
  resultsDir: string;
}

export interface BenchModule {
  name: string;
  run(ctx: BenchContext): Promise<Record<string, unknown>>;
}
