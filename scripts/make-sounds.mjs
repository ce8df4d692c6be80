#!/usr/bin/env node
// Synthesises the site's live sounds (S4-37) as small WAV files: 16-bit mono PCM at 22.05 kHz,
// each under 30 KB. The output is deterministic, so the committed files are what this script makes.
//
//   node scripts/make-sounds.mjs [outDir]     (default: web/ui/sound/files)
//
//   score-incremented  two-note rising chime
//   correction         two-note falling chime, lower
//   finished           three-note rising arpeggio
//   tennis-game        one short high tick
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const RATE = 22_050;
const MAX_BYTES = 30 * 1024;
const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const outDir = resolve(process.argv[2] ?? join(root, 'web/ui/sound/files'));

/** A bell-like note: a sine with two soft overtones, a 6 ms attack and an exponential decay. */
function note(samples, { freq, start, length, gain, decay }) {
  const first = Math.round(start * RATE);
  const count = Math.round(length * RATE);
  const attack = Math.round(0.006 * RATE);
  for (let i = 0; i < count && first + i < samples.length; i++) {
    const t = i / RATE;
    const rise = i < attack ? i / attack : 1;
    const fall = Math.exp(-t / decay);
    // The last 10 ms fade to zero so the file never ends on a click.
    const tail = Math.min(1, (count - i) / (0.01 * RATE));
    const wave =
      Math.sin(2 * Math.PI * freq * t) +
      0.35 * Math.sin(2 * Math.PI * 2 * freq * t) +
      0.12 * Math.sin(2 * Math.PI * 3 * freq * t);
    samples[first + i] += (gain * rise * fall * tail * wave) / 1.47;
  }
}

function render(seconds, notes) {
  const samples = new Float64Array(Math.round(seconds * RATE));
  for (const n of notes) note(samples, n);
  return samples;
}

function wav(samples) {
  const data = samples.length * 2;
  const buffer = Buffer.alloc(44 + data);
  buffer.write('RIFF', 0, 'ascii');
  buffer.writeUInt32LE(36 + data, 4);
  buffer.write('WAVE', 8, 'ascii');
  buffer.write('fmt ', 12, 'ascii');
  buffer.writeUInt32LE(16, 16); // PCM chunk size
  buffer.writeUInt16LE(1, 20); // PCM
  buffer.writeUInt16LE(1, 22); // mono
  buffer.writeUInt32LE(RATE, 24);
  buffer.writeUInt32LE(RATE * 2, 28); // bytes per second
  buffer.writeUInt16LE(2, 32); // block align
  buffer.writeUInt16LE(16, 34); // bits per sample
  buffer.write('data', 36, 'ascii');
  buffer.writeUInt32LE(data, 40);
  for (let i = 0; i < samples.length; i++) {
    const clamped = Math.max(-1, Math.min(1, samples[i]));
    buffer.writeInt16LE(Math.round(clamped * 32_767), 44 + i * 2);
  }
  return buffer;
}

const E5 = 659.25;
const G5 = 783.99;
const A5 = 880;
const C5 = 523.25;
const D5 = 587.33;
const B4 = 493.88;
const E6 = 1318.51;

const SOUNDS = {
  'sound-score.wav': render(0.45, [
    { freq: E5, start: 0, length: 0.2, gain: 0.5, decay: 0.12 },
    { freq: A5, start: 0.12, length: 0.33, gain: 0.55, decay: 0.16 },
  ]),
  'sound-correction.wav': render(0.45, [
    { freq: D5, start: 0, length: 0.2, gain: 0.5, decay: 0.12 },
    { freq: B4, start: 0.12, length: 0.33, gain: 0.55, decay: 0.16 },
  ]),
  'sound-finished.wav': render(0.6, [
    { freq: C5, start: 0, length: 0.2, gain: 0.45, decay: 0.12 },
    { freq: E5, start: 0.12, length: 0.2, gain: 0.45, decay: 0.12 },
    { freq: G5, start: 0.24, length: 0.36, gain: 0.5, decay: 0.18 },
  ]),
  'sound-tennis-game.wav': render(0.12, [{ freq: E6, start: 0, length: 0.12, gain: 0.35, decay: 0.03 }]),
};

mkdirSync(outDir, { recursive: true });
for (const [name, samples] of Object.entries(SOUNDS)) {
  const bytes = wav(samples);
  if (bytes.length > MAX_BYTES) throw new Error(`${name} is ${bytes.length} bytes, over ${MAX_BYTES}`);
  writeFileSync(join(outDir, name), bytes);
  console.log(`${join(outDir, name)}  ${bytes.length} bytes`);
}
