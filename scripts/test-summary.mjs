// Reads vitest's JSON report and prints the closing line CI reads: "N passed, N failed".
import { existsSync, readFileSync } from 'node:fs';

const [reportPath, checksPassed, checksFailed, vitestStatus] = process.argv.slice(2);
let passed = Number(checksPassed) || 0;
let failed = Number(checksFailed) || 0;
let skipped = 0;
if (existsSync(reportPath) && readFileSync(reportPath, 'utf8').trim()) {
  const report = JSON.parse(readFileSync(reportPath, 'utf8'));
  passed += report.numPassedTests ?? 0;
  failed += report.numFailedTests ?? 0;
  skipped += (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
  // A file that fails to load has no tests in the count, and one whose setup fails (say, a server that cannot
  // start) reports its tests as skipped: they count as failed, never as skipped.
  for (const file of report.testResults ?? []) {
    const results = file.assertionResults ?? [];
    if (file.status !== 'failed' || results.some((test) => test.status === 'failed')) continue;
    const notRun = results.filter((test) => test.status === 'skipped' || test.status === 'pending').length;
    failed += Math.max(1, notRun);
    skipped -= notRun;
    console.error(`failed: ${file.name}: ${String(file.message ?? '').split('\n')[0]}`);
  }
} else {
  failed += 1;
  console.error('vitest wrote no report');
}
if (Number(vitestStatus) !== 0 && failed === 0) failed += 1;
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failed === 0 ? 0 : 1);
