import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';

/** What an estimate reads of an application: its type, its saved answers and the forms version they follow. */
export interface EstimateInputs {
  application_type: string;
  answers: Record<string, unknown>;
  forms_version: number | null;
}

/** Every query of the fees module. */
export class FeesRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async estimateInputs(applicationId: number): Promise<EstimateInputs | undefined> {
    return this.db
      .selectFrom('application')
      .select(['application_type', 'answers', 'forms_version'])
      .where('id', '=', applicationId)
      .executeTakeFirst();
  }
}
