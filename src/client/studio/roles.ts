import { BACK_OFFICE_ROLES, type StaffRole } from '../../shared/api/staff-session';
import { STUDIO_AUDIT_ROLES, STUDIO_EDITOR_ROLES, STUDIO_PUBLISHER_ROLES } from '../../shared/api/studio';

/** What the studio shows by role; the server refuses the same calls (403) whatever is shown. */
export const mayEdit = (role: StaffRole | undefined) => !!role && STUDIO_EDITOR_ROLES.includes(role);
export const mayPublish = (role: StaffRole | undefined) => !!role && STUDIO_PUBLISHER_ROLES.includes(role);
export const mayAudit = (role: StaffRole | undefined) => !!role && STUDIO_AUDIT_ROLES.includes(role);

/** The officers' workspace (/office): the roles that work applications (the back office's). */
export const mayWorkApplications = (role: StaffRole | undefined) => !!role && BACK_OFFICE_ROLES.includes(role);
