/**
 * What an applicant is told happens after Submit (Request options): the usual longest time of the
 * unit's review, in working days. Policy, not code: change it here when the unit's service standard
 * changes (both languages read it as a number).
 */
export const REVIEW_WORKING_DAYS = 14;
