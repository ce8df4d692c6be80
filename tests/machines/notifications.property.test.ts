// fast-check property of the notifications machine: any sequence of goals (followed or not), follows and
// unfollows, closes, clicks, window widths, page visibility and clock steps keeps the invariants: a box or
// a browser notification only for a game followed when it came, never more boxes shown than the width
// fits (S4-41), and every box fades out exactly 180 s after it came unless closed first (S9-9).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { NOTIFICATION_FADE_MS } from '../../machines/notifications';
import { NOTIFICATION_EXPIRE_MS } from '../../src/domain/limits';
import { visibleLimit } from '../../src/domain/notification-rules';
import { goal, notificationsHarness } from './support/notifications-harness';

const GAMES = ['AAAAAAAA', 'BBBBBBBB', 'CCCCCCCC', 'DDDDDDDD', 'EEEEEEEE'];

type Step =
  | { readonly kind: 'goal'; readonly game: number }
  | { readonly kind: 'follow'; readonly games: readonly boolean[] }
  | { readonly kind: 'close' | 'open'; readonly box: number }
  | { readonly kind: 'width'; readonly width: number }
  | { readonly kind: 'visible'; readonly visible: boolean }
  | { readonly kind: 'wait'; readonly ms: number };

const step: fc.Arbitrary<Step> = fc.oneof(
  { weight: 5, arbitrary: fc.record({ kind: fc.constant('goal' as const), game: fc.nat(GAMES.length - 1) }) },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('follow' as const),
      games: fc.array(fc.boolean(), { minLength: GAMES.length, maxLength: GAMES.length }),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constantFrom('close' as const, 'open' as const), box: fc.nat(8) }) },
  {
    weight: 1,
    arbitrary: fc.record({ kind: fc.constant('width' as const), width: fc.integer({ min: 0, max: 2000 }) }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('visible' as const), visible: fc.boolean() }) },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('wait' as const),
      ms: fc.oneof(fc.integer({ min: 1, max: 5_000 }), fc.integer({ min: 60_000, max: 200_000 })),
    }),
  },
);

describe('notifications machine: properties', () => {
  it('S4-40 S4-41 S9-9: only followed games; never more boxes shown than the width fits; each box expires at 180 s', () => {
    fc.assert(
      fc.property(fc.array(step, { maxLength: 60 }), (steps) => {
        const h = notificationsHarness({ input: { followed: [], permission: 'granted' } });
        let followed = new Set<string>();
        const goals = new Map<string, number>();
        // Each box's arrival, and whether the visitor closed or clicked it.
        const arrived = new Map<string, number>();
        const dismissed = new Set<string>();
        let browserSeen = 0;
        const check = () => {
          const { boxes, width } = h.context();
          expect(boxes.filter((b) => !b.notification.hidden).length).toBeLessThanOrEqual(visibleLimit(width));
          for (const box of boxes) {
            const id = box.notification.id;
            const age = h.now() - arrived.get(id)!;
            expect(age).toBeLessThan(NOTIFICATION_EXPIRE_MS + NOTIFICATION_FADE_MS);
            if (age >= NOTIFICATION_EXPIRE_MS) expect(box.phase).toBe('out');
          }
          // A box neither closed nor clicked stays until its 180 s are over.
          for (const [id, at] of arrived)
            if (!dismissed.has(id) && h.now() - at < NOTIFICATION_EXPIRE_MS)
              expect(boxes.some((b) => b.notification.id === id)).toBe(true);
        };
        for (const s of steps) {
          switch (s.kind) {
            case 'goal': {
              const game = GAMES[s.game];
              const n = (goals.get(game) ?? 0) + 1;
              goals.set(game, n);
              const before = new Set(h.boxes().map((b) => b.notification.id));
              h.send({ type: 'feed.changes', changes: [goal(game, n, 1, null)] });
              const added = h.boxes().filter((b) => !before.has(b.notification.id));
              const browser = h.browser.slice(browserSeen);
              browserSeen = h.browser.length;
              for (const box of added) arrived.set(box.notification.id, h.now());
              // Only a followed game makes either; a hidden tab with permission gets no box.
              if (!followed.has(`g_1_${game}`)) expect(added.length + browser.length).toBe(0);
              else expect(added.length + browser.length).toBe(1);
              if (!h.context().visible) expect(added).toEqual([]);
              break;
            }
            case 'follow':
              followed = new Set(GAMES.filter((_, i) => s.games[i]).map((g) => `g_1_${g}`));
              h.send({ type: 'follow.changed', keys: [...followed] });
              break;
            case 'close':
            case 'open': {
              const box = h.boxes()[s.box];
              if (!box) break;
              dismissed.add(box.notification.id);
              h.send({ type: s.kind === 'close' ? 'box.close' : 'box.open', id: box.notification.id });
              break;
            }
            case 'width':
              h.send({ type: 'page.layout', width: s.width, responsive: false });
              break;
            case 'visible':
              h.send({ type: 'page.visibility', visible: s.visible });
              break;
            case 'wait': {
              // In steps that stop at every expiry and fade end, so each is checked on its very ms.
              let left = s.ms;
              while (left > 0) {
                const ends = [...arrived.values()].flatMap((at) => [
                  at + NOTIFICATION_EXPIRE_MS - h.now(),
                  at + NOTIFICATION_EXPIRE_MS + NOTIFICATION_FADE_MS - h.now(),
                ]);
                const next = Math.min(left, ...ends.filter((d) => d > 0));
                h.advance(next);
                left -= next;
                check();
              }
              break;
            }
          }
          check();
        }
      }),
      { numRuns: 200 },
    );
  });
});
