import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  DATE_FORMATS,
  dayLabelKk,
  dayOffset,
  dayStartForOffset,
  endOfLocalDay,
  formatDate,
  formatKind,
  KK_MONTHS,
  KK_WEEKDAYS,
  localDayStart,
  startOfLocalDay,
  utcOffsetMinutes,
  zonedParts,
} from '../../src/domain/datetime';

const utc = (y: number, mo: number, d: number, h = 0, mi = 0): number => Date.UTC(y, mo - 1, d, h, mi) / 1000;
const ZONES = ['Europe/Berlin', 'America/New_York', 'Asia/Almaty', 'UTC', 'Australia/Sydney', 'America/Santiago'];

describe('time zones and formats', () => {
  it('S2-50 S9-13 formats in 24-hour d.m.Y / H:i and US 12-hour style', () => {
    const t = utc(2025, 3, 15, 14, 5); // 19:05 in Almaty (UTC+5)
    expect(formatKind(t, 'Asia/Almaty', 'event')).toBe('15.03.2025 19:05');
    expect(formatKind(t, 'Asia/Almaty', 'tv')).toBe('19:05');
    expect(formatKind(t, 'Asia/Almaty', 'short')).toBe('15.03.');
    expect(formatKind(t, 'Asia/Almaty', 'kickoff')).toBe('15.03. 19:05');
    expect(formatKind(t, 'Asia/Almaty', 'tv', true)).toBe('07:05 PM');
    expect(formatKind(t, 'Asia/Almaty', 'short', true)).toBe('нау 15');
    expect(formatKind(utc(2025, 3, 15, 19, 0), 'Asia/Almaty', 'tv', true)).toBe('12:00 AM');
    expect(formatKind(utc(2025, 3, 15, 7, 0), 'Asia/Almaty', 'tv', true)).toBe('12:00 PM');
    expect(DATE_FORMATS.event.h24).toBe('d.m.Y H:i');
  });

  it('S2-50 Europe/Berlin across the spring and autumn DST changes', () => {
    // 2025-03-30 01:00 UTC: 02:00 CET jumps to 03:00 CEST.
    expect(formatKind(utc(2025, 3, 30, 0, 59), 'Europe/Berlin', 'event')).toBe('30.03.2025 01:59');
    expect(formatKind(utc(2025, 3, 30, 1, 0), 'Europe/Berlin', 'event')).toBe('30.03.2025 03:00');
    expect(utcOffsetMinutes(utc(2025, 3, 29, 12), 'Europe/Berlin')).toBe(60);
    expect(utcOffsetMinutes(utc(2025, 3, 30, 12), 'Europe/Berlin')).toBe(120);
    // 2025-10-26 01:00 UTC: 03:00 CEST falls back to 02:00 CET.
    expect(formatKind(utc(2025, 10, 26, 0, 30), 'Europe/Berlin', 'tv')).toBe('02:30');
    expect(formatKind(utc(2025, 10, 26, 1, 30), 'Europe/Berlin', 'tv')).toBe('02:30');
    // The day of the change is 23 and 25 hours long.
    expect(localDayStart(2025, 3, 31, 'Europe/Berlin') - localDayStart(2025, 3, 30, 'Europe/Berlin')).toBe(23 * 3600);
    expect(localDayStart(2025, 10, 27, 'Europe/Berlin') - localDayStart(2025, 10, 26, 'Europe/Berlin')).toBe(25 * 3600);
  });

  it('S2-50 America/New_York across DST and in US style', () => {
    // 2025-03-09 07:00 UTC: 02:00 EST jumps to 03:00 EDT.
    expect(formatKind(utc(2025, 3, 9, 6, 59), 'America/New_York', 'tv', true)).toBe('01:59 AM');
    expect(formatKind(utc(2025, 3, 9, 7, 0), 'America/New_York', 'tv', true)).toBe('03:00 AM');
    expect(formatKind(utc(2025, 11, 2, 5, 30), 'America/New_York', 'tv', true)).toBe('01:30 AM');
    expect(formatKind(utc(2025, 11, 2, 6, 30), 'America/New_York', 'tv', true)).toBe('01:30 AM');
    expect(utcOffsetMinutes(utc(2025, 7, 1), 'America/New_York')).toBe(-240);
    expect(utcOffsetMinutes(utc(2025, 1, 1), 'America/New_York')).toBe(-300);
  });

  it('S2-50 Asia/Almaty is UTC+5 with no DST', () => {
    expect(utcOffsetMinutes(utc(2025, 1, 10), 'Asia/Almaty')).toBe(300);
    expect(utcOffsetMinutes(utc(2025, 7, 10), 'Asia/Almaty')).toBe(300);
    expect(formatKind(utc(2025, 12, 31, 19, 0), 'Asia/Almaty', 'event')).toBe('01.01.2026 00:00');
  });

  it('S9-13 Kazakh month and weekday names', () => {
    expect(KK_MONTHS).toEqual([
      'қаңтар',
      'ақпан',
      'наурыз',
      'сәуір',
      'мамыр',
      'маусым',
      'шілде',
      'тамыз',
      'қыркүйек',
      'қазан',
      'қараша',
      'желтоқсан',
    ]);
    expect(KK_WEEKDAYS).toEqual(['дүйсенбі', 'сейсенбі', 'сәрсенбі', 'бейсенбі', 'жұма', 'сенбі', 'жексенбі']);
    expect(dayLabelKk(utc(2025, 3, 15, 12), 'Asia/Almaty')).toBe('сенбі, 15 наурыз');
    expect(formatDate(utc(2025, 9, 1, 12), 'UTC', 'l, j F Y')).toBe('дүйсенбі, 1 қыркүйек 2025');
    expect(formatDate(utc(2025, 9, 1, 12), 'UTC', '\\d d')).toBe('d 01');
  });

  it('S2-29 S9-3 day offset relative to today in the visitor zone', () => {
    const now = utc(2025, 3, 15, 20, 0) * 1000; // 16.03 01:00 in Almaty, 15.03 21:00 in Berlin
    const t = utc(2025, 3, 15, 12, 0);
    expect(dayOffset(t, now, 'Asia/Almaty')).toBe(-1);
    expect(dayOffset(t, now, 'Europe/Berlin')).toBe(0);
    expect(dayOffset(utc(2025, 3, 22, 12), now, 'Europe/Berlin')).toBe(7);
    // Across a DST change a day is still one step.
    const beforeSpring = utc(2025, 3, 29, 22, 30) * 1000; // 23:30 CET
    expect(dayOffset(utc(2025, 3, 30, 21, 30), beforeSpring, 'Europe/Berlin')).toBe(1); // 23:30 CEST on the 30th
    expect(dayOffset(utc(2025, 3, 30, 22, 30), beforeSpring, 'Europe/Berlin')).toBe(2); // 24 h later is 00:30 on the 31st
    expect(dayStartForOffset(1, beforeSpring, 'Europe/Berlin')).toBe(utc(2025, 3, 29, 23));
    expect(dayStartForOffset(2, beforeSpring, 'Europe/Berlin')).toBe(utc(2025, 3, 30, 22));
  });

  it('S9-2 end of the local day is the last second before the next local midnight', () => {
    expect(endOfLocalDay(utc(2025, 3, 15, 12), 'Asia/Almaty')).toBe(utc(2025, 3, 15, 19) - 1);
    expect(endOfLocalDay(utc(2025, 3, 29, 22, 30), 'Europe/Berlin', 1)).toBe(utc(2025, 3, 30, 22) - 1);
  });

  it('S2-29 property: an epoch lies within its local day, and the day start reads 00:00 or the first hour', () => {
    fc.assert(
      fc.property(fc.integer({ min: utc(2020, 1, 1), max: utc(2030, 1, 1) }), fc.constantFrom(...ZONES), (t, zone) => {
        const start = startOfLocalDay(t, zone);
        const end = endOfLocalDay(t, zone);
        expect(start).toBeLessThanOrEqual(t);
        expect(end).toBeGreaterThanOrEqual(t);
        expect(dayOffset(start, t * 1000, zone)).toBe(0);
        expect(dayOffset(start - 1, t * 1000, zone)).toBe(-1);
        expect(dayOffset(end + 1, t * 1000, zone)).toBe(1);
        expect(zonedParts(start, zone).minute).toBe(0);
      }),
      { numRuns: 300 },
    );
  });

  it('S2-50 an unknown zone falls back to UTC instead of throwing', () => {
    expect(formatKind(utc(2025, 3, 15, 14, 5), 'Mars/Olympus', 'tv')).toBe('14:05');
  });
});
