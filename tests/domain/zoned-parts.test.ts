// zonedParts reads a zone's offset once per quarter hour and does the rest in UTC arithmetic: it must agree with
// Intl for any instant, DST changes included.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { utcOffsetMinutes, zonedParts } from '../../src/domain/datetime';

const ZONES = ['Asia/Almaty', 'Europe/London', 'America/New_York', 'Australia/Lord_Howe', 'Pacific/Chatham', 'UTC'];

function intlReading(epochSec: number, timeZone: string) {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
    weekday: 'short',
  }).formatToParts(new Date(epochSec * 1000));
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  const weekdays = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];
  return {
    year: Number(get('year')),
    month: Number(get('month')),
    day: Number(get('day')),
    hour: Number(get('hour')) % 24,
    minute: Number(get('minute')),
    second: Number(get('second')),
    weekday: weekdays.indexOf(get('weekday')) + 1,
  };
}

describe('zonedParts', () => {
  it('S9-3: agrees with Intl for any instant from 2000 to 2040 in zones with and without DST', () => {
    fc.assert(
      fc.property(fc.integer({ min: 946_684_800, max: 2_208_988_800 }), fc.constantFrom(...ZONES), (sec, zone) => {
        expect(zonedParts(sec, zone)).toEqual(intlReading(sec, zone));
      }),
      { numRuns: 3000 },
    );
  });

  it('S9-3: agrees with Intl on both sides of DST changes, second by second', () => {
    // Europe/London 2026-03-29 01:00 UTC, America/New_York 2026-11-01 06:00 UTC, Lord Howe's half hour 2026-04-04 15:00 UTC.
    const changes: [string, number][] = [
      ['Europe/London', Date.UTC(2026, 2, 29, 1) / 1000],
      ['America/New_York', Date.UTC(2026, 10, 1, 6) / 1000],
      ['Australia/Lord_Howe', Date.UTC(2026, 3, 4, 15) / 1000],
    ];
    for (const [zone, at] of changes) {
      for (let sec = at - 2; sec <= at + 2; sec += 1) expect(zonedParts(sec, zone)).toEqual(intlReading(sec, zone));
      expect(utcOffsetMinutes(at - 1, zone)).not.toBe(utcOffsetMinutes(at, zone));
    }
  });
});
