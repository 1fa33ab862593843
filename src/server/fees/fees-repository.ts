import type { Kysely } from 'kysely';
import { estimateInputs } from '../applications/application-access';
import type { Database } from '../db/schema';

/** What an estimate reads of an application: its type, its saved answers and the forms version they follow. */
export interface EstimateInputs {
  application_type: string;
  answers: Record<string, unknown>;
  forms_version: number | null;
}

/** What the fees module reads (an application's, through its owner: src/server/db/table-owners.ts). */
export class FeesRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async estimateInputs(applicationId: number): Promise<EstimateInputs | undefined> {
    return estimateInputs(this.db, applicationId);
  }
}
