import { describe, expect, it } from 'vitest';
import { dayOffsetLabel, fullDateTime, longDate, pageTimezoneHour, startTimeText } from '../../web/ui/format/time';

// 2026-03-29 is Europe's spring-forward day: Berlin moves from UTC+1 to UTC+2 at 01:00 UTC.
const BEFORE_SWITCH = Date.UTC(2026, 2, 28, 12); // Saturday noon UTC
const AFTER_SWITCH = Date.UTC(2026, 2, 29, 12); // Sunday noon UTC

describe('page dates in the visitor time zone', () => {
  it('S7-1 the feeds timezone hour follows the visitor offset across a DST change', () => {
    expect(pageTimezoneHour(BEFORE_SWITCH, 'Europe/Berlin')).toBe(1);
    expect(pageTimezoneHour(AFTER_SWITCH, 'Europe/Berlin')).toBe(2);
    expect(pageTimezoneHour(AFTER_SWITCH, 'Asia/Almaty')).toBe(5);
    expect(pageTimezoneHour(AFTER_SWITCH, 'America/New_York')).toBe(-4);
  });

  it('S2-50 S4-25 a kick-off reads in local time on both sides of the switch', () => {
    const kickoff = Date.UTC(2026, 2, 29, 18, 30) / 1000;
    expect(startTimeText(kickoff, AFTER_SWITCH, 'Europe/Berlin')).toBe('20:30');
    expect(startTimeText(kickoff, AFTER_SWITCH, 'Asia/Almaty')).toBe('23:30');
    expect(fullDateTime(kickoff, 'Europe/Berlin')).toBe('29.03.2026 20:30');
  });

  it('S2-29 S9-3 the date selector names local days, stepping over the short day', () => {
    expect(dayOffsetLabel(0, BEFORE_SWITCH, 'Europe/Berlin')).toBe('Бүгін');
    expect(dayOffsetLabel(2, BEFORE_SWITCH, 'Europe/Berlin')).toBe('Дс 30.03.');
    expect(dayOffsetLabel(-2, AFTER_SWITCH, 'Europe/Berlin')).toBe('Жм 27.03.');
    expect(longDate(1, BEFORE_SWITCH, 'Europe/Berlin')).toBe('Жексенбі, 29 наурыз');
  });
});
