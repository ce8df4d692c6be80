import { describe, expect, it } from 'vitest';
import { formatGap, golfRankText, golfRankTexts, startTimeText, winterDistanceText } from '../../src/domain/display';

const utc = (y: number, mo: number, d: number, h = 0, mi = 0): number => Date.UTC(y, mo - 1, d, h, mi) / 1000;

describe('row display rules', () => {
  it('S4-25 gap shows + when positive and rank is not 1', () => {
    expect(formatGap('12.4', 2)).toBe('+12.4');
    expect(formatGap(3.5, 5)).toBe('+3.5');
    expect(formatGap('1:02.3', 7)).toBe('+1:02.3');
    expect(formatGap('12.4', 1)).toBe('12.4');
    expect(formatGap('0.0', 3)).toBe('0.0');
    expect(formatGap(0, 3)).toBe('0');
    expect(formatGap('+1.2', 3)).toBe('+1.2');
    expect(formatGap('-0.4', 3)).toBe('-0.4');
    expect(formatGap('DNF', 3)).toBe('DNF');
    expect(formatGap(undefined, 3)).toBe('');
  });

  it('S4-25 winter-sport distance in km for the live leader only', () => {
    expect(winterDistanceText(7500, 1, true)).toBe('7.5 км');
    expect(winterDistanceText(12_340, 1, true)).toBe('12.3 км');
    expect(winterDistanceText(7500, 2, true)).toBe('');
    expect(winterDistanceText(7500, 1, false)).toBe('');
    expect(winterDistanceText(undefined, 1, true)).toBe('');
  });

  it('S4-25 golf rank uses a T prefix for ties', () => {
    expect(golfRankText(3, true)).toBe('T3');
    expect(golfRankText(3, false)).toBe('3');
    expect(golfRankTexts([1, 2, 2, 4, undefined])).toEqual(['1', 'T2', 'T2', '4', '']);
  });

  it("S4-25 today's start times show time only; other days date and time; US style h:i A / M d", () => {
    const now = utc(2025, 3, 15, 10) * 1000;
    expect(startTimeText(utc(2025, 3, 15, 14, 5), now, 'Asia/Almaty')).toBe('19:05');
    expect(startTimeText(utc(2025, 3, 15, 14, 5), now, 'Asia/Almaty', true)).toBe('07:05 PM');
    expect(startTimeText(utc(2025, 3, 16, 14, 5), now, 'Asia/Almaty')).toBe('16.03. 19:05');
    expect(startTimeText(utc(2025, 3, 16, 14, 5), now, 'Asia/Almaty', true)).toBe('нау 16, 07:05 PM');
    // 20:00 UTC is already tomorrow in Almaty but still today in New York.
    expect(startTimeText(utc(2025, 3, 15, 20, 0), now, 'America/New_York')).toBe('16:00');
    expect(startTimeText(utc(2025, 3, 15, 20, 0), now, 'Asia/Almaty')).toBe('16.03. 01:00');
  });
});
