import type { FastifyInstance } from 'fastify';
import { applicationRoutes } from '../applications/application-routes';
import { ApplicationsService } from '../applications/applications-service';
import { draftResumeRoutes } from '../applications/draft-resume-routes';
import { DraftResumeService } from '../applications/draft-resume-service';
import { ReferenceSms } from '../applications/reference-sms';
import { draftAttachments } from '../attachments/attachments-repository';
import { feesRoutes } from '../fees/fees-routes';
import type { Parts } from './parts';

/**
 * The applicant's drafts and applications: saving steps, submitting, resuming a draft, its fees. The
 * reference number's SMS still under way are waited for on close.
 */
export function registerApplications(
  app: FastifyInstance,
  parts: Pick<
    Parts,
    'db' | 'dependencies' | 'forms' | 'sms' | 'confirmation' | 'owners' | 'phones' | 'fees' | 'draftCookies' | 'limits'
  >,
): Pick<Parts, 'applications'> {
  const { db, owners, limits, draftCookies: cookies } = parts;
  const referenceSms = new ReferenceSms(parts.sms);
  // The reference SMS' first attempts still under way, once the requests in flight are answered (onClose:
  // the server has stopped listening by then; the database closes after app.close()).
  app.addHook('onClose', () => referenceSms.settled());
  const applications = new ApplicationsService(
    db,
    parts.forms,
    parts.dependencies.engineerProofs ?? parts.confirmation,
    owners,
    parts.phones,
    referenceSms,
  );
  applicationRoutes(app, applications, { cookies, limits });
  draftResumeRoutes(app, new DraftResumeService(owners, applications, (id) => draftAttachments(db, id)), {
    cookies,
    limits,
  });
  feesRoutes(app, parts.fees, { cookies, limits });
  return { applications };
}
