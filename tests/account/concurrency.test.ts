// Concurrent writers of synced data lose nothing: each merge runs in one transaction with a version check.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROJECT, type TestServer, loginAs, registerVerified, startAccountServer } from './helpers';

let server: TestServer;
beforeAll(async () => {
  server = await startAccountServer();
});
afterAll(async () => server.close());

describe('concurrent merges', () => {
  it('A7-11 A3-11 forty concurrent merges from two sessions all land; unmerges remove only their keys', async () => {
    await registerVerified(server, 'many@example.kz');
    const a = await loginAs(server, 'many@example.kz');
    const b = await loginAs(server, 'many@example.kz');
    const writes = Array.from({ length: 40 }, (_, i) =>
      server.post('/v3/storemergeddata', {
        loggedIn: i % 2 ? a : b,
        key: 'data',
        dataDiff: { merge: { [`myGames.g_${i}`]: i, [`counts.c${i % 5}.n${i}`]: true }, unmerge: [] },
        project: PROJECT,
      }),
    );
    const answers = await Promise.all(writes);
    expect(answers.every((r) => r.body.r === 'XY1')).toBe(true);
    await Promise.all(
      [0, 1, 2].map((i) =>
        server.post('/v3/storemergeddata', {
          loggedIn: a,
          key: 'data',
          dataDiff: { merge: {}, unmerge: [`myGames.g_${i}`] },
          project: PROJECT,
        }),
      ),
    );
    const data = (await server.post('/v4/getdata', { loggedIn: a, project: PROJECT })).body.data as {
      myGames: Record<string, number>;
      counts: Record<string, Record<string, boolean>>;
    };
    expect(Object.keys(data.myGames).sort()).toEqual(Array.from({ length: 37 }, (_, i) => `g_${i + 3}`).sort());
    expect(Object.values(data.counts).reduce((n, group) => n + Object.keys(group).length, 0)).toBe(40);
  });
});
