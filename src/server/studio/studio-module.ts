import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { FormsService } from '../forms/forms-service';
import type { SplashService } from '../reference/splash-service';
import type { StudioParts } from './studio-routes';
import { DraftChecks } from './draft-checks';
import { StudioDiff } from './studio-impact';
import { StudioPublisher } from './studio-publish';
import { StudioRepository } from './studio-repository';
import { StudioService } from './studio-service';
import { StudioTexts } from './studio-texts';

/** The studio's parts over one database and the served forms (app.ts wires them to the routes). */
export function studioParts(db: Kysely<Database>, forms: FormsService, splash: SplashService): StudioParts {
  const repository = new StudioRepository(db);
  // The draft's check runs in a worker thread of its own, ended with the app (studioRoutes).
  const checks = new DraftChecks();
  const service = new StudioService(repository, forms.registry, checks);
  return {
    repository,
    checks,
    service,
    publisher: new StudioPublisher(repository, forms.registry, service, checks),
    diff: new StudioDiff(repository, service, forms, splash),
    texts: new StudioTexts(repository, service),
  };
}
