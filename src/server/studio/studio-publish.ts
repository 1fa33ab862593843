import type { FormsSet } from '../../shared/forms';
import type { FormsProblem } from '../../shared/forms-check/problems';
import {
  HISTORY_PAGE,
  type HistoryAnswer,
  type PublishAnswer,
  type PublishRequest,
  type RollbackRequest,
  type StudioProblem,
} from '../../shared/api/studio';
import { formsContentHash, type FormRegistry } from '../forms/form-registry';
import { ApiError } from '../http/envelope';
import { actorLabel, type StaffActor } from '../staff-accounts/staff-actor';
import { formsChanges, placeProblems } from '../../shared/studio';
import type { DraftChecks } from './draft-checks';
import type { StudioRepository } from './studio-repository';
import type { StudioService } from './studio-service';

/**
 * Publish and roll back (publisher roles), and the history of versions. Both run every check (the
 * smoke render too, in the studio's check worker) and publish nothing when one fails; every server serves the new version within 2 s, and drafts in flight are brought to it as
 * they continue (src/server/applications/draft-migration.ts), as after any publish.
 */
export class StudioPublisher {
  constructor(
    private readonly repository: StudioRepository,
    private readonly registry: FormRegistry,
    private readonly studio: StudioService,
    private readonly checks: DraftChecks,
  ) {}

  async publish(actor: StaffActor, body: PublishRequest): Promise<PublishAnswer> {
    const draft = await this.studio.draft();
    // What the publisher previewed is what is published, or nothing.
    if (draft.revision !== body.revision)
      throw new ApiError(409, 'studio.draft_moved', { revision: draft.revision }, { by: draft.updatedBy ?? '?' });
    const version = await this.publishSet(actor, draft.set, body.summary.trim());
    await this.studio.reset(
      actor,
      'publish',
      `version ${version}`,
      (now) =>
        // A save that came during the checks is not lost: the draft keeps it, on top of the new version.
        now.revision === body.revision
          ? { set: draft.set, basedOn: version }
          : { set: now.set, basedOn: version, keepMarks: true },
      body.summary.trim(),
    );
    return { version };
  }

  async rollback(actor: StaffActor, body: RollbackRequest): Promise<PublishAnswer> {
    const old = await this.registry.version(body.version);
    if (!old) throw new ApiError(404, 'studio.version_not_found', {}, { version: body.version });
    const draft = await this.studio.draft();
    const untouched = await this.isUntouched(draft.set, draft.basedOn);
    const version = await this.publishSet(actor, old.set, body.summary.trim());
    // The draft follows the live version unless editors have work in it, which is never thrown away.
    await this.studio.reset(
      actor,
      'rollback',
      `version ${body.version} → ${version}`,
      (now) =>
        untouched && now.revision === draft.revision
          ? { set: old.set, basedOn: version }
          : { set: now.set, basedOn: version, keepMarks: true },
      body.summary.trim(),
    );
    return { version };
  }

  async history(before: number | undefined): Promise<HistoryAnswer> {
    const rows = await this.repository.versionsPage(before, HISTORY_PAGE + 1);
    const page = rows.slice(0, HISTORY_PAGE);
    const latest = await this.registry.current();
    // Each version and the one before it: at most HISTORY_PAGE + 1 contents.
    const wanted = new Set(page.flatMap((r) => [r.version, r.version - 1]).filter((v) => v >= 1));
    const sets = await this.repository.versionSets([...wanted]);
    const versions = page.map((r) => {
      const set = sets.get(r.version);
      const previous = sets.get(r.version - 1);
      return {
        version: r.version,
        published_at: r.publishedAt.toISOString(),
        published_by: r.publishedBy,
        reason: r.reason,
        changes: set && previous ? formsChanges(previous, set) : [],
        live: r.version === latest.version,
      };
    });
    return rows.length > HISTORY_PAGE ? { versions, next_before: page.at(-1)!.version } : { versions };
  }

  /**
   * Checks `set` whole (in the studio's check worker: the smoke render and a long list cost seconds,
   * never the event loop's) and publishes it; 422 forms_problems (placed) and nothing published on an error.
   */
  private async publishSet(actor: StaffActor, set: FormsSet, reason: string): Promise<number> {
    let problems: FormsProblem[];
    try {
      problems = await this.checks.full(set);
    } catch {
      throw new ApiError(503, 'studio.check_failed');
    }
    const errors = problems.filter((p) => p.severity === 'error');
    if (errors.length > 0) throw problemsError(placeProblems(set, errors));
    const result = await this.registry.publishChecked(set, { by: actorLabel(actor), reason });
    if (!result.ok)
      throw problemsError(
        result.problems.map((line): StudioProblem => ({ file: '', message: line, severity: 'error' })),
      );
    return result.version;
  }

  private async isUntouched(set: FormsSet, basedOn: number): Promise<boolean> {
    const base = await this.registry.version(basedOn);
    return base !== undefined && base.contentHash === formsContentHash(set);
  }
}

function problemsError(problems: (FormsProblem | StudioProblem)[]): ApiError {
  return new ApiError(422, 'forms_problems', { problems }, { count: problems.length });
}
