/**
 * What other modules read and write of an application (the `application` table's owner is
 * ./applications-repository/ (a folder, by reader), its history's ./history-repository.ts: src/server/db/table-owners.ts).
 * They call these, never SQL of their own on the tables. A status moves by ./status-move.ts alone.
 */
export {
  answersOf,
  assigneeOf,
  applicantIdentity,
  applicationForPhone,
  applicationPhone,
  applicationsOf,
  statusOf,
  draftsInFlight,
  estimateInputs,
  findApplicationByIdAndReference,
  findForSignIn,
  findOtherForSignIn,
  phoneOnFile,
  recipientOf,
  setApplicationLanguage,
  signedInApplication,
  applicationIdOf,
  countApplications,
  findApplication,
  findApplicationById,
  findApplicationByReference,
  findApplications,
  findDashboardApplication,
  idleDrafts,
  payerOf,
  referenceNumberOf,
  setAssignee,
  submittedApplicationsOf,
  writeStepAnswers,
  type ApplicationFilter,
  type IdleDraft,
  type OwnedDraftRow,
  type StatusTarget,
} from './applications-repository';
export { addApplicantAction, history, statusHistory } from './history-repository';
export { insertStaffView, staffViewsOf, STAFF_VIEWS_SHOWN } from './staff-views-repository';
