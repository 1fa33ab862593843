import type { DocumentRule, FormsSet } from '../../shared/forms';
import type { Language } from '../../shared/reference-data';
import type { RequestOf } from '../../shared/api/call';
import type {
  saveDocument,
  saveFees,
  saveFlows,
  SaveQuestionRequest,
  SaveStepRequest,
  StudioConflict,
  StudioDraftAnswer,
} from '../../shared/api/studio';
import type { FormRegistry } from '../forms/form-registry';
import type { DraftChecks } from './draft-checks';
import { ApiError } from '../http/envelope';
import { message } from '../i18n/messages';
import { actorLabel, type StaffActor } from '../staff-accounts/staff-actor';
import { auditLine } from './studio-audit';
import { refuseFormTexts } from './studio-text-rule';
import {
  documentItem,
  FEES_ITEM,
  fieldsOf,
  FLOWS_ITEM,
  itemsOf,
  markOf,
  marked,
  questionItem,
  stepItem,
  stepTextsItem,
  wireRevisions,
} from './studio-items';
import {
  questionProblems,
  readQuestion,
  writeDocument,
  writeFlows,
  writeQuestion,
  writeStepRaw,
  writeStepTexts,
} from '../../shared/studio';
import type { DraftRecord, StudioRepository } from './studio-repository';

/** The largest draft kept (its JSON): the whole of schemas/ is ~130 KB; every check of it is bounded by this. */
export const STUDIO_DRAFT_MAX_BYTES = 4_000_000;
/** Saves that find the draft moved on (by a save of another item) start again, this many times at most. */
const SAVE_ATTEMPTS = 20;

/** One change of the draft: the set after it, the items it raises, and its audit's words. */
export interface DraftChange {
  set: FormsSet;
  raise: string[];
  subject: string;
}

/**
 * The shared draft: read (started from the live version on first use), changed one item at a time
 * with per-item revisions (a save on top of another editor's newer change of the same item is refused
 * with who made it, never silently overwritten), and reset to the live version. A save whose result
 * has problems is still saved (the work is never lost); publish refuses while an error stands.
 */
export class StudioService {
  constructor(
    private readonly repository: StudioRepository,
    private readonly registry: FormRegistry,
    private readonly checks: DraftChecks,
  ) {}

  /** The draft, started from the live version the first time. */
  async draft(): Promise<DraftRecord> {
    const found = await this.repository.readDraft();
    if (found) return found;
    const live = await this.registry.current();
    await this.repository.createDraft(live.set, live.version);
    const created = await this.repository.readDraft();
    if (!created) throw new Error('the studio draft was not created');
    return created;
  }

  async answer(draft: DraftRecord): Promise<StudioDraftAnswer> {
    const [live, problems] = await Promise.all([this.registry.current(), this.problems(draft)]);
    return {
      draft: {
        set: draft.set,
        based_on: draft.basedOn,
        revisions: wireRevisions(draft.marks),
        revision: draft.revision,
        updated_by: draft.updatedBy,
        updated_at: draft.updatedAt?.toISOString() ?? null,
      },
      live_version: live.version,
      problems,
    };
  }

  /** The draft's problems, checked in the studio's worker (draft-checks.ts); 503 when the check failed. */
  private async problems(draft: DraftRecord) {
    try {
      return await this.checks.problems(draft.content || JSON.stringify(draft.set));
    } catch {
      throw new ApiError(503, 'studio.check_failed');
    }
  }

  async getDraft(): Promise<StudioDraftAnswer> {
    return this.answer(await this.draft());
  }

  /**
   * Reads the draft, makes `change` of it and writes it if no other save came meanwhile; when one did,
   * starts again from the draft as it is now (`change` checks its item's base again, so a save of another
   * item is kept and a newer change of the same item is a conflict).
   */
  async edit(actor: StaffActor, action: string, change: (draft: DraftRecord) => DraftChange): Promise<DraftRecord> {
    for (let attempt = 0; attempt < SAVE_ATTEMPTS; attempt++) {
      const draft = await this.draft();
      const { set, raise, subject } = change(draft);
      const content = JSON.stringify(set);
      if (content.length > STUDIO_DRAFT_MAX_BYTES)
        throw new ApiError(413, 'studio.too_large', {}, { mb: STUDIO_DRAFT_MAX_BYTES / 1_000_000 });
      const revision = draft.revision + 1;
      const at = new Date();
      const by = actorLabel(actor);
      const next = {
        set,
        basedOn: draft.basedOn,
        revision,
        marks: marked(draft.marks, raise, { revision, by, at: at.toISOString() }),
        updatedBy: by,
        updatedAt: at,
      };
      if (await this.repository.writeDraft(draft.revision, next, auditLine(actor, action, subject)))
        return { ...next, content };
    }
    throw new ApiError(409, 'studio.busy');
  }

  async saveQuestion(actor: StaffActor, body: SaveQuestionRequest, language: Language): Promise<StudioDraftAnswer> {
    const { step, name, base, question } = body;
    if (question) refuseFormTexts(question, language);
    const draft = await this.edit(actor, 'save_question', (current) => {
      const set = current.set;
      knownStep(set, step);
      const item = questionItem(step, name);
      if (markOf(current.marks, item).revision !== base)
        throw conflict(current, item, { question: readQuestion(set, step, name) });
      // A removal is checked too (a question others depend on stays); a new question never takes the
      // name of one the step has (the editor's "new" is not an edit of an existing question).
      const problems = questionProblems(set, step, name, question, body.position, body.create === true);
      if (problems.length > 0)
        throw new ApiError(422, 'studio.question_invalid', {
          errors: problems.map((p) => ({ part: p.part, message: message(language, p.key, p.params) })),
        });
      const next = writeQuestion(set, step, name, question, body.position);
      const renamed = question && question.name !== name ? [questionItem(step, question.name)] : [];
      return { set: next, raise: [item, ...renamed, stepItem(step)], subject: `${step}.${name}` };
    });
    return this.answer(draft);
  }

  async saveStep(actor: StaffActor, body: SaveStepRequest, language: Language): Promise<StudioDraftAnswer> {
    const { step, base, title, description, schema, ui_schema } = body;
    refuseFormTexts({ title, description, schema, ui_schema }, language);
    const raw = body.schema !== undefined || body.ui_schema !== undefined;
    const texts = body.title !== undefined || body.description !== undefined;
    const draft = await this.edit(actor, 'save_step', (current) => {
      let set = current.set;
      const exists = set.steps[step] !== undefined;
      if (!raw) knownStep(set, step);
      const raise: string[] = [stepItem(step)];
      if (raw) {
        // Advanced mode rewrites the whole step: any change of it since the editor loaded it conflicts.
        if (markOf(current.marks, stepItem(step)).revision !== base) throw conflict(current, stepItem(step));
        const before = fieldsOf(set, step);
        set = writeStepRaw(
          set,
          step,
          body.schema ?? set.steps[step]?.schema ?? {},
          body.ui_schema ?? set.steps[step]?.uiSchema ?? {},
        );
        for (const field of new Set([...before, ...fieldsOf(set, step)])) raise.push(questionItem(step, field));
      } else if (exists && markOf(current.marks, stepTextsItem(step)).revision > base) {
        // Only a newer change of the title or description conflicts with a change of them.
        throw conflict(current, stepItem(step), {}, stepTextsItem(step));
      }
      if (texts) {
        set = writeStepTexts(set, step, {
          ...(body.title ? { title: body.title } : {}),
          ...(body.description ? { description: body.description } : {}),
        });
        raise.push(stepTextsItem(step));
      }
      return { set, raise, subject: step };
    });
    return this.answer(draft);
  }

  async saveFlows(actor: StaffActor, body: RequestOf<typeof saveFlows>): Promise<StudioDraftAnswer> {
    const draft = await this.edit(actor, 'save_flows', (current) => {
      if (markOf(current.marks, FLOWS_ITEM).revision !== body.base) throw conflict(current, FLOWS_ITEM);
      return {
        set: writeFlows(current.set, body.flows as unknown as FormsSet['flows']),
        raise: [FLOWS_ITEM],
        subject: 'flows',
      };
    });
    return this.answer(draft);
  }

  async saveFees(actor: StaffActor, body: RequestOf<typeof saveFees>, language: Language): Promise<StudioDraftAnswer> {
    refuseFormTexts({ fees: body.fees }, language);
    const draft = await this.edit(actor, 'save_fees', (current) => {
      if (markOf(current.marks, FEES_ITEM).revision !== body.base) throw conflict(current, FEES_ITEM);
      // Checked whole by the checker (fees-check.ts): a schedule with mistakes is kept, its problems answered.
      return {
        set: { ...current.set, fees: body.fees as unknown as FormsSet['fees'] },
        raise: [FEES_ITEM],
        subject: 'fees',
      };
    });
    return this.answer(draft);
  }

  async saveDocument(
    actor: StaffActor,
    body: RequestOf<typeof saveDocument>,
    language: Language,
  ): Promise<StudioDraftAnswer> {
    refuseFormTexts({ document: body.document }, language);
    const item = documentItem(body.id);
    const draft = await this.edit(actor, 'save_document', (current) => {
      if (markOf(current.marks, item).revision !== body.base) throw conflict(current, item);
      // The document is checked whole by the checker (documents-check.ts), as the draft's problems.
      const rule = body.document === null ? null : ({ ...body.document, id: body.id } as DocumentRule);
      return { set: writeDocument(current.set, body.id, rule, body.position), raise: [item], subject: body.id };
    });
    return this.answer(draft);
  }

  /** The draft becomes the live version again; every item's revision is raised, so a stale editor conflicts. */
  async discard(actor: StaffActor): Promise<StudioDraftAnswer> {
    const live = await this.registry.current();
    const draft = await this.reset(actor, 'discard_draft', 'draft', () => ({ set: live.set, basedOn: live.version }));
    return this.answer(draft);
  }

  /**
   * Sets the draft to what `target` says (given the draft as it is), raising the revision of every item
   * it had and has, with the audit line in the same transaction.
   */
  async reset(
    actor: StaffActor,
    action: string,
    subject: string,
    target: (draft: DraftRecord) => { set: FormsSet; basedOn: number; keepMarks?: boolean },
    detail?: string,
  ): Promise<DraftRecord> {
    for (let attempt = 0; attempt < SAVE_ATTEMPTS; attempt++) {
      const draft = await this.draft();
      const { set, basedOn, keepMarks } = target(draft);
      const revision = draft.revision + 1;
      const at = new Date();
      const by = actorLabel(actor);
      const items = keepMarks ? [] : new Set([...Object.keys(draft.marks), ...itemsOf(set)]);
      const next = {
        set,
        basedOn,
        revision,
        marks: marked(draft.marks, items, { revision, by, at: at.toISOString() }),
        updatedBy: by,
        updatedAt: at,
      };
      if (await this.repository.writeDraft(draft.revision, next, auditLine(actor, action, subject, detail)))
        return { ...next, content: '' };
    }
    throw new ApiError(409, 'studio.busy');
  }
}

function knownStep(set: FormsSet, step: string): void {
  if (!set.steps[step]) throw new ApiError(404, 'studio.unknown_step', {}, { step });
}

/** 409 studio_conflict: who changed the item since the editor's base, when, and what it is now. */
export function conflict(
  draft: DraftRecord,
  item: string,
  extra: Partial<StudioConflict> = {},
  markedBy: string = item,
): ApiError {
  const mark = markOf(draft.marks, markedBy);
  const data: StudioConflict = {
    item,
    revision: markOf(draft.marks, item).revision,
    by: mark.by,
    at: mark.at,
    ...extra,
  };
  return new ApiError(409, 'studio.conflict', data as unknown as Record<string, unknown>, { by: mark.by ?? '?' });
}
