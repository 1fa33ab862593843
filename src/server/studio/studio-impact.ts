import type { ValidateFunction } from 'ajv';
import type { FormsSet } from '../../shared/forms';
import { createServerAjv } from '../forms/server-ajv';
import { withDocuments } from '../../shared/document-fields';
import type { QuestionToAnswer } from '../../shared/forms-changed';
import { isJsonObject } from '../../shared/schema-walk';
import type { ApplicationType } from '../../shared/wizard-driver';
import { IMPACT_DRAFTS_MAX, type ChangeImpact, type DiffAnswer } from '../../shared/api/studio';
import { migrateDraft, type MigrationForms } from '../applications/draft-migration';
import { bindReferences } from '../forms/form-registry';
import type { FormsService } from '../forms/forms-service';
import type { SplashService } from '../reference/splash-service';
import { formsChanges, textOf } from '../../shared/studio';
import type { StudioRepository } from './studio-repository';
import type { StudioService } from './studio-service';

const questionKey = (q: QuestionToAnswer) => `${q.step}\u0000${q.field ?? ''}`;

/**
 * The diff of the draft against the live version, in the words of the model (formsChanges), and its
 * impact: each draft in flight (the newest IMPACT_DRAFTS_MAX) brought to the live forms and to the
 * draft's, as a draft is when it continues (migrateDraft), and the questions only the draft's forms
 * would ask. The work is bounded by that constant and by the size of the draft.
 */
export class StudioDiff {
  constructor(
    private readonly repository: StudioRepository,
    private readonly studio: StudioService,
    private readonly forms: FormsService,
    private readonly splash: SplashService,
  ) {}

  async diff(): Promise<DiffAnswer> {
    const [draft, served] = await Promise.all([this.studio.draft(), this.forms.get()]);
    const live = await this.forms.registry.current();
    const liveForms = (type: ApplicationType): MigrationForms => ({
      flow: served.forms.flows[type] ?? [],
      steps: served.forms.steps,
      validator: (step) => this.forms.validatorIn(served, step),
      ajv: this.forms.ajv,
    });
    const draftForms = await this.compiled(draft.set);
    return {
      live_version: live.version,
      changes: formsChanges(live.set, draft.set),
      impact: await this.impact(draft.set, liveForms, draftForms),
    };
  }

  private async impact(
    set: FormsSet,
    liveForms: (type: ApplicationType) => MigrationForms,
    draftForms: (type: ApplicationType) => MigrationForms,
  ): Promise<ChangeImpact> {
    const { count, drafts } = await this.repository.draftsInFlight(IMPACT_DRAFTS_MAX);
    const asked = new Map<string, { question: QuestionToAnswer; drafts: number }>();
    let touched = 0;
    for (const { type, answers } of drafts) {
      const saved = isJsonObject(answers) ? answers : {};
      const now = new Set(migrateDraft(saved, liveForms(type as ApplicationType)).toAnswer.map(questionKey));
      const fresh = migrateDraft(saved, draftForms(type as ApplicationType)).toAnswer.filter(
        (q) => !now.has(questionKey(q)),
      );
      if (fresh.length === 0) continue;
      touched += 1;
      for (const question of fresh) {
        const key = questionKey(question);
        const seen = asked.get(key);
        if (seen) seen.drafts += 1;
        else asked.set(key, { question, drafts: 1 });
      }
    }
    return {
      drafts_checked: drafts.length,
      drafts_in_flight: count,
      drafts_touched: touched,
      questions: [...asked.values()].map(({ question, drafts: n }) => ({
        step: question.step,
        ...(question.field === undefined ? {} : { field: question.field }),
        label: {
          en: textOf(set.texts.en, question.label) ?? question.label,
          sw: textOf(set.texts.sw, question.label) ?? question.label,
        },
        drafts: n,
      })),
    };
  }

  /** The draft's forms as they would be served (reference lists bound, documents step filled), compiled on use. */
  private async compiled(set: FormsSet): Promise<(type: ApplicationType) => MigrationForms> {
    const { lists } = await this.splash.get();
    const forms = withDocuments(bindReferences({ ...set, version: 'draft' }, lists));
    // Its own ajv: the draft's schemas are new objects each time, and ajv keeps what it compiles.
    const ajv = createServerAjv();
    const validators = new Map<string, ValidateFunction | undefined>();
    const validator = (step: string) => {
      if (!validators.has(step)) {
        let compiled: ValidateFunction | undefined;
        try {
          const schema = forms.steps[step]?.schema;
          compiled = schema ? ajv.compile(schema) : undefined;
        } catch {
          // A schema the checker refuses (told as the draft's problems): its answers are kept as they are.
          compiled = undefined;
        }
        validators.set(step, compiled);
      }
      return validators.get(step);
    };
    return (type) => ({
      flow: Array.isArray(forms.flows[type]) ? forms.flows[type] : [],
      steps: forms.steps,
      validator,
      ajv,
    });
  }
}
