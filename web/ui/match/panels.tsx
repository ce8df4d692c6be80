// The match page's tab panels: summary (incidents by period), statistics, line-ups, head-to-head
// and odds. Each renders a mapped detail feed; an empty feed shows the "no data" note.
import { useSelector } from '@xstate/react';
import { kk } from '../../../src/i18n/kk';
import { useSiteChild } from '../common/actors';
import { oddsText } from '../../../src/domain/shown-text';
import { fullDateTime } from '../format/time';
import { parseHeadToHead, parseLineups, parseOddsComparison, parseStats, parseSummary } from './detail-mappers';
import type { MatchTab } from './use-match-feeds';

const INFO_LABEL: Readonly<Record<string, string>> = {
  REF: kk.match.referee,
  VEN: kk.match.venue,
  TWN: kk.match.town,
  CAP: kk.match.capacity,
};

function NoData() {
  return <p className="no-data">{kk.match.noData}</p>;
}

export function TabPanel({ tab, body, showParticipants }: { tab: MatchTab; body: string; showParticipants: boolean }) {
  switch (tab) {
    case 'summary':
      return <SummaryPanel body={body} />;
    case 'stats':
      return <StatsPanel body={body} />;
    case 'lineups':
      return showParticipants ? <LineupsPanel body={body} /> : <p className="no-data">{kk.match.participantsHidden}</p>;
    case 'h2h':
      return <H2HPanel body={body} />;
    case 'odds':
      return <OddsPanel body={body} />;
  }
}

function SummaryPanel({ body }: { body: string }) {
  const summary = parseSummary(body);
  if (summary.periods.length === 0 && summary.info.length === 0) return <NoData />;
  return (
    <div className="summary">
      {summary.periods.map((period) => (
        <section key={period.key} className="summary__period" data-testid="summary-period">
          <h3 className="summary__title">
            <span>{period.name || kk.match.period}</span>
            {period.home !== undefined && period.away !== undefined ? (
              <span className="summary__score">
                {period.home} - {period.away}
              </span>
            ) : null}
          </h3>
          <ul className="incidents">
            {period.incidents.map((incident) => (
              <li
                key={incident.id || `${incident.minute}-${incident.player}`}
                className={`incident incident--${incident.side === 1 ? 'home' : 'away'} incident--t${incident.type}`}
              >
                <span className="incident__minute">{incident.minute}</span>
                <span className="incident__icon" aria-hidden="true" />
                <span className="incident__text">
                  <span className="incident__label">{incident.label}</span>
                  {incident.score ? (
                    <strong className="incident__score">
                      {incident.score[0]} - {incident.score[1]}
                    </strong>
                  ) : null}
                  <span className="incident__player">{incident.player}</span>
                  {incident.secondPlayer ? <span className="incident__second">({incident.secondPlayer})</span> : null}
                </span>
              </li>
            ))}
          </ul>
        </section>
      ))}
      {summary.info.length > 0 ? (
        <section className="match-info">
          <h3>{kk.match.info}</h3>
          <dl>
            {summary.info.map((item) => (
              <div key={item.code}>
                <dt>{INFO_LABEL[item.code] ?? item.code}</dt>
                <dd>{item.value}</dd>
              </div>
            ))}
          </dl>
        </section>
      ) : null}
    </div>
  );
}

function StatsPanel({ body }: { body: string }) {
  const periods = parseStats(body);
  if (periods.length === 0) return <NoData />;
  return (
    <div className="stats">
      {periods.map((period) => (
        <section key={period.key} className="stats__period">
          <h3>{period.name}</h3>
          {period.groups.map((group) => (
            <div key={group.key} className="stats__group">
              {group.name ? <h4>{group.name}</h4> : null}
              {group.rows.map((row) => (
                <StatLine key={row.id} label={row.label} home={row.home} away={row.away} />
              ))}
            </div>
          ))}
        </section>
      ))}
    </div>
  );
}

function StatLine({ label, home, away }: { label: string; home: string; away: string }) {
  const h = Number.parseFloat(home);
  const a = Number.parseFloat(away);
  const total = (Number.isFinite(h) ? h : 0) + (Number.isFinite(a) ? a : 0);
  const share = total > 0 && Number.isFinite(h) ? Math.round((h / total) * 100) : 50;
  return (
    <div className="stat" data-testid="stat-row">
      <div className="stat__values">
        <span>{home}</span>
        <span className="stat__label">{label}</span>
        <span>{away}</span>
      </div>
      <div className="stat__bar" aria-hidden="true">
        <span className="stat__home" style={{ width: `${share}%` }} />
        <span className="stat__away" style={{ width: `${100 - share}%` }} />
      </div>
    </div>
  );
}

function LineupsPanel({ body }: { body: string }) {
  const teams = parseLineups(body);
  if (teams.length === 0) return <NoData />;
  return (
    <div className="lineups">
      {teams.map((team) => (
        <section key={team.side} className="lineups__team">
          <h3>{team.name || (team.side === 1 ? kk.match.home : kk.match.away)}</h3>
          {team.sections.map((section) => (
            <div key={section.kind}>
              {section.label ? <h4>{section.label}</h4> : null}
              <ul>
                {section.players.map((p) => (
                  <li key={`${p.number}-${p.name}`} className="player">
                    <span className="player__number">{p.number}</span>
                    <span className="player__name">{p.name}</span>
                    <span className="player__position">{p.position}</span>
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </section>
      ))}
    </div>
  );
}

function H2HPanel({ body }: { body: string }) {
  const sections = parseHeadToHead(body);
  if (sections.every((s) => s.matches.length === 0)) return <NoData />;
  return (
    <div className="h2h">
      {sections.map((section) => (
        <section key={section.key} className="h2h__section">
          <h3>{section.title}</h3>
          <ul>
            {section.matches.map((m) => (
              <li key={`${m.id}-${m.start}`} className="h2h__match">
                <span className="h2h__date">{m.start ? fullDateTime(m.start).slice(0, 10) : ''}</span>
                <span className="h2h__tournament">{m.tournament}</span>
                <span className={m.homeWon ? 'h2h__team h2h__team--won' : 'h2h__team'}>{m.home}</span>
                <span className="h2h__score">{m.score}</span>
                <span className={m.awayWon ? 'h2h__team h2h__team--won' : 'h2h__team'}>{m.away}</span>
                {m.result ? <H2HResult result={m.result} /> : null}
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}

function H2HResult({ result }: { result: keyof typeof kk.match.h2hResult }) {
  const { letter, word } = kk.match.h2hResult[result];
  return (
    <span className={`h2h__result h2h__result--${result}`} title={word}>
      <span aria-hidden="true">{letter}</span>
      <span className="sr-only">{word}</span>
    </span>
  );
}

function OddsPanel({ body }: { body: string }) {
  const settings = useSiteChild('settings');
  const format = useSelector(settings, (s) => s.context.oddsFormat);
  const markets = parseOddsComparison(body);
  if (markets.length === 0) return <NoData />;
  return (
    <div className="odds-comparison">
      {markets.map((market) => (
        <table key={`${market.name}-${market.scope}`} className="odds-table">
          <caption>
            {market.name} {market.scope ? `· ${market.scope}` : ''}
          </caption>
          <thead>
            <tr>
              <th scope="col">{kk.match.bookmaker}</th>
              {market.outcomes.map((o) => (
                <th key={o} scope="col">
                  {o}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {market.bookmakers.map((b) => (
              <tr key={b.id} className={b.active ? '' : 'odds-table__inactive'}>
                <th scope="row">{b.name}</th>
                {b.odds.map((o, i) => (
                  // A table cell, not the rows' inline-block odd: it stays in its column under its outcome.
                  <td key={market.outcomes[i]} className={o.move ? `odds-cell odds-cell--${o.move}` : 'odds-cell'}>
                    {oddsText(o.current, format)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      ))}
    </div>
  );
}
