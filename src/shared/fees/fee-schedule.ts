import type { LocalizedText } from '../reference-data';
import type { ApplicationType } from '../wizard-driver';

/**
 * The fee schedule as policy data (schemas/fees.json, a part of each published forms version): policy
 * staff set the numbers and edit them like the rest of the forms. Amounts are whole Tanzanian shillings.
 * A version without a schedule gives no estimate.
 */
export interface FeeSchedule {
  $comment?: string;
  currency: 'TZS';
  /** The name of each kind of line, in both languages. */
  names: Record<FeeLineKind, LocalizedText>;
  /** The fees of each application type; a type without an entry gets no estimate. */
  types: Partial<Record<ApplicationType, TypeFees>>;
}

/** One storey band: each storey from `from` to `to` (no end when absent) costs `per_storey`. */
export interface StoreyBand {
  from: number;
  to?: number;
  per_storey: number;
}

export interface TypeFees {
  /** The flat fee of every application of the type. */
  base: number;
  /** The answer ("<step>.<field>") that says the building's use class, which picks the area rate. */
  use?: string;
  /**
   * The floor-area component: the answer holding the area in m² and the rate per m², one for all
   * (`rate`) or by use class (`rates`, keyed by the values of the `use` answer).
   */
  area?: { answer: string; rate?: number; rates?: Record<string, number> };
  /**
   * The storeys component: the answer holding the storey count (above the ground floor; a step
   * answered without it, a building without storeys, counts 0) and the bands, charged storey by storey.
   */
  storeys?: { answer: string; bands: StoreyBand[] };
  /** The least the fee can be (before an exemption). */
  minimum: number;
  /** The fee is rounded up to a multiple of this (1 for none). */
  round_to: number;
  /** The whole type is exempt (government buildings): the fee is 0, for this reason. */
  exemption?: { reason: LocalizedText };
}

export const FEE_LINE_KINDS = ['base', 'area', 'storeys', 'minimum', 'rounding', 'exemption'] as const;
export type FeeLineKind = (typeof FEE_LINE_KINDS)[number];

/** The most storey bands a type may have, and the largest amount or rate (bounds the work and the sums). */
export const MAX_STOREY_BANDS = 20;
export const MAX_AMOUNT_TZS = 1_000_000_000;
