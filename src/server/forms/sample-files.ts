import { promises as fs } from 'node:fs';
import path from 'node:path';
import type { FlowSample, FlowSamples } from '../../shared/form-samples';
import { APPLICATION_TYPES } from '../../shared/wizard-driver';

/** The folder of sample answers beside the forms: schemas/samples/<type>.json. */
export const samplesDir = (schemasDir: string) => path.join(schemasDir, 'samples');

/**
 * Reads schemas/samples/<type>.json for every application type (a missing file is left out, for the
 * check to report; invalid JSON throws with the file's name).
 */
export async function readSamples(schemasDir: string): Promise<FlowSamples> {
  const samples: FlowSamples = {};
  for (const type of APPLICATION_TYPES) {
    const file = path.join(samplesDir(schemasDir), `${type}.json`);
    let text: string;
    try {
      text = await fs.readFile(file, 'utf8');
    } catch {
      continue;
    }
    try {
      samples[type] = JSON.parse(text) as FlowSample;
    } catch (error) {
      throw new Error(`schemas/samples/${type}.json: ${(error as Error).message}`, { cause: error });
    }
  }
  return samples;
}
