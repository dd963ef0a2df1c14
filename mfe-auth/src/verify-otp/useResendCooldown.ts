import { useEffect, useState } from 'react';

/** The server refuses a resend within 60 s of the last code (docs/auth-calls.md). */
const RESEND_COOLDOWN_SECONDS = 60;

function secondsLeft(sentAt: number, now: number): number {
  const elapsed = Math.floor((now - sentAt) / 1000);
  return Math.max(0, Math.min(RESEND_COOLDOWN_SECONDS, RESEND_COOLDOWN_SECONDS - elapsed));
}

/** Seconds until another OTP may be requested, ticking once a second while above zero. */
export function useResendCooldown(sentAt: number): number {
  const [left, setLeft] = useState(() => secondsLeft(sentAt, Date.now()));
  useEffect(() => {
    setLeft(secondsLeft(sentAt, Date.now()));
    const timer = window.setInterval(() => {
      const next = secondsLeft(sentAt, Date.now());
      setLeft(next);
      if (next === 0) window.clearInterval(timer);
    }, 1000);
    return () => window.clearInterval(timer);
  }, [sentAt]);
  return left;
}
