/**
 * Browser and system of a session, read from its User-Agent for the session list (a person tells
 * their laptop from their phone). Only the families people recognise; anything else is null, never a
 * guess. Order matters: Edge and Opera also say "Chrome", Chrome also says "Safari".
 */

const BROWSERS: Array<[RegExp, string]> = [
  [/\bEdg(?:e|A|iOS)?\/(\d+)/, 'Edge'],
  [/\bOPR\/(\d+)/, 'Opera'],
  [/\bSamsungBrowser\/(\d+)/, 'Samsung Internet'],
  [/\bFirefox\/(\d+)/, 'Firefox'],
  [/\bFxiOS\/(\d+)/, 'Firefox'],
  [/\bCriOS\/(\d+)/, 'Chrome'],
  [/\bChrom(?:e|ium)\/(\d+)/, 'Chrome'],
  [/\bVersion\/(\d+)[\d.]* (?:Mobile\/\S+ )?Safari\//, 'Safari'],
];

const SYSTEMS: Array<[RegExp, string]> = [
  [/\b(?:iPhone|iPad|iPod)\b/, 'iOS'],
  [/\bAndroid\b/, 'Android'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bWindows\b/, 'Windows'],
  [/\bMac OS X\b|\bMacintosh\b/, 'macOS'],
  [/\bLinux\b/, 'Linux'],
];

export interface UserAgentParts {
  browser: string | null;
  system: string | null;
}

export function parseUserAgent(userAgent: string | null | undefined): UserAgentParts {
  const ua = userAgent ?? '';
  let browser: string | null = null;
  for (const [re, name] of BROWSERS) {
    const m = re.exec(ua);
    if (m) {
      browser = `${name} ${m[1] ?? ''}`.trim();
      break;
    }
  }
  return { browser, system: SYSTEMS.find(([re]) => re.test(ua))?.[1] ?? null };
}
