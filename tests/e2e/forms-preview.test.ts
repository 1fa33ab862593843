import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect, inject, test } from 'vitest';
import { formsPreview, PREVIEW_VIEWPORT } from '../../scripts/forms-preview';
import { flowSamples } from '../fixtures/step-samples';

/**
 * `npm run forms:preview` is a review tool, not run in CI as a whole (every flow in both languages is
 * minutes of screenshots): here it runs for one flow in one language against the test portal, and each
 * step's screenshot must exist, be a PNG at phone width, and hold a real page (not a blank one).
 */
let out: string | undefined;
afterAll(async () => {
  if (out) await rm(out, { recursive: true, force: true });
});

/** The width and height in a PNG's header (IHDR). */
function pngSize(png: Buffer): { width: number; height: number } {
  expect(png.subarray(0, 8).toString('hex')).toBe('89504e470d0a1a0a');
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20) };
}

test('writes a filled screenshot of each step of the repair flow in Swahili, 360 px wide', async () => {
  out = await mkdtemp(path.join(os.tmpdir(), 'kibali-preview-'));
  const files = await formsPreview({ out, flows: ['repair'], languages: ['sw'], url: inject('baseUrl') });
  const steps = Object.keys(flowSamples.repair);
  expect(files.map((file) => path.basename(file))).toEqual(
    steps.map((step, i) => `repair-sw-${String(i + 1).padStart(2, '0')}-${step}.png`),
  );
  const sizes: number[] = [];
  for (const file of files) {
    const png = await readFile(file);
    const { width, height } = pngSize(png);
    expect(width).toBe(PREVIEW_VIEWPORT.width);
    // A filled step is taller than the phone's screen, and its picture holds text, fields and colour.
    expect(height).toBeGreaterThan(PREVIEW_VIEWPORT.height / 2);
    expect(png.length).toBeGreaterThan(20_000);
    sizes.push(png.length);
  }
  // Each step is its own picture, not the same page three times.
  expect(new Set(sizes).size).toBe(files.length);
}, 240_000);
