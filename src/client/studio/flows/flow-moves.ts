/** Which steps each application type asks, in order (schemas/flows.json): changed one move at a time. */
export type Flows = Readonly<Record<string, readonly string[]>>;

/** The flows with `type`'s step at `from` moved to `to` (both within its list). */
export function moveStep(flows: Flows, type: string, from: number, to: number): Flows {
  const steps = [...(flows[type] ?? [])];
  const [step] = steps.splice(from, 1);
  if (step === undefined) return flows;
  steps.splice(to, 0, step);
  return { ...flows, [type]: steps };
}

/** The flows with `step` taken out of `type`'s list. */
export function removeStep(flows: Flows, type: string, step: string): Flows {
  return { ...flows, [type]: (flows[type] ?? []).filter((s) => s !== step) };
}

/** The flows with `step` added at the end of `type`'s list (once). */
export function addStep(flows: Flows, type: string, step: string): Flows {
  const steps = flows[type] ?? [];
  return steps.includes(step) ? flows : { ...flows, [type]: [...steps, step] };
}

/** The draft's steps that `type` does not ask yet, in the draft's order. */
export function stepsToAdd(flows: Flows, type: string, stepIds: string[]): string[] {
  const asked = new Set(flows[type] ?? []);
  return stepIds.filter((id) => !asked.has(id));
}
