import { answerAt } from '../document-rules';
import type { FormsSet, JsonSchema } from '../forms';
import type { LocalizedText } from '../reference-data';
import { isJsonObject } from '../schema-walk';
import type { ApplicationType } from '../wizard-driver';
import type { FeeLineKind, FeeSchedule, TypeFees } from './fee-schedule';

/** One line of an estimate: what it is, how many, at what rate, and its amount. */
export interface FeeLine {
  kind: FeeLineKind;
  name: LocalizedText;
  /** What the line is about: the use class of the area, the storeys of a band ("3–4"). */
  detail: LocalizedText | null;
  /** m² for the area, storeys for a band, 1 otherwise. */
  quantity: number;
  unit: 'fixed' | 'm2' | 'storey';
  rate_tzs: number;
  amount_tzs: number;
}

export interface FeeEstimate {
  currency: 'TZS';
  total_tzs: number;
  lines: FeeLine[];
  /** Why the fee is 0 (government buildings), when the type is exempt. */
  exemption: LocalizedText | null;
}

/** Why there is no estimate: no schedule in the version, none for the type, or an answer not given yet. */
export type NoEstimate =
  | { reason: 'no_schedule' | 'no_fees_for_type' }
  | { reason: 'missing_answer'; answer: string; question: LocalizedText | null };

export type EstimateResult = { estimate: FeeEstimate } | { missing: NoEstimate };

const both = (text: string): LocalizedText => ({ en: text, sw: text });

/** The schema node of an answer "<step>.<field>" (dotted into objects), if the step declares it. */
function fieldSchema(forms: Pick<FormsSet, 'steps'>, answer: string): JsonSchema | undefined {
  const [step, ...names] = answer.split('.');
  let node: unknown = step !== undefined && Object.hasOwn(forms.steps, step) ? forms.steps[step]!.schema : undefined;
  for (const name of names) {
    if (!isJsonObject(node)) return undefined;
    const direct = isJsonObject(node.properties) ? node.properties[name] : undefined;
    // Conditional fields are declared in allOf/then (schemas/README.md).
    const conditional = Array.isArray(node.allOf)
      ? node.allOf
          .map((part) => (isJsonObject(part) && isJsonObject(part.then) ? part.then.properties : undefined))
          .map((props) => (isJsonObject(props) ? props[name] : undefined))
          .find((found) => found !== undefined)
      : undefined;
    node = direct ?? conditional;
  }
  return isJsonObject(node) ? node : undefined;
}

/** A form text key in both languages (the key itself where a language has no text). */
function textOf(forms: Pick<FormsSet, 'texts'>, key: unknown): LocalizedText | null {
  if (typeof key !== 'string') return null;
  // Form texts nest by the key's parts ({"construction": {"storey_count": {"title": …}}}).
  const read = (language: 'en' | 'sw') => {
    const text = answerAt(forms.texts?.[language] ?? {}, key);
    return typeof text === 'string' ? text : key;
  };
  return { en: read('en'), sw: read('sw') };
}

/** The question an answer is given to, in both languages (its field's title). */
function questionOf(forms: Pick<FormsSet, 'steps' | 'texts'>, answer: string): LocalizedText | null {
  return textOf(forms, fieldSchema(forms, answer)?.title);
}

/** The title of one of a field's options (the use class "commercial" → "Commercial" | "Biashara"). */
function optionTitle(forms: Pick<FormsSet, 'steps' | 'texts'>, answer: string, value: string): LocalizedText {
  const field = fieldSchema(forms, answer);
  const option = Array.isArray(field?.oneOf)
    ? field.oneOf.find((o) => isJsonObject(o) && o.const === value)
    : undefined;
  return (isJsonObject(option) ? textOf(forms, option.title) : null) ?? both(value);
}

/** A non-negative finite number answer, or undefined. */
function numberAt(answers: Readonly<Record<string, unknown>>, answer: string): number | undefined {
  const value = answerAt(answers, answer);
  return typeof value === 'number' && Number.isFinite(value) && value >= 0 ? value : undefined;
}

function storeyLines(fees: NonNullable<TypeFees['storeys']>, storeys: number, name: LocalizedText) {
  const lines: FeeLine[] = [];
  for (const band of fees.bands) {
    const last = Math.min(storeys, band.to ?? storeys);
    const count = last - band.from + 1;
    if (count <= 0 || band.per_storey === 0) continue;
    const range = band.from === last ? String(band.from) : `${band.from}–${last}`;
    lines.push({
      kind: 'storeys',
      name,
      detail: both(range),
      quantity: count,
      unit: 'storey',
      rate_tzs: band.per_storey,
      amount_tzs: count * band.per_storey,
    });
  }
  return lines;
}

/**
 * The fee of an application of `type` with these answers under a forms version's schedule: each
 * line and the total in TZS, or why there is none yet. Pure and bounded (a line per component and per
 * storey band, at most MAX_STOREY_BANDS); the same on the server and in a test.
 *
 * Area lines are rounded to the shilling; the minimum tops the sum up; the total is rounded up to
 * `round_to`; an exempt type keeps its lines (how it would be computed) and pays 0.
 */
export function estimateFee(
  forms: Pick<FormsSet, 'steps' | 'texts'> & { fees?: FeeSchedule },
  type: ApplicationType,
  answers: Readonly<Record<string, unknown>>,
): EstimateResult {
  const schedule = forms.fees;
  if (!schedule) return { missing: { reason: 'no_schedule' } };
  const fees = schedule.types[type];
  if (!fees) return { missing: { reason: 'no_fees_for_type' } };
  const missing = (answer: string): EstimateResult => ({
    missing: { reason: 'missing_answer', answer, question: questionOf(forms, answer) },
  });
  const names = schedule.names;
  const lines: FeeLine[] = [
    {
      kind: 'base',
      name: names.base,
      detail: null,
      quantity: 1,
      unit: 'fixed',
      rate_tzs: fees.base,
      amount_tzs: fees.base,
    },
  ];

  if (fees.area) {
    const area = numberAt(answers, fees.area.answer);
    if (area === undefined) return missing(fees.area.answer);
    let rate = fees.area.rate;
    let detail: LocalizedText | null = null;
    if (fees.area.rates && fees.use) {
      const use = answerAt(answers, fees.use);
      if (typeof use !== 'string') return missing(fees.use);
      rate = Object.hasOwn(fees.area.rates, use) ? fees.area.rates[use] : undefined;
      detail = optionTitle(forms, fees.use, use);
    }
    // A use with no rate (the checker refuses such a schedule) gives no estimate rather than a wrong one.
    if (rate === undefined) return fees.use ? missing(fees.use) : { missing: { reason: 'no_fees_for_type' } };
    lines.push({
      kind: 'area',
      name: names.area,
      detail,
      quantity: area,
      unit: 'm2',
      rate_tzs: rate,
      amount_tzs: Math.round(area * rate),
    });
  }

  if (fees.storeys) {
    let storeys = numberAt(answers, fees.storeys.answer);
    if (storeys === undefined) {
      // Not asked (a building without storeys) once its step is answered: 0 storeys.
      if (answerAt(answers, fees.storeys.answer.split('.')[0]!) === undefined) return missing(fees.storeys.answer);
      storeys = 0;
    }
    lines.push(...storeyLines(fees.storeys, Math.floor(storeys), names.storeys));
  }

  const sum = lines.reduce((total, line) => total + line.amount_tzs, 0);
  const fixed = (kind: FeeLineKind, amount: number): FeeLine => ({
    kind,
    name: names[kind],
    detail: null,
    quantity: 1,
    unit: 'fixed',
    rate_tzs: amount,
    amount_tzs: amount,
  });
  if (sum < fees.minimum) lines.push(fixed('minimum', fees.minimum - sum));
  const atLeast = Math.max(sum, fees.minimum);
  const step = Math.max(1, fees.round_to);
  const rounded = Math.ceil(atLeast / step) * step;
  if (rounded !== atLeast) lines.push(fixed('rounding', rounded - atLeast));
  if (fees.exemption) {
    lines.push(fixed('exemption', -rounded));
    return { estimate: { currency: 'TZS', total_tzs: 0, lines, exemption: fees.exemption.reason } };
  }
  return { estimate: { currency: 'TZS', total_tzs: rounded, lines, exemption: null } };
}
