// Reading a number straight out of a feed body, without cutting a string for plain integers.

/**
 * The number in body[start, end), or NaN when the text is empty, blank or not a finite number
 * (the same reading as Number() on the trimmed text).
 */
export function numberAt(body: string, start: number, end: number): number {
  const n = end - start;
  if (n <= 0) return Number.NaN;
  let i = start;
  let negative = false;
  if (body.charCodeAt(i) === 0x2d) {
    negative = true;
    i++;
  }
  // Fast path: up to 15 decimal digits, no sign other than a leading minus.
  if (i < end && end - i <= 15) {
    let value = 0;
    let j = i;
    for (; j < end; j++) {
      const d = body.charCodeAt(j) - 48;
      if (d < 0 || d > 9) break;
      value = value * 10 + d;
    }
    if (j === end) return negative ? -value : value;
  }
  const text = body.slice(start, end);
  if (text.trim() === '') return Number.NaN;
  const value = Number(text);
  return Number.isFinite(value) ? value : Number.NaN;
}
