import type { FastifyInstance } from 'fastify';
import { EngineerConfirmation } from '../engineers/engineer-confirmation';
import { engineerRoutes } from '../engineers/engineer-routes';
import type { Parts } from './parts';

/** The engineer's confirmation of a draft (a code by SMS) and its routes. */
export function registerEngineers(
  app: FastifyInstance,
  parts: Pick<Parts, 'db' | 'codes' | 'sms' | 'forms' | 'owners' | 'draftCookies' | 'limits'>,
): Pick<Parts, 'confirmation'> {
  const { db, owners, limits } = parts;
  const confirmation = new EngineerConfirmation(db, parts.codes, parts.sms, parts.forms);
  engineerRoutes(app, db, confirmation, { owners, cookies: parts.draftCookies, limits });
  return { confirmation };
}
