// The application table's one owner (src/server/db/table-owners.ts): its statements, by who needs them.
export * from './application-reads';
export * from './by-phone';
export * from './draft-rows';
export * from './reminder-reads';
export * from './staff-search';
export * from './status-rows';
export * from './assignment-rows';
