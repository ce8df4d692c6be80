// UTF-8 feed bodies mis-decoded as Latin-1 / windows-1252 are repaired before parsing.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseRows, serializeRows } from '../../src/protocol/codec';
import { looksMisdecodedLatin1, repairMisdecodedLatin1 } from '../../src/protocol/latin1';
import { parseListFeed } from '../../src/protocol/list-feed';
import { BASKETBALL_TODAY, FOOTBALL_TODAY, REAL_FEED_FILES, realFeed } from './real-feeds';

const utf8 = new TextEncoder();
/** ISO-8859-1 proper: every byte becomes the code point of the same number. */
const asIso88591 = (text: string): string => String.fromCharCode(...utf8.encode(text));
/** windows-1252, which is what browsers and TextDecoder use for the `latin1` label. */
const asWindows1252 = (text: string): string => new TextDecoder('latin1').decode(utf8.encode(text));

describe('Latin-1 mojibake repair (protocol.md §1)', () => {
  it('S7-1 a mis-decoded body shows Â¬ and Ã· and is detected', () => {
    const body = 'SA÷1¬~';
    expect(asWindows1252(body)).toBe('SAÃ·1Â¬~');
    expect(looksMisdecodedLatin1(asWindows1252(body))).toBe(true);
    expect(looksMisdecodedLatin1(body)).toBe(false);
  });

  it('S7-1 every real feed mis-decoded either way parses exactly like the original', () => {
    for (const file of REAL_FEED_FILES) {
      const body = realFeed(file);
      const expected = parseRows(body);
      expect(parseRows(asWindows1252(body)), file).toEqual(expected);
      expect(parseRows(asIso88591(body)), file).toEqual(expected);
    }
    const feed = parseListFeed(asWindows1252(realFeed(FOOTBALL_TODAY)));
    expect(feed.leagues.map((l) => l.id)).toEqual(['1_p6bNd8qp', '1_hn4BnBIP', '1_jch8u3dn', '1_fgs8qKsB']);
    expect(parseListFeed(asIso88591(realFeed(BASKETBALL_TODAY))).signature).toBe('ed761bb89345850654ac97f2e575beb2');
  });

  it('S1-1 Kazakh and Russian letters come back from mojibake', () => {
    const body = 'ZA÷ҚАЗАҚСТАН: Премьер-лига¬~AA÷x¬AE÷Қайрат¬AF÷Ордабасы — әңгіме ұғым үй¬~';
    const broken = asWindows1252(body);
    expect(broken).toContain('Ã·');
    expect(broken).not.toContain('Қ');
    expect(repairMisdecodedLatin1(broken)).toBe(body);
    expect(repairMisdecodedLatin1(asIso88591(body))).toBe(body);
    expect(parseListFeed(broken).events[0]).toMatchObject({ home: 'Қайрат', away: 'Ордабасы — әңгіме ұғым үй' });
  });

  it('S7-1 repair inverts mis-decoding of any text (property), and leaves plain ASCII alone', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (text) => {
        // Lone surrogates have no UTF-8 form; the encoder would turn them into U+FFFD.
        const wellFormed = text.replace(/\p{Cs}/gu, '\uFFFD');
        expect(repairMisdecodedLatin1(asIso88591(wellFormed))).toBe(wellFormed);
        expect(repairMisdecodedLatin1(asWindows1252(wellFormed))).toBe(wellFormed);
      }),
      { numRuns: 500 },
    );
    fc.assert(
      fc.property(fc.string({ unit: 'binary-ascii' }), (text) => {
        expect(repairMisdecodedLatin1(text)).toBe(text);
      }),
    );
  });

  it('S8-7 a correctly decoded body is never repaired, even with Ã· inside a value', () => {
    const body = serializeRows([
      [
        ['AA', 'x'],
        ['AM', 'literal Ã· and Â'],
      ],
    ]);
    expect(looksMisdecodedLatin1(body)).toBe(false);
    expect(parseRows(body)[0][1]).toEqual(['AM', 'literal Ã· and Â']);
  });
});
