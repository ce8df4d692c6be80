// Reading a number straight out of a feed body, without cutting a string for plain integers.

const POWERS_OF_TEN = [1, 10, 100, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15];

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
  // Fast path: up to 15 digits with at most one decimal point inside (odds such as 1.95).
  // digits / 10^k is one correctly rounded division, so it equals Number() of the text.
  if (i < end && end - i <= 15) {
    let value = 0;
    let scale = 0;
    let point = -1;
    let j = i;
    for (; j < end; j++) {
      const c = body.charCodeAt(j);
      if (c === 0x2e && point === -1 && j > i && j < end - 1) {
        point = j;
        continue;
      }
      const d = c - 48;
      if (d < 0 || d > 9) break;
      value = value * 10 + d;
      if (point !== -1) scale++;
    }
    if (j === end) {
      if (scale > 0) value /= POWERS_OF_TEN[scale];
      return negative ? -value : value;
    }
  }
  const text = body.slice(start, end);
  if (text.trim() === '') return Number.NaN;
  const value = Number(text);
  return Number.isFinite(value) ? value : Number.NaN;
}
