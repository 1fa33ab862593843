/** What other modules read of the published forms versions (the `forms_version` table's owner is ./forms-versions-repository.ts). */
export { FormsVersionsRepository, type PublishedSummary } from './forms-versions-repository';
