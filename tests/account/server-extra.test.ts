// More service answers: XE0 on an internal failure, v5 code 101, periodic marketing variants.
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { GOOD_PASSWORD, NS, PROJECT, loginAs, registerVerified, startAccountServer } from './helpers';

const DAY = 24 * 60 * 60_000;

describe('more service answers', () => {
  it('A8-2 XE0: an internal failure answers err XE0 in an ok answer', async () => {
    const server = await startAccountServer();
    try {
      await registerVerified(server, 'broken@example.kz');
      await sql`drop table marketing`.execute(server.handle.db);
      const answer = await server.post('/v3/login', {
        email: 'broken@example.kz',
        password: GOOD_PASSWORD,
        namespace: NS,
        project: PROJECT,
      });
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual({ err: 'XE0' });
    } finally {
      await server.close();
    }
  });

  it('A8-3 v5 code 101 for a body that is not a JSON object', async () => {
    const server = await startAccountServer();
    try {
      await registerVerified(server, 'v5body@example.kz');
      const login = await loginAs(server, 'v5body@example.kz');
      const answer = await server.post('/v5/users/me/terms-agreements', [1, 2], {
        authorization: `Basic ${Buffer.from(`${login.id}:${login.hash}`).toString('base64')}`,
      });
      expect(answer.status).toBe(400);
      expect(answer.body).toMatchObject({ code: 101, name: 'InvalidRequestBody' });
    } finally {
      await server.close();
    }
  });

  it('A4-2 periodic variants: a declined statement is asked again after 180 days (1004 extended, 1006 basic)', async () => {
    let clock = Date.UTC(2026, 0, 1);
    for (const [policy, initial, periodic] of [
      ['EXTENDED', 1003, 1004],
      ['BASIC', 1005, 1006],
    ] as const) {
      const server = await startAccountServer({ marketing: { [PROJECT]: policy }, now: () => clock });
      try {
        await registerVerified(server, 'periodic@example.kz');
        let login = await loginAs(server, 'periodic@example.kz');
        const codeOf = async () => {
          const body = (await server.post('/v4/getdata', { loggedIn: login, project: PROJECT })).body;
          const errors = (body.err2 ?? []) as { details: { code: number }[] }[];
          return errors[0]?.details[0]?.code ?? null;
        };
        expect(await codeOf()).toBe(initial);
        await server.post(
          '/v5/users/me/marketing-approval',
          { projectId: PROJECT, variant: `${policy}_INITIAL`, marketingApproved: false, thirdPartiesApproved: false },
          {
            authorization: `Basic ${Buffer.from(`${login.id}:${login.hash}`).toString('base64')}`,
            'x-platform': 'web',
            'x-version': 'client-v4',
          },
        );
        expect(await codeOf()).toBeNull();
        clock += 179 * DAY;
        login = await loginAs(server, 'periodic@example.kz'); // the first session ended after 30 idle days
        expect(await codeOf()).toBeNull();
        clock += 2 * DAY;
        expect(await codeOf()).toBe(periodic);
      } finally {
        await server.close();
      }
    }
  });
});
