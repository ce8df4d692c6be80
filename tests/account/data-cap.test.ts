// The 256 KiB storage cap holds per account, across all its project ids and both data keys.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_STORED_DATA_BYTES } from '../../server/account/service/data';
import { type TestServer, loginAs, registerVerified, startAccountServer } from './helpers';

let server: TestServer;
beforeAll(async () => {
  server = await startAccountServer();
});
afterAll(async () => server.close());

const BLOB = 'x'.repeat(30_000);
const PROJECTS = Array.from({ length: 10 }, (_, i) => 1001 + i);

function store(session: { id: string; hash: string }, project: number, key: 'data' | 'privateData', merge: object) {
  return server.post('/v3/storemergeddata', { loggedIn: session, key, dataDiff: { merge, unmerge: [] }, project });
}

describe('storage cap per account', () => {
  it('A7-11 ten made-up project ids share one 256 KiB cap; privateData counts too', async () => {
    expect(MAX_STORED_DATA_BYTES).toBe(256 * 1024);
    await registerVerified(server, 'cap@example.kz');
    const session = await loginAs(server, 'cap@example.kz');
    const answers = [];
    for (const project of PROJECTS) answers.push((await store(session, project, 'data', { blob: BLOB })).body);
    // Eight blobs of about 30 KB fit in 256 KiB; the ninth and tenth do not.
    expect(answers.map((a) => a.r ?? a.err)).toEqual([...Array(8).fill('XY1'), 'XE11', 'XE11']);
    expect((await store(session, PROJECTS[0], 'privateData', { blob: BLOB })).body).toEqual({ err: 'XE11' });
    const refused = await server.post('/v4/getdata', { loggedIn: session, project: PROJECTS[8] });
    expect(refused.body.data).toEqual({});
    // Freeing one project makes room in another.
    const freed = await server.post('/v3/storemergeddata', {
      loggedIn: session,
      key: 'data',
      dataDiff: { merge: {}, unmerge: ['blob'] },
      project: PROJECTS[0],
    });
    expect(freed.body.r).toBe('XY1');
    expect((await store(session, PROJECTS[8], 'privateData', { blob: BLOB })).body.r).toBe('XY1');
  });

  it('A7-11 A3-11 parallel writes to ten project ids cannot together pass the cap', async () => {
    await registerVerified(server, 'cap2@example.kz');
    const session = await loginAs(server, 'cap2@example.kz');
    const answers = await Promise.all(PROJECTS.map((project) => store(session, project, 'data', { blob: BLOB })));
    expect(answers.filter((a) => a.body.r === 'XY1')).toHaveLength(8);
    expect(answers.filter((a) => a.body.err === 'XE11')).toHaveLength(2);
  });

  it('A7-11 another account has its own cap', async () => {
    await registerVerified(server, 'cap3@example.kz');
    const session = await loginAs(server, 'cap3@example.kz');
    expect((await store(session, PROJECTS[0], 'data', { blob: BLOB })).body.r).toBe('XY1');
  });
});
