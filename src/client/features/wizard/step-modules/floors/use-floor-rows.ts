import { useEffect, useState } from 'react';
import { trackPageLoad } from '../../../../app/page-loads';

type FloorRows = typeof import('./floor-rows');

/**
 * The floors step's own behaviour (floor-rows.ts: its rows from the storey count, their rules, a floor
 * added numbered) loads with that step, or with the step before it, as its validator does: not with the
 * wizard's first step on every phone.
 */
let loaded: FloorRows | undefined;
let loading: Promise<FloorRows> | undefined;

export const loadFloorRows = (): Promise<FloorRows> =>
  (loading ??= trackPageLoad(import('./floor-rows')).then((module) => (loaded = module)));

/** floor-rows.ts once loaded while `wanted`; if it cannot be (a dropped connection), the page says so, with Reload. */
export function useFloorRows(wanted: boolean): FloorRows | undefined {
  const [floorRows, setFloorRows] = useState<FloorRows | Error | undefined>(loaded);
  useEffect(() => {
    if (wanted && !floorRows)
      loadFloorRows().then(setFloorRows, (error: unknown) => {
        loading = undefined;
        setFloorRows(error instanceof Error ? error : new Error(String(error)));
      });
  }, [wanted, floorRows]);
  if (floorRows instanceof Error) throw floorRows; // PageBoundary: "This page could not be loaded", Reload
  return floorRows;
}
