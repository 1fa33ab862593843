import { isJsonObject } from './schema-walk';
import { stepWithModule } from './step-modules';

/**
 * A broken rule that spans steps: `path` a JSON pointer, `key` its text in locales/<lng>/validation.json
 * with `params` for the placeholders. The server answers it in the 422 like a schema error; the wizard
 * shows it on the field.
 */
export interface RuleError {
  path: string;
  key: string;
  params: Record<string, unknown>;
}

/**
 * The storeys above the ground floor as the construction step says (0 without storeys), or undefined
 * while it does not say (not answered yet): then no rule depends on it.
 */
export function storeysOf(construction: unknown): number | undefined {
  if (!isJsonObject(construction) || typeof construction.has_storeys !== 'boolean') return undefined;
  if (!construction.has_storeys) return 0;
  const count = construction.storey_count;
  return Number.isInteger(count) && (count as number) >= 0 ? (count as number) : undefined;
}

/** The floor numbers a building of `storeys` storeys has: 0 (the ground floor) to `storeys`. */
export function expectedFloors(storeys: number): number[] {
  return Array.from({ length: storeys + 1 }, (_, floor) => floor);
}

/**
 * The construction details' floor rows against the construction step's storeys: exactly one row per
 * floor, the ground floor (0) and each storey (1 … storey_count). Paths are within the construction
 * details step ('/floors', '/floors/2/floor'). Rows the schema refuses anyway (no floor number) are
 * left to the schema's own errors.
 */
export function floorRowErrors(construction: unknown, details: unknown): RuleError[] {
  const storeys = storeysOf(construction);
  const floors = isJsonObject(details) ? details.floors : undefined;
  if (storeys === undefined || !Array.isArray(floors)) return [];
  const errors: RuleError[] = [];
  const rows = storeys + 1;
  if (floors.length !== rows) {
    errors.push(
      storeys === 0
        ? { path: '/floors', key: 'floors_ground_only', params: {} }
        : { path: '/floors', key: 'floors_count', params: { rows, storeys } },
    );
  }
  const seen = new Set<number>();
  floors.forEach((row, index) => {
    const floor = isJsonObject(row) ? row.floor : undefined;
    if (typeof floor !== 'number' || !Number.isInteger(floor) || floor < 0) return;
    const path = `/floors/${index}/floor`;
    if (floor > storeys) {
      errors.push(
        storeys === 0
          ? { path, key: 'floor_ground_only', params: {} }
          : { path, key: 'floor_out_of_range', params: { storeys } },
      );
    } else if (seen.has(floor)) {
      // Its message says "this floor": the row's own words (the summary's label) name it, the ground floor too.
      errors.push({ path, key: 'floor_duplicate', params: { floor } });
    }
    seen.add(floor);
  });
  return errors;
}

/**
 * Every cross-step rule over an application's answers by step; paths start with the step's id. The
 * steps are found by their module (src/shared/step-modules.ts) among `flow` (all steps when absent).
 */
export function crossStepErrors(
  answers: Readonly<Record<string, unknown>>,
  steps: Readonly<Record<string, { schema: unknown } | undefined>>,
  flow?: readonly string[],
): RuleError[] {
  const floors = stepWithModule(steps, 'floors', flow);
  const storeys = stepWithModule(steps, 'storeys', flow);
  if (floors === undefined || storeys === undefined) return [];
  return floorRowErrors(answers[storeys], answers[floors]).map((error) => ({
    ...error,
    path: `/${floors}${error.path}`,
  }));
}
