// The footer (S2-47, S2-48): the gamble-responsibly links (removed while a required legal-age
// confirmation is missing) and the mobile-version link (hidden unless the visitor's country allows it).
import { Link } from 'react-router';
import { EDITION } from '../../../src/domain/edition';
import { kk } from '../../../src/i18n/kk';

export interface FooterProps {
  /** S2-48: false while legal-age confirmation is required and not yet given. */
  readonly showGambleLinks?: boolean;
  /** S2-47: hidden by default; revealed unless a restriction list excludes the visitor's country. */
  readonly showMobileLink?: boolean;
  readonly year: number;
}

export function Footer({ showGambleLinks = true, showMobileLink = false, year }: FooterProps) {
  return (
    <footer className="footer">
      <nav className="footer__links" aria-label={kk.footer.label}>
        <Link to={`${EDITION.routePrefix}/football/`}>{kk.notFound.football}</Link>
        {showGambleLinks ? (
          <a href="https://www.begambleaware.org/" rel="noopener noreferrer" target="_blank" data-testid="gamble-link">
            <span className="age">{kk.footer.ageNotice}</span> {kk.footer.gambleResponsibly}
          </a>
        ) : null}
        <a href="/mobile" hidden={!showMobileLink} data-testid="mobile-link">
          {kk.footer.mobile}
        </a>
      </nav>
      <p className="footer__note">{kk.footer.info}</p>
      <p className="footer__copy">{kk.footer.copyright(year)}</p>
    </footer>
  );
}
