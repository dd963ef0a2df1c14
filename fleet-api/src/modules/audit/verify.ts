/**
 * The audit chain's verification (issue 23, docs/audit.md "Tamper evidence and retention"): recomputes
 * every entry's hash from its start (after the last month retention dropped) in order of `seq`, and names
 * the first entry that does not match.
 */
import type { AuditVerification } from '@fleet/contract';
import type { Db } from '../../db';

/** Entries checked per statement: memory stays one batch (in the database), whatever the trail's length. */
const VERIFY_BATCH = 20_000;

/**
 * One batch from `seq` $1 on, checked where the entries are: each entry's hash recomputed by the chain
 * trigger's own `fleet_audit_hash` (inlined since 0040), its `prev_hash` against the hash before it ($3
 * before the first), and no gap in `seq`, in that order (`missing`, `link`, `hash`). Answers one row: the
 * first entry that does not match, else the batch's last (`k`: its place in the batch), whose hash the next
 * batch must follow. Only that row leaves the database: reading every hash out cost more than hashing.
 */
const CHECK_BATCH = `
WITH batch AS (
  SELECT e.id, e.seq, e.prev_hash, e.hash, fleet_audit_hash(e, e.prev_hash) AS computed
    FROM audit_entries e WHERE e.seq >= $1 ORDER BY e.seq LIMIT $2
), checked AS (
  SELECT id, seq, hash, row_number() OVER w AS k,
         CASE WHEN seq <> $1 + row_number() OVER w - 1 THEN 'missing'
              WHEN prev_hash <> coalesce(lag(hash) OVER w, $3) THEN 'link'
              WHEN computed <> hash THEN 'hash' END AS reason
    FROM batch WINDOW w AS (ORDER BY seq)
)
SELECT id::int AS id, seq, hash, k::int AS k, reason FROM checked
 ORDER BY reason IS NULL, CASE WHEN reason IS NULL THEN -seq ELSE seq END LIMIT 1`;

interface BatchEnd {
  id: number;
  seq: number;
  hash: string;
  k: number;
  reason: 'missing' | 'link' | 'hash' | null;
}

/**
 * Whether the chain is intact, a batch at a time (keyset: each batch starts after the last one's seq), or
 * which entry is the first that does not match: its hash is not its content's (`hash`), it does not name
 * the hash before it (`link`), or an entry is missing before it or at the end (`missing`).
 */
export async function verifyChain(db: Db, batch = VERIFY_BATCH): Promise<AuditVerification> {
  const head = (await db.query<{ last_seq: number; from_seq: number; from_hash: string }>('SELECT last_seq, from_seq, from_hash FROM audit_chain WHERE id = 1')).rows[0];
  if (!head) return { intact: false, checked: 0, first_broken: null };
  let from = head.from_seq;
  let prev = head.from_hash;
  let checked = 0;
  let lastId = 0;
  for (;;) {
    const end = (await db.query<BatchEnd>(CHECK_BATCH, [from, batch, prev])).rows[0];
    if (!end) break;
    // every entry before the reported one matched, and their seqs ran on without a gap from `from`
    if (end.reason) return { intact: false, checked: checked + end.k - 1, first_broken: { id: end.id, seq: from + end.k - 1, reason: end.reason } };
    checked += end.k;
    prev = end.hash;
    from = end.seq + 1;
    lastId = end.id;
    if (end.k < batch) break;
  }
  // entries dropped from the end: the head names a later one than the last found
  if (from !== head.last_seq + 1) return { intact: false, checked, first_broken: { id: lastId, seq: from, reason: 'missing' } };
  return { intact: true, checked, first_broken: null };
}
