import type { Kysely } from 'kysely';
import { publicUrl, type Config } from '../config';
import type { Database } from '../db/schema';
import type { FormsService } from '../forms/forms-service';
import type { Notifier } from '../notifications/notifier';
import { DEVELOPMENT_SIGNING_KEY, PermitSigner } from './permit-signature';
import { PermitsService } from './permits-service';

/**
 * The permits service as the server and the staff command line both build it: signed with
 * PERMIT_SIGNING_KEY (the development key outside production; production refuses to serve without
 * one, config.ts servingProblems), linking to PUBLIC_URL.
 */
export function permitsServiceFor(
  config: Pick<Config, 'PERMIT_SIGNING_KEY' | 'PUBLIC_URL' | 'PORT'>,
  db: Kysely<Database>,
  forms: Pick<FormsService, 'get'>,
  notifier: Notifier,
): PermitsService {
  const signer = new PermitSigner(config.PERMIT_SIGNING_KEY ?? DEVELOPMENT_SIGNING_KEY);
  return new PermitsService(db, forms, signer, publicUrl(config), notifier);
}
