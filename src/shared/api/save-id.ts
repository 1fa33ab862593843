/**
 * A write's idempotency key (issue 17, item 3): a random UUID v4 the client makes for one save or one
 * Submit and sends with every attempt of it. A repeat with the same key answers as the first did and
 * never writes twice (src/server/applications/save-receipts.ts). Sent by save_and_continue and by the
 * four submitting calls (save_final, request_maintainence, request_noDrawings, submit_application).
 */
export const saveIdProperty = {
  type: 'string',
  pattern: '^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$',
} as const;

/** What an idempotent body adds. */
export interface SaveIdBody {
  save_id?: string;
}
