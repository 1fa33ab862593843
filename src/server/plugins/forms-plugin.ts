import type { FastifyInstance } from 'fastify';
import { showsDemoHints } from '../config';
import { FormRegistry } from '../forms/form-registry';
import { formsRoutes } from '../forms/forms-routes';
import { FormsService } from '../forms/forms-service';
import { validatorRoutes } from '../forms/validator-routes';
import { SCHEMAS_DIR } from '../project-root';
import { SplashService } from '../reference/splash-service';
import { studioParts } from '../studio/studio-module';
import { studioRoutes } from '../studio/studio-routes';
import type { Parts } from './parts';

/**
 * The served forms and the reference data (splash) that every module reads. The first start publishes
 * schemas/ (or FORMS_DIR) as version 1 (a broken folder then stops the start).
 */
export async function openForms({
  config,
  db,
  dependencies,
}: Pick<Parts, 'config' | 'db' | 'dependencies'>): Promise<Pick<Parts, 'site' | 'splash' | 'registry' | 'forms'>> {
  const site = {
    support_phone: config.SUPPORT_PHONE,
    whatsapp_number: config.WHATSAPP_NUMBER,
    demo_hints: showsDemoHints(config),
  };
  const splash = new SplashService(db, site, dependencies.splashRecheckMs);
  const formsDir = dependencies.formsDir ?? config.FORMS_DIR ?? SCHEMAS_DIR;
  const registry = await FormRegistry.open(db, {
    importFrom: formsDir,
    ...(dependencies.formsRecheckMs === undefined ? {} : { recheckMs: dependencies.formsRecheckMs }),
  });
  const forms = new FormsService(registry, splash, formsDir);
  return { site, splash, registry, forms };
}

/** The forms' routes: staff's forms calls, the studio's (policy edits) and the step validators. */
export function registerForms(
  app: FastifyInstance,
  { db, forms, splash, requireStaff }: Pick<Parts, 'db' | 'forms' | 'splash' | 'requireStaff'>,
): void {
  formsRoutes(app, forms, requireStaff);
  studioRoutes(app, studioParts(db, forms, splash), requireStaff);
  validatorRoutes(app, forms);
}
