// A country's flag from the flag-icons set (web/ui/common/flags.ts), beside the country's name: decorative, so it
// has an empty alt. A country the set has no flag for keeps the same space, so names stay aligned.
import { flagCodeOf, flagUrl } from './flags';
import './flag.css';

export interface FlagProps {
  /** The provider's country id (ZB). */
  readonly countryId: number | null | undefined;
  /** 'small' in the left menu's country list. */
  readonly size?: 'normal' | 'small';
}

// The set's 4:3 flags, at the sizes the CSS gives them: width and height reserve the space before the file loads.
const SIZES = { normal: [20, 15], small: [16, 12] } as const;

export function Flag({ countryId, size = 'normal' }: FlagProps) {
  const code = flagCodeOf(countryId);
  const [width, height] = SIZES[size];
  const className = size === 'small' ? 'flag flag--small' : 'flag';
  if (code === null) return <span className={`${className} flag--none`} aria-hidden="true" />;
  return (
    <img
      className={className}
      src={flagUrl(code)}
      alt=""
      width={width}
      height={height}
      loading="lazy"
      decoding="async"
      data-flag={code}
    />
  );
}
