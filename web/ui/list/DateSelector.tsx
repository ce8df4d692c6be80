// The 7-day calendar (S2-29, S9-3): previous and next day buttons around a day picker.
import { kk } from '../../../src/i18n/kk';
import { dayOffsetLabel } from '../format/time';

export const CALENDAR_DAYS = 7; // S9-3 calendar range
export const FIRST_DAY = -3;
export const LAST_DAY = FIRST_DAY + CALENDAR_DAYS - 1;

export function clampDay(day: number): number {
  if (!Number.isFinite(day)) return 0;
  return Math.min(LAST_DAY, Math.max(FIRST_DAY, Math.trunc(day)));
}

export interface DateSelectorProps {
  readonly day: number;
  readonly nowMs: number;
  readonly onChange: (day: number) => void;
}

export function DateSelector({ day, nowMs, onChange }: DateSelectorProps) {
  const days = Array.from({ length: CALENDAR_DAYS }, (_, i) => FIRST_DAY + i);
  return (
    <fieldset className="dates" aria-label={kk.dates.label}>
      <button
        type="button"
        className="dates__step"
        aria-label={kk.dates.previous}
        title={kk.dates.previous}
        disabled={day <= FIRST_DAY}
        onClick={() => onChange(clampDay(day - 1))}
      >
        ‹
      </button>
      <select
        className="dates__picker"
        aria-label={kk.dates.label}
        value={day}
        onChange={(e) => onChange(clampDay(Number(e.currentTarget.value)))}
      >
        {days.map((d) => (
          <option key={d} value={d}>
            {dayOffsetLabel(d, nowMs)}
          </option>
        ))}
      </select>
      <button
        type="button"
        className="dates__step"
        aria-label={kk.dates.next}
        title={kk.dates.next}
        disabled={day >= LAST_DAY}
        onClick={() => onChange(clampDay(day + 1))}
      >
        ›
      </button>
    </fieldset>
  );
}
