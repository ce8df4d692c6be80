// The readable summary `scores replay` prints without --json.
import type { ReplayResult } from './run';

const MAX_LISTED = 10;

function faultKinds(report: ReplayResult['report']): string {
  const kinds = Object.entries(report.faultsByKind).filter(([, n]) => n > 0);
  return kinds.length === 0 ? '' : ` (${kinds.map(([k, n]) => `${k} ${n}`).join(', ')})`;
}

export function formatReplaySummary(file: string, result: ReplayResult): string {
  const { report } = result;
  const speed = report.wallSeconds > 0 ? Math.round(report.simulatedSeconds / report.wallSeconds) : 0;
  const lines = [
    `${file}: ${result.kind}, ${result.sports.length} sport(s), ${Object.values(result.eventsShown).reduce((a, b) => a + b, 0)} event(s) shown at the end`,
    `  simulated ${report.simulatedSeconds} s in ${report.wallSeconds} s (${speed}x real time)`,
    `  feeds applied ${report.feedsApplied}, faults injected ${report.faultsInjected}${faultKinds(report)}`,
    `  ${report.converged ? 'converged to the world, every check passed' : `did NOT converge: ${report.mismatchCount} mismatch(es), ${report.violationCount} violation(s)`}`,
    `  checks (evaluated/failed): ${report.checks.map((c) => `${c.check} ${c.evaluated}/${c.failed}`).join(', ')}`,
  ];
  for (const m of report.mismatches.slice(0, MAX_LISTED)) {
    lines.push(
      `    sport ${m.sport} event ${m.eventId} ${m.field}: client ${String(m.client)}, world ${String(m.world)}`,
    );
  }
  if (report.violationCount === 0) lines.push('  no invariant violations');
  else
    lines.push(
      `  ${report.violationCount} invariant violation(s), the first ${Math.min(MAX_LISTED, report.violationCount)}:`,
    );
  for (const v of report.invariantViolations.slice(0, MAX_LISTED)) {
    const at = new Date(v.time).toISOString().slice(11, 19);
    lines.push(`    ${v.check} at ${at} sport ${v.sport}${v.eventId ? ` event ${v.eventId}` : ''}: ${v.message}`);
  }
  return lines.join('\n');
}
