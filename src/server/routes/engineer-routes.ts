import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { ok } from '../http/envelope';
import { findEngineers } from '../reference/reference-repository';

export const ENGINEER_PAGE_SIZES = [10, 25, 50, 100] as const;

const getEngineersBody = {
  type: 'object',
  additionalProperties: false,
  required: ['page', 'page_size'],
  properties: {
    search: { type: 'string', maxLength: 100 },
    role: { type: 'string', maxLength: 50, pattern: '^[a-z0-9_]*$' },
    page: { type: 'integer', minimum: 1, maximum: 100000 },
    page_size: { type: 'integer', enum: [...ENGINEER_PAGE_SIZES] },
  },
} as const;

interface GetEngineersBody {
  search?: string;
  role?: string;
  page: number;
  page_size: number;
}

export function engineerRoutes(app: FastifyInstance, db: Kysely<Database>): void {
  app.post<{ Body: GetEngineersBody }>(
    '/api/engineer/get_engineers',
    {
      schema: {
        summary: 'A page of the public engineers list, searched by name, email or phone and filtered by role code',
        body: getEngineersBody,
      },
    },
    async (request, res) => {
      const { search, role, page, page_size } = request.body;
      const found = await findEngineers(db, { search, roleCode: role || undefined, page, pageSize: page_size });
      return ok(request, res, { ...found, page, page_size });
    },
  );
}
