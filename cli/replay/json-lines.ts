// The JSONL files the CLI reads (fact logs, captures, scenarios): one JSON value per line. Blank
// lines are skipped; a line that is not JSON is reported and skipped, never thrown.

export type BadLine = (lineNumber: number, reason: string) => void;

export interface JsonLine {
  readonly value: unknown;
  /** 1-based, as an editor shows it. */
  readonly lineNumber: number;
}

export function* jsonLines(text: string, onBadLine?: BadLine): Generator<JsonLine> {
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]?.trim() ?? '';
    if (line === '') continue;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch {
      onBadLine?.(i + 1, 'not JSON');
      continue;
    }
    yield { value, lineNumber: i + 1 };
  }
}
