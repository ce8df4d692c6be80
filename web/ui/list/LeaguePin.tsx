// My Leagues in a league's heading: the pin toggle beside the league (S2-43) and the star that is active
// while the league is pinned (S2-42). Both read the site's 'pinToggle' child (machines/pin-toggle.ts); a
// click sends `pin.toggle` and the machine decides (a guest's opens the login dialog, S5-5; a pin waiting
// for the server shows as pending and ignores clicks, S4-34).
import { useSelector } from '@xstate/react';
import { memo } from 'react';
import { isPinned, isUnconfirmed } from '../../../machines/pin-toggle';
import { kk } from '../../../src/i18n/kk';
import { useSiteChild } from '../common/actors';
import './pins.css';

export interface LeaguePinProps {
  /** S3-60: the league's label key. */
  readonly labelKey: string;
  /** The league's name, for screen readers. */
  readonly name: string;
}

export const LeaguePin = memo(function LeaguePin({ labelKey, name }: LeaguePinProps) {
  const pins = useSiteChild('pinToggle');
  const pinned = useSelector(pins, (s) => isPinned(s.context, labelKey));
  const pending = useSelector(pins, (s) => isUnconfirmed(s.context, labelKey));
  const tooltip = pinned ? kk.pins.remove : kk.pins.add; // S2-43
  let className = 'league__pin';
  if (pinned) className += ' league__pin--on';
  if (pending) className += ' league__pin--pending';
  return (
    <button
      type="button"
      className={className}
      aria-pressed={pinned}
      aria-busy={pending || undefined}
      aria-label={`${tooltip}: ${name}`}
      title={pending ? `${tooltip} (${kk.pins.pending})` : tooltip}
      data-label-key={labelKey}
      onClick={() => pins.send({ type: 'pin.toggle', labelKey })}
    >
      <svg viewBox="0 0 16 16" width="14" height="14" aria-hidden="true" focusable="false">
        <path d="M10.5 1.5 14.5 5.5 12.8 6.2 10 9v3.5L8.8 13.7 6 10.9 2.5 14.4 1.6 13.5 5.1 10 2.3 7.2 3.5 6H7L9.8 3.2Z" />
      </svg>
    </button>
  );
});

/** S2-42: the My Leagues star in the league's heading, shown while the league is pinned. */
export const PinnedStar = memo(function PinnedStar({ labelKey }: { readonly labelKey: string }) {
  const pins = useSiteChild('pinToggle');
  const pinned = useSelector(pins, (s) => isPinned(s.context, labelKey));
  if (!pinned) return null;
  return (
    <span className="league__star" role="img" aria-label={kk.pins.pinned} title={kk.pins.pinned}>
      ★
    </span>
  );
});
