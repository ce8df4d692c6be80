// What every process of a clustered world agrees on: the simulation's inputs and the mapping from real to
// virtual time. The first writer stores it in JetStream's key-value store; later writers and every edge read
// it, so a restarted writer regenerates the same day and every edge shows the same clock.
import type { NatsConnection } from '@nats-io/nats-core';
import { type KV, Kvm } from '@nats-io/kv';

export interface WorldConfig {
  readonly seed: number;
  /** Virtual start, epoch ms. */
  readonly startTime: number;
  /** Real time at the virtual start, epoch ms. */
  readonly realStart: number;
  /** Virtual seconds per real second. */
  readonly speed: number;
  /** Sport ids; absent for all. */
  readonly sports?: readonly number[];
}

export const WORLD_BUCKET = 'world';
const CONFIG_KEY = 'config';

/** Names one world: its snapshots and feed signatures are that world's only. */
export function worldKey(config: WorldConfig): string {
  return `${config.seed}-${config.startTime}-${config.realStart}`;
}

export function virtualNow(config: WorldConfig, realNow: number): number {
  return config.startTime + (realNow - config.realStart) * config.speed;
}

function isConfig(value: unknown): value is WorldConfig {
  const v = value as Partial<WorldConfig> | null;
  return (
    typeof v === 'object' &&
    v !== null &&
    Number.isInteger(v.seed) &&
    Number.isFinite(v.startTime) &&
    Number.isFinite(v.realStart) &&
    typeof v.speed === 'number' &&
    v.speed > 0 &&
    (v.sports === undefined || (Array.isArray(v.sports) && v.sports.every(Number.isInteger)))
  );
}

export async function worldBucket(nc: NatsConnection): Promise<KV> {
  return new Kvm(nc).create(WORLD_BUCKET);
}

/** Stores `proposed` unless a config is there already; returns the one in force. */
export async function agreeOnConfig(bucket: KV, proposed: WorldConfig): Promise<WorldConfig> {
  try {
    await bucket.create(CONFIG_KEY, JSON.stringify(proposed));
    return proposed;
  } catch {
    const stored = await readConfig(bucket);
    if (!stored) throw new Error('the world config in NATS is unreadable');
    return stored;
  }
}

export async function readConfig(bucket: KV): Promise<WorldConfig | null> {
  const entry = await bucket.get(CONFIG_KEY);
  if (entry?.operation !== 'PUT') return null;
  let value: unknown;
  try {
    value = entry.json();
  } catch {
    return null;
  }
  return isConfig(value) ? value : null;
}

/** Waits for the first writer to store the config (an edge may start before any writer). */
export async function waitForConfig(bucket: KV, signal: AbortSignal, pollMs = 250): Promise<WorldConfig> {
  for (;;) {
    const config = await readConfig(bucket);
    if (config) return config;
    if (signal.aborted) throw new Error('stopped while waiting for the world config');
    await new Promise((resolve) => setTimeout(resolve, pollMs));
  }
}
