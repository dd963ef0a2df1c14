/**
 * Production mail: drains the outbox over SMTP (nodemailer). Rows are claimed with a short lease
 * (one UPDATE ... RETURNING, SKIP LOCKED), sent outside any transaction (PGlite is one connection,
 * a transaction held across SMTP would stall every request), then marked sent or retried later.
 * Several server instances can drain the same outbox.
 */
import { createTransport } from 'nodemailer';
import type { Db } from '../db';
import type { SmtpSettings } from '../config';
import type { Mail } from './outbox';

export type SendFn = (mail: Mail) => Promise<void>;

const BATCH = 20;
const MAX_ATTEMPTS = 10;
const LEASE_SECONDS = 300;

export function smtpSend(smtp: SmtpSettings): SendFn {
  if (!smtp.host) throw new Error('SMTP_HOST is not set');
  const transport = createTransport({
    host: smtp.host,
    port: smtp.port,
    secure: smtp.secure,
    ...(smtp.user ? { auth: { user: smtp.user, pass: smtp.pass ?? '' } } : {}),
  });
  return async (mail) => {
    await transport.sendMail({ from: smtp.from, to: mail.to, subject: mail.subject, text: mail.text });
  };
}

/** Sends what is due; answers how many were sent. */
export async function drainOutbox(db: Db, send: SendFn, now: () => Date): Promise<number> {
  const t = now();
  const lease = new Date(t.getTime() + LEASE_SECONDS * 1000);
  const { rows } = await db.query<{ id: number; to_email: string; subject: string; text_body: string; attempts: number }>(
    `UPDATE outbox SET next_attempt_at = $1, attempts = attempts + 1
      WHERE id IN (SELECT id FROM outbox
                    WHERE sent_at IS NULL AND attempts < $3 AND (next_attempt_at IS NULL OR next_attempt_at <= $2)
                    ORDER BY id LIMIT $4 FOR UPDATE SKIP LOCKED)
      RETURNING id, to_email, subject, text_body, attempts`,
    [lease.toISOString(), t.toISOString(), MAX_ATTEMPTS, BATCH],
  );
  let sent = 0;
  for (const row of rows) {
    try {
      await send({ to: row.to_email, subject: row.subject, text: row.text_body });
      await db.query('UPDATE outbox SET sent_at = $2, last_error = NULL WHERE id = $1', [row.id, now().toISOString()]);
      sent += 1;
    } catch (err) {
      // Back off 1, 2, 4, ... minutes, capped at an hour.
      const backoff = Math.min(60, 2 ** (row.attempts - 1)) * 60_000;
      await db.query('UPDATE outbox SET next_attempt_at = $2, last_error = $3 WHERE id = $1', [
        row.id,
        new Date(now().getTime() + backoff).toISOString(),
        String(err instanceof Error ? err.message : err).slice(0, 500),
      ]);
    }
  }
  return sent;
}

export interface OutboxSender {
  stop(): Promise<void>;
}

/** Polls the outbox every `intervalMs` until stopped; a failed round is logged and retried. */
export function startOutboxSender(
  db: Db,
  send: SendFn,
  opts: { now: () => Date; intervalMs?: number; onError: (err: unknown) => void },
): OutboxSender {
  let stopped = false;
  let running: Promise<void> = Promise.resolve();
  const tick = () => {
    if (stopped) return;
    running = drainOutbox(db, send, opts.now)
      .then(() => undefined)
      .catch(opts.onError)
      .finally(() => {
        if (!stopped) timer = setTimeout(tick, opts.intervalMs ?? 2000);
      });
  };
  let timer: NodeJS.Timeout = setTimeout(tick, 0);
  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
