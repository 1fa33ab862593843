import type { FormsSet } from '../forms';
import { FEE_LINE_KINDS, MAX_AMOUNT_TZS, MAX_STOREY_BANDS } from '../fees/fee-schedule';
import { LANGUAGES } from '../reference-data';
import { isJsonObject, type Json } from '../schema-walk';
import { APPLICATION_TYPES } from '../wizard-driver';
import { didYouMeanText, suggestionFor } from './did-you-mean';
import { conditionField, possibleValues } from './documents-check';
import { listParam, quotedList, type ProblemCode, type ProblemList, type ProblemPath } from './problems';

const FILE = 'fees.json';
const TOP_PARTS = ['$comment', 'currency', 'names', 'types'];
const TYPE_PARTS = ['base', 'use', 'area', 'storeys', 'minimum', 'round_to', 'exemption'];
const MAX_STOREYS = 60;

/** What the checks read besides the schedule: the steps (its answers) and the flows (which type asks them). */
type Scope = Pick<FormsSet, 'steps'> & { flows?: unknown };

/** A whole number of shillings from 0 to MAX_AMOUNT_TZS. */
const isAmount = (value: unknown, min = 0, max = MAX_AMOUNT_TZS) =>
  typeof value === 'number' && Number.isInteger(value) && value >= min && value <= max;

/** Parts a place does not have (a misspelt name would be silently ignored); `where` says the place in words. */
function unknownParts(
  node: Json,
  known: string[],
  at: ProblemPath,
  problems: ProblemList,
  where: string,
  check: ProblemCode,
): void {
  for (const key of Object.keys(node))
    if (!known.includes(key)) {
      const suggestion = suggestionFor(key, known);
      problems.error(
        FILE,
        [...at, key],
        `"${key}" is not a part of ${where}, so it would be ignored.${didYouMeanText(suggestion)}`,
        { code: check.code, params: { ...check.params, key, suggestion } },
      );
    }
}

function amountProblem(type: string, part: string, at: ProblemPath, problems: ProblemList): void {
  problems.error(
    FILE,
    at,
    `"${part}" of "${type}" must be a whole number of shillings from 0 to ${MAX_AMOUNT_TZS} (no quotes, no decimals).`,
    { code: 'fees_amount', params: { type, part, max: MAX_AMOUNT_TZS } },
  );
}

/** The field an answer names, if it exists and the type's flow asks its step; otherwise told. */
function answerField(
  set: Scope,
  type: string,
  answer: unknown,
  at: ProblemPath,
  problems: ProblemList,
): Json | undefined {
  if (typeof answer !== 'string')
    return void problems.error(
      FILE,
      at,
      `an answer is written "<step>.<field>", such as "construction.storey_count".`,
      {
        code: 'fees_answer_shape',
      },
    );
  const { field, problem, check } = conditionField(set.steps, answer);
  if (problem) return void problems.error(FILE, at, problem, check);
  const steps = isJsonObject(set.flows) ? set.flows[type] : undefined;
  const step = answer.split('.')[0]!;
  if (Array.isArray(steps) && !steps.includes(step))
    problems.error(FILE, at, `"${type}" does not ask "${answer}": its steps are ${quotedList(steps)}.`, {
      code: 'fees_answer_not_in_flow',
      params: { type, answer, steps: listParam(steps) },
    });
  return field;
}

function numberAnswer(set: Scope, type: string, answer: unknown, at: ProblemPath, problems: ProblemList) {
  const field = answerField(set, type, answer, at, problems);
  if (field && field.type !== 'number' && field.type !== 'integer')
    problems.error(FILE, at, `the answer "${String(answer)}" is not a number, so it cannot be counted.`, {
      code: 'fees_answer_not_number',
      params: { answer: String(answer) },
    });
}

function areaProblems(set: Scope, type: string, fees: Json, at: ProblemPath, problems: ProblemList) {
  const area = fees.area;
  if (area === undefined) return;
  if (!isJsonObject(area))
    return void problems.error(FILE, at, `"area" of "${type}" is written {"answer": "<step>.<field>", "rate": …}.`, {
      code: 'fees_area_shape',
      params: { type },
    });
  unknownParts(area, ['answer', 'rate', 'rates'], at, problems, `"area" of "${type}"`, {
    code: 'fees_area_part_unknown',
    params: {
      type,
    },
  });
  numberAnswer(set, type, area.answer, [...at, 'answer'], problems);
  if ('rate' in area === 'rates' in area)
    return void problems.error(
      FILE,
      at,
      `"area" of "${type}" has exactly one of "rate" (one for every use) and "rates" (by use).`,
      { code: 'fees_area_rate_either', params: { type } },
    );
  if ('rate' in area) {
    if (!isAmount(area.rate)) amountProblem(type, 'area.rate', [...at, 'rate'], problems);
    return;
  }
  if (!isJsonObject(area.rates))
    return void problems.error(FILE, [...at, 'rates'], `"rates" of "${type}" is written {"<use>": <rate>, …}.`, {
      code: 'fees_rates_shape',
      params: { type },
    });
  for (const [use, rate] of Object.entries(area.rates))
    if (!isAmount(rate)) amountProblem(type, `area.rates.${use}`, [...at, 'rates', use], problems);
  if (fees.use === undefined)
    return void problems.error(FILE, at, `"${type}" has area rates by use but no "use": add "use": "<step>.<field>".`, {
      code: 'fees_use_missing',
      params: { type },
    });
  const useField = answerField(set, type, fees.use, [...at.slice(0, -1), 'use'], problems);
  const uses = useField && possibleValues(useField);
  if (useField && !uses)
    return void problems.error(
      FILE,
      [...at.slice(0, -1), 'use'],
      `the answer "${String(fees.use)}" has no list of options, so it cannot pick a rate.`,
      {
        code: 'fees_use_not_choice',
        params: { answer: String(fees.use) },
      },
    );
  if (!uses) return;
  const names = uses.map(String);
  for (const use of Object.keys(area.rates))
    if (!names.includes(use)) {
      const suggestion = suggestionFor(use, names);
      problems.error(
        FILE,
        [...at, 'rates', use],
        `"${use}" is not an answer of "${String(fees.use)}".${didYouMeanText(suggestion)} Its answers are ${quotedList(names)}.`,
        {
          code: 'fees_rate_use_unknown',
          params: { use, answer: String(fees.use), suggestion, uses: listParam(names) },
        },
      );
    }
  for (const use of names)
    if (!Object.hasOwn(area.rates, use))
      problems.error(FILE, [...at, 'rates'], `"${type}" has no area rate for the use "${use}": add it to "rates".`, {
        code: 'fees_rate_missing',
        params: { type, use },
      });
}

function storeyProblems(set: Scope, type: string, storeys: unknown, at: ProblemPath, problems: ProblemList) {
  if (storeys === undefined) return;
  if (
    !isJsonObject(storeys) ||
    !Array.isArray(storeys.bands) ||
    storeys.bands.length === 0 ||
    storeys.bands.length > MAX_STOREY_BANDS
  )
    return void problems.error(
      FILE,
      at,
      `"storeys" of "${type}" is written {"answer": "<step>.<field>", "bands": […]}, with 1 to ${MAX_STOREY_BANDS} bands.`,
      { code: 'fees_storeys_shape', params: { type, max: MAX_STOREY_BANDS } },
    );
  unknownParts(storeys, ['answer', 'bands'], at, problems, `"storeys" of "${type}"`, {
    code: 'fees_storeys_part_unknown',
    params: {
      type,
    },
  });
  numberAnswer(set, type, storeys.answer, [...at, 'answer'], problems);
  let end = 0;
  storeys.bands.forEach((band: unknown, i) => {
    const place: ProblemPath = [...at, 'bands', i];
    const number = i + 1;
    const last = i === (storeys.bands as unknown[]).length - 1;
    if (
      !isJsonObject(band) ||
      !isAmount(band.from, 0, MAX_STOREYS) ||
      (band.to !== undefined && !isAmount(band.to, 0, MAX_STOREYS))
    )
      return void problems.error(
        FILE,
        place,
        `band ${number} of "${type}" is written {"from": <storey>, "to": <storey>, "per_storey": <TZS>}, storeys from 0 to ${MAX_STOREYS}.`,
        { code: 'fees_band_shape', params: { type, number, max: MAX_STOREYS } },
      );
    unknownParts(band, ['from', 'to', 'per_storey'], place, problems, `band ${number} of "${type}"`, {
      code: 'fees_band_part_unknown',
      params: { type, number },
    });
    if (!isAmount(band.per_storey))
      amountProblem(type, `bands[${number}].per_storey`, [...place, 'per_storey'], problems);
    const from = band.from as number;
    const to = band.to as number | undefined;
    if ((i > 0 && from !== end + 1) || (to !== undefined && to < from))
      problems.error(
        FILE,
        place,
        `band ${number} of "${type}" must start where the band before it ends (at ${i > 0 ? end + 1 : from}) and end at or after its start.`,
        { code: 'fees_band_order', params: { type, number, from: i > 0 ? end + 1 : from } },
      );
    if (to === undefined && !last)
      problems.error(FILE, place, `only the last band of "${type}" may leave out "to" (no end).`, {
        code: 'fees_band_open',
        params: { type },
      });
    end = to ?? MAX_STOREYS;
  });
}

function typeProblems(set: Scope, type: string, fees: unknown, problems: ProblemList): void {
  const at: ProblemPath = ['types', type];
  if (!isJsonObject(fees))
    return void problems.error(FILE, at, `the fees of "${type}" are written in braces { … }.`, {
      code: 'fees_type_not_object',
      params: { type },
    });
  unknownParts(fees, TYPE_PARTS, at, problems, `the fees of "${type}"`, {
    code: 'fees_type_part_unknown',
    params: { type },
  });
  for (const part of ['base', 'minimum']) if (!isAmount(fees[part])) amountProblem(type, part, [...at, part], problems);
  if (!isAmount(fees.round_to, 1))
    problems.error(
      FILE,
      [...at, 'round_to'],
      `"round_to" of "${type}" must be a whole number of at least 1 (1 for no rounding).`,
      {
        code: 'fees_round_to',
        params: { type },
      },
    );
  areaProblems(set, type, fees, [...at, 'area'], problems);
  if (fees.use !== undefined && fees.area === undefined) answerField(set, type, fees.use, [...at, 'use'], problems);
  storeyProblems(set, type, fees.storeys, [...at, 'storeys'], problems);
  if (fees.exemption !== undefined)
    for (const language of LANGUAGES) {
      const reason =
        isJsonObject(fees.exemption) && isJsonObject(fees.exemption.reason)
          ? fees.exemption.reason[language]
          : undefined;
      if (typeof reason !== 'string' || reason.trim() === '')
        problems.error(
          FILE,
          [...at, 'exemption'],
          `the exemption of "${type}" needs its reason in ${language}: write "reason": {"en": "…", "sw": "…"}.`,
          { code: 'fees_exemption_reason', params: { type, language } },
        );
    }
}

/**
 * fees.json (optional: a set without it gives no estimate): known application types and uses, answers
 * that exist in each type's flow and hold numbers, whole non-negative shillings, storey bands in order,
 * and every line's name and every exemption's reason in both languages.
 */
export function feesProblems(set: Scope & Pick<FormsSet, 'fees'>, problems: ProblemList): void {
  const fees: unknown = set.fees;
  if (fees === undefined) return;
  if (!isJsonObject(fees))
    return void problems.error(FILE, [], 'fees.json must be written {"currency": "TZS", "names": …, "types": …}.', {
      code: 'fees_not_object',
    });
  unknownParts(fees, TOP_PARTS, [], problems, 'fees.json', { code: 'fees_part_unknown' });
  if (fees.currency !== 'TZS')
    problems.error(FILE, ['currency'], '"currency" must be "TZS": fees are in Tanzanian shillings.', {
      code: 'fees_currency',
    });
  for (const kind of FEE_LINE_KINDS)
    for (const language of LANGUAGES) {
      const names = isJsonObject(fees.names) ? fees.names[kind] : undefined;
      const text = isJsonObject(names) ? names[language] : undefined;
      if (typeof text !== 'string' || text.trim() === '')
        problems.error(
          FILE,
          ['names', kind],
          `the line "${kind}" has no name in ${language}: write {"en": "…", "sw": "…"}.`,
          {
            code: 'fees_name_missing',
            params: { kind, language },
          },
        );
    }
  const types = isJsonObject(fees.types) ? fees.types : {};
  if (!isJsonObject(fees.types))
    problems.error(FILE, ['types'], '"types" is written {"new": {…}, "government": {…}, …}.', {
      code: 'fees_types_shape',
    });
  for (const [type, typeFees] of Object.entries(types)) {
    if (!(APPLICATION_TYPES as readonly string[]).includes(type)) {
      const suggestion = suggestionFor(type, APPLICATION_TYPES);
      problems.error(
        FILE,
        ['types', type],
        `"${type}" is not an application type.${didYouMeanText(suggestion)} The types are ${quotedList(APPLICATION_TYPES)}.`,
        { code: 'application_type_unknown', params: { type, suggestion, types: listParam(APPLICATION_TYPES) } },
      );
      continue;
    }
    typeProblems(set, type, typeFees, problems);
  }
  for (const type of APPLICATION_TYPES)
    if (isJsonObject(fees.types) && !Object.hasOwn(types, type))
      problems.warning(FILE, ['types'], `there are no fees for "${type}": its applicants see no estimate.`, {
        code: 'fees_type_missing',
        params: { type },
      });
}
