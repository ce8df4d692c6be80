// The cluster on loopback (issue #22), each part its own process: nats-server, world writers, two edges
// behind nginx, accounts on PostgreSQL. A visitor watches through nginx while parts are killed with SIGKILL.
import { type Browser, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LocalCluster, startLocalCluster } from '../../server/cluster/local-cluster';
import { foldFacts } from '../../sim/fold';
import { createSimulation } from '../../sim/simulation';
import { streamFacts } from './support/stream-facts';
import { NS, PROJECT } from '../account/helpers';
import { createTestDatabase, type TestDatabase } from '../account/postgres';
import { buildClient, CHROMIUM_ARGS } from '../e2e/support/site';
import { encodeCaptchaSolution, solveCaptcha } from '../../src/account/captcha-solver';
import { execFileSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { resolve } from 'node:path';

const root = resolve(import.meta.dirname, '../..');
const FSIGN = { 'x-fsign': 'SW9D1eZo' };
const SEED = 3;
const SPORTS = [1];
/** 18:00 in Almaty: the evening's football is live. 60×: a real second is a virtual minute. */
const START = Date.UTC(2026, 10, 25, 13);
const SPEED = 60;
const DAY_LIST = '/47/x/feed/f_1_0_5_kk_1';

let cluster: LocalCluster;
let database: TestDatabase;
let clientDir: string;
let browser: Browser;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
async function until<T>(what: string, check: () => Promise<T | null | false>, ms = 45_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await check().catch(() => null);
    if (value) return value;
    if (Date.now() > end) throw new Error(`timed out: ${what}`);
    await sleep(200);
  }
}

async function feed(base: string, path: string): Promise<string> {
  const response = await fetch(`${base}${path}`, { headers: FSIGN });
  if (response.status !== 200) throw new Error(`${path}: ${response.status}`);
  return response.text();
}

async function readyz(base: string): Promise<{ pushClients: number; worldVersion: number }> {
  return (await (await fetch(`${base}/readyz`)).json()) as { pushClients: number; worldVersion: number };
}

/** Live rows the page shows: event id → "home-away". */
async function pageScores(page: Page): Promise<Map<string, string>> {
  const rows = await page.$$eval('a.row--live[data-event-id]', (links) =>
    links.map((a) => {
      const spans = a.querySelectorAll('[data-testid="row-score"] .row__score-box span');
      return [a.getAttribute('data-event-id') ?? '', `${spans[0]?.textContent}-${spans[1]?.textContent}`] as const;
    }),
  );
  return new Map(rows);
}

beforeAll(async () => {
  execFileSync('bash', [resolve(root, 'scripts/ensure-cluster-packages.sh')], { stdio: 'inherit' });
  [database, clientDir] = await Promise.all([createTestDatabase(), buildClient()]);
  cluster = await startLocalCluster({
    root,
    seed: SEED,
    speed: SPEED,
    start: START,
    sports: SPORTS,
    db: database.url,
    staticDir: clientDir,
    dev: true,
    log: process.env.CLUSTER_LOG ? (line) => console.log(line) : undefined,
  });
  browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
}, 400_000);

afterAll(async () => {
  await browser?.close();
  await cluster?.stop();
  await database?.drop();
  if (clientDir) rmSync(clientDir, { recursive: true, force: true });
});

describe('the cluster on loopback', () => {
  it('kill -9 the writer mid-day and start another: no fact lost or written twice, and the day goes on', async () => {
    const [first] = cluster.writers;
    const before = (await streamFacts(cluster.natsUrl)).length;
    first!.child.kill('SIGKILL');
    await first!.exited;
    const second = await cluster.startWriter();
    await cluster.writing(second);
    await until('new facts after the takeover', async () => (await streamFacts(cluster.natsUrl)).length > before + 20);
    const facts = await streamFacts(cluster.natsUrl);
    expect(facts.map((f) => f.seq)).toEqual(facts.map((_, i) => i + 1));
    const reference = createSimulation({ seed: SEED, startTime: START, sports: SPORTS });
    reference.advanceTo(facts[facts.length - 1]!.time);
    expect(facts).toEqual(reference.facts.slice(0, facts.length));
  }, 90_000);

  it('a visitor through nginx sees the goals the writer appends, and kill -9 of its edge moves it to the other one', async () => {
    const page = await browser.newPage();
    await page.goto(`${cluster.url}/kz/football/?cat=1`);
    await page.waitForSelector('a.row--live[data-event-id]', { timeout: 30_000 }).catch(async (error: unknown) => {
      throw new Error(`${String(error)}\n${(await page.content()).slice(0, 3000)}`);
    });
    // Its push socket is on one edge: that is the one to kill.
    const withSocket = await until('the page on an edge', async () => {
      for (const edge of cluster.edges) if ((await readyz(edge.url)).pushClients > 0) return edge;
      return null;
    });
    const other = cluster.edges.find((edge) => edge !== withSocket)!;
    // A goal appended by the writer reaches the page.
    const shown = await pageScores(page);
    await until('a goal on the page', async () => {
      const now = await pageScores(page);
      return [...now].some(([id, score]) => shown.has(id) && shown.get(id) !== score);
    });
    withSocket.child.kill('SIGKILL');
    await withSocket.exited;
    await until('the page reconnected to the other edge', async () => (await readyz(other.url)).pushClients > 0);
    // Freeze the world, and the page must come to the world's truth.
    for (const writer of cluster.writers) writer.child.kill('SIGTERM');
    await Promise.all(cluster.writers.map((w) => w.exited));
    const world = foldFacts(await streamFacts(cluster.natsUrl));
    const truth = (id: string) => {
      const fields = world.matches.get(id)?.fields;
      return fields ? `${fields.homeScore ?? 0}-${fields.awayScore ?? 0}` : null;
    };
    await until('the page agrees with the world', async () => {
      const shownNow = await pageScores(page);
      return shownNow.size > 0 && [...shownNow].every(([id, score]) => truth(id) === score);
    });
    // Every request still works through nginx.
    expect((await fetch(`${cluster.url}${DAY_LIST}`, { headers: FSIGN })).status).toBe(200);
    await page.close();
  }, 120_000);

  it('a new edge started late catches up and serves the same bytes as the old one for the same version', async () => {
    // The world stands still: no writer.
    for (const writer of cluster.writers) writer.child.kill('SIGTERM');
    await Promise.all(cluster.writers.map((w) => w.exited));
    const old = cluster.edges.find((edge) => edge.child.exitCode === null && edge.child.signalCode === null)!;
    const late = await cluster.startEdge();
    await until(
      'both at one version',
      async () => (await readyz(late.url)).worldVersion === (await readyz(old.url)).worldVersion,
    );
    for (const path of [DAY_LIST, '/47/x/feed/f_1_-1_5_kk_1', '/47/x/feed/f_1_1_5_kk_1', '/2/x/feed/f_1_0_5_en_2']) {
      const [mine, theirs] = [await feed(late.url, path), await feed(old.url, path)];
      const at = [...mine].findIndex((ch, i) => ch !== theirs[i]);
      expect(
        at === -1 ? '' : `${path} @${at}: ${mine.slice(at - 60, at + 60)} | ${theirs.slice(at - 60, at + 60)}`,
      ).toBe('');
      expect(mine.length).toBe(theirs.length);
    }
  }, 90_000);

  it('A7-4 registration on one edge, login on the other (accounts on PostgreSQL)', async () => {
    const [a, b] = cluster.edges.filter((edge) => edge.child.exitCode === null && edge.child.signalCode === null);
    const challenge = await (await fetch(`${a!.url}/v5/captcha/challenge`)).json();
    const number = await solveCaptcha(challenge);
    const post = async (base: string, path: string, body: unknown) =>
      (
        await fetch(`${base}${path}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(body),
        })
      ).json();
    const email = 'cluster@example.kz';
    const password = 'Good_pass_2026';
    expect(
      await post(a!.url, '/v3/registration', {
        email,
        password,
        name: 'Aigul_K',
        captcha: encodeCaptchaSolution(challenge, number!),
        termsofservice: true,
        touApproval: true,
        ppApproval: true,
        namespace: NS,
        project: PROJECT,
      }),
    ).toEqual({ r: 'XY1' });
    const outbox = await until('the verification mail', async () => {
      const body = (await (await fetch(`${a!.url}/dev/outbox?format=json&to=${encodeURIComponent(email)}`)).json()) as {
        messages: { body: string }[];
      };
      return body.messages.length > 0 ? body.messages[body.messages.length - 1]! : null;
    });
    const link = new URL(/https?:\/\/\S+/.exec(outbox.body)![0]);
    expect(
      await post(b!.url, '/v3/verification', {
        t: 'verifyAccount',
        c: link.searchParams.get('c'),
        i: link.searchParams.get('i'),
        namespace: NS,
      }),
    ).toMatchObject({ r: 'XY1' });
    const login = (await post(b!.url, '/v3/login', { email, password, namespace: NS, project: PROJECT })) as Record<
      string,
      unknown
    >;
    expect(typeof login.id).toBe('string');
  }, 60_000);
  it('A8-1 the account API’s cap per visitor address holds for the whole cluster, at the balancer', async () => {
    // Each edge alone would let 300 a minute through; nginx counts them all (deploy/nginx.conf).
    const answers = await Promise.all(
      Array.from({ length: 150 }, () => fetch(`${cluster.url}/v5/captcha/challenge`).then((r) => r.status)),
    );
    const ok = answers.filter((status) => status === 200).length;
    expect(answers.filter((status) => status === 429).length).toBeGreaterThanOrEqual(60);
    expect(ok).toBeGreaterThan(0);
    expect(ok).toBeLessThanOrEqual(90);
  }, 30_000);
});
