import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';
import { findReferenceRoutes } from '../find-reference/find-reference-routes';
import { FindReferenceService } from '../find-reference/find-reference-service';
import { DemoIdentityRegistry, HttpIdentityRegistry, type IdentityRegistry } from '../identity/identity-registry';
import { identityRoutes } from '../identity/identity-routes';
import type { Parts } from './parts';

function identityRegistryFor(config: Config): IdentityRegistry {
  return config.IDENTITY_REGISTRY_URL
    ? new HttpIdentityRegistry(config.IDENTITY_REGISTRY_URL, config.IDENTITY_REGISTRY_TOKEN)
    : new DemoIdentityRegistry();
}

/** Looking up: a forgotten reference number (sent by SMS), and a person in the ZanID registry. */
export function registerLookups(
  app: FastifyInstance,
  { config, db, dependencies, codes, sms }: Pick<Parts, 'config' | 'db' | 'dependencies' | 'codes' | 'sms'>,
): void {
  findReferenceRoutes(app, new FindReferenceService(db, codes, sms));
  identityRoutes(app, dependencies.identityRegistry ?? identityRegistryFor(config));
}
