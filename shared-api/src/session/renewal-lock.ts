// One token renewal at a time across the tabs of this browser. Tabs share local storage and with it
// the refresh token; the server rotates that token on every refresh and treats a second use of an
// old one as theft (it ends the whole session). So a tab renews only while it holds this lock, and
// under the lock first looks whether another tab has renewed already (session-store.ts).
//
// navigator.locks (Web Locks) where the page has it: it needs a secure context (https, or localhost),
// so a console served over plain http on another host falls back to a lease in local storage: write
// our claim, wait a moment, read it back; the lease expires by itself if its tab dies.

export const RENEWAL_LOCK_NAME = 'fleet:session-renewal';
/** The fallback's lease: longer than a renewal call may take (its timeout is 10 s). */
const LEASE_MS = 15_000;
/** How long the fallback waits after writing its claim before trusting it. */
const CLAIM_SETTLE_MS = 40;
const POLL_MS = 50;

export interface LockedWork<T> {
  result: T;
  /**
   * Keep the lock this long after answering (ms). Local storage reaches other tabs' processes a
   * little after it is written; a tab that rotated the tokens holds the lock a moment longer so the
   * next tab under the lock reads the new refresh token, not the used one.
   */
  holdMs?: number;
}

interface LockManagerLike {
  request(name: string, options: { mode: 'exclusive' }, callback: () => Promise<void>): Promise<unknown>;
}

function webLocks(): LockManagerLike | null {
  const locks = typeof navigator !== 'undefined' ? (navigator as { locks?: LockManagerLike }).locks : undefined;
  return locks && typeof locks.request === 'function' ? locks : null;
}

function sharedStorage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

interface Lease {
  owner: string;
  until: number;
}

function readLease(store: Storage): Lease | null {
  try {
    const value = JSON.parse(store.getItem(RENEWAL_LOCK_NAME) ?? 'null') as Partial<Lease> | null;
    return value && typeof value.owner === 'string' && typeof value.until === 'number' ? { owner: value.owner, until: value.until } : null;
  } catch {
    return null;
  }
}

/** Takes the local-storage lease; answers its release. Gives up waiting after one lease time. */
async function takeLease(store: Storage): Promise<() => void> {
  const owner = `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
  const giveUpAt = Date.now() + LEASE_MS;
  const release = () => {
    if (readLease(store)?.owner === owner) store.removeItem(RENEWAL_LOCK_NAME);
  };
  for (;;) {
    const held = readLease(store);
    if (!held || held.until <= Date.now() || Date.now() >= giveUpAt) {
      store.setItem(RENEWAL_LOCK_NAME, JSON.stringify({ owner, until: Date.now() + LEASE_MS }));
      await sleep(CLAIM_SETTLE_MS);
      // a tab that wrote at the same moment may have won: the last writer holds it
      if (readLease(store)?.owner === owner) return release;
    }
    await sleep(POLL_MS + Math.random() * POLL_MS);
  }
}

/** Runs `work` under the renewal lock; answers its result as soon as it has one. */
export function withRenewalLock<T>(work: () => Promise<LockedWork<T>>): Promise<T> {
  const locks = webLocks();
  if (locks) {
    return new Promise<T>((resolve, reject) => {
      locks
        .request(RENEWAL_LOCK_NAME, { mode: 'exclusive' }, async () => {
          const { result, holdMs } = await work();
          resolve(result);
          if (holdMs) await sleep(holdMs);
        })
        .catch(reject);
    });
  }
  const store = sharedStorage();
  if (!store) return work().then(({ result }) => result);
  return takeLease(store).then(async (release) => {
    let held: LockedWork<T>;
    try {
      held = await work();
    } catch (err) {
      release();
      throw err;
    }
    if (held.holdMs) setTimeout(release, held.holdMs);
    else release();
    return held.result;
  });
}
