// The readable summary `scores replay` prints without --json.
import type { ReplayResult } from './run';

const MAX_LISTED = 10;

export function formatReplaySummary(file: string, result: ReplayResult): string {
  const { report } = result;
  const speed = report.wallSeconds > 0 ? Math.round(report.simulatedSeconds / report.wallSeconds) : 0;
  const lines = [
    `${file}: ${result.kind}, ${result.sports.length} sport(s), ${Object.values(result.eventsShown).reduce((a, b) => a + b, 0)} event(s) shown at the end`,
    `  simulated ${report.simulatedSeconds} s in ${report.wallSeconds} s (${speed}x real time)`,
    `  feeds applied ${report.feedsApplied}, faults injected ${report.faultsInjected}`,
    `  ${report.converged ? 'converged to the world' : `did NOT converge: ${report.mismatches.length} mismatch(es)`}`,
  ];
  for (const m of report.mismatches.slice(0, MAX_LISTED)) {
    lines.push(
      `    sport ${m.sport} event ${m.eventId} ${m.field}: client ${String(m.client)}, world ${String(m.world)}`,
    );
  }
  if (report.invariantViolations.length === 0) lines.push('  no invariant violations');
  else lines.push(`  ${report.invariantViolations.length} invariant violation(s):`);
  for (const v of report.invariantViolations.slice(0, MAX_LISTED)) {
    const at = new Date(v.time).toISOString().slice(11, 19);
    lines.push(`    ${v.check} at ${at} sport ${v.sport}${v.eventId ? ` event ${v.eventId}` : ''}: ${v.message}`);
  }
  return lines.join('\n');
}
