import type { FastifyInstance, FastifyRequest } from 'fastify';
import { normalizeReferenceNumber } from '../applications/reference-number';
import {
  BY_REFERENCE_LIMIT,
  limitWith,
  NEW_DRAFT_LIMIT,
  tooManyTries,
  type RateLimitSettings,
  type RouteLimit,
} from './rate-limits';

/** The key a hand-counted limit counts under, set just before it counts (see `counter`). */
const LIMIT_KEY = Symbol('kibali.limitKey');
type Keyed = FastifyRequest & { [LIMIT_KEY]?: string };

/**
 * The limits that count something other than the client's address, or only some calls of a route:
 * every call naming a reference number counts against that number, whoever makes it (an attacker
 * spreads over many addresses, not over many numbers); a new draft counts against its client. They use
 * the rate-limit plugin's store (memory, or Redis shared by every process).
 */
export class DraftLimits {
  private readonly reference: (request: FastifyRequest) => Promise<void>;
  private readonly created: (request: FastifyRequest) => Promise<void>;

  constructor(app: FastifyInstance, settings: RateLimitSettings) {
    this.reference = counter(app, BY_REFERENCE_LIMIT, settings);
    this.created = counter(app, NEW_DRAFT_LIMIT, settings);
  }

  /** Counts a call naming this reference number (any spelling of it); 429 past the limit. */
  async byReference(request: FastifyRequest, referenceInput: string | undefined): Promise<void> {
    const reference = referenceInput === undefined ? undefined : normalizeReferenceNumber(referenceInput);
    if (!reference) return;
    (request as Keyed)[LIMIT_KEY] = `reference:${reference}`;
    await this.reference(request);
  }

  /** Counts a call that names no draft and so makes one: 429 past the client's limit. */
  async newDraft(request: FastifyRequest): Promise<void> {
    (request as Keyed)[LIMIT_KEY] = `new-draft:${request.ip}`;
    await this.created(request);
  }

  /** For a route's preHandler: the reference number of the body, or a new draft when it names none. */
  async draftCall(request: FastifyRequest): Promise<void> {
    const reference = (request.body as { reference_number?: unknown } | undefined)?.reference_number;
    if (typeof reference === 'string') await this.byReference(request, reference);
    else await this.newDraft(request);
  }
}

function counter(app: FastifyInstance, limit: RouteLimit, settings: RateLimitSettings) {
  const check = app.createRateLimit({
    ...limitWith(limit, settings),
    keyGenerator: (request) => (request as Keyed)[LIMIT_KEY] ?? 'unkeyed',
  });
  return async (request: FastifyRequest) => {
    const result = await check(request);
    if (!result.isAllowed && result.isExceeded) throw tooManyTries(result.ttl);
  };
}
