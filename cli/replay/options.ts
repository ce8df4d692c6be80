// Option values the replay, generate and fuzz commands share: sport lists, seeds, dates.
import { childSports, sportById } from '../../src/domain/sports';

/** `all` → null; `1,2,3` → ids (a group id brings its children); a string result is the error. */
export function parseSportsOption(value: string | undefined): number[] | null | string {
  if (value === undefined || value.trim() === '' || value.trim() === 'all') return null;
  const ids: number[] = [];
  for (const part of value.split(',')) {
    const text = part.trim();
    if (!/^\d+$/.test(text)) return `bad sport id '${text}' (use all or a comma list of ids)`;
    const sport = sportById(Number(text));
    if (!sport) return `unknown sport id ${text}`;
    if (sport.isGroup) ids.push(...childSports(sport.id).map((s) => s.id));
    else ids.push(sport.id);
  }
  return [...new Set(ids)].sort((a, b) => a - b);
}

/** A non-negative integer; a string result is the error. */
export function parseIntegerOption(name: string, value: string | undefined, fallback: number): number | string {
  if (value === undefined) return fallback;
  if (!/^-?\d+$/.test(value.trim())) return `${name} must be an integer, got '${value}'`;
  const n = Number(value);
  if (!Number.isSafeInteger(n) || n < 0) return `${name} must be a non-negative integer, got '${value}'`;
  return n;
}

/** A calendar date `YYYY-MM-DD` that exists; a string result is the error. */
export function parseDateOption(value: string): string | { error: string } {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!m) return { error: `bad date '${value}', expected YYYY-MM-DD` };
  const date = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  if (date.toISOString().slice(0, 10) !== value) return { error: `no such date '${value}'` };
  return value;
}

/** Today's date in a timezone hour (the edition's day, S7-1). */
export function todayIn(timezoneHour: number, now = Date.now()): string {
  return new Date(now + timezoneHour * 3_600_000).toISOString().slice(0, 10);
}

/** Writes an error line to stderr and sets the exit code. */
export function fail(command: string, message: string, code = 2): void {
  process.stderr.write(`scores ${command}: ${message}\n`);
  process.exitCode = code;
}
