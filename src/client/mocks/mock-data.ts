import documents from '../../../schemas/documents.json';
import referenceData from '../../../seed/reference-data.json';
import { documentLists } from '../../shared/document-rules';
import type { DocumentRule } from '../../shared/forms';
import { MATERIAL_CATEGORIES, type Splash } from '../../shared/reference-data';

const { materials, rooms, faqs, engineer_roles: engineerRoles, engineers } = referenceData;

/** The splash answer the mock backend serves: the same seed content as the real database, ids by position. */
export function mockSplash(): Splash {
  const named = (list: { en: string; sw: string }[], offset = 0) =>
    list.map((name, i) => ({ id: offset + i + 1, name }));
  const roles = engineerRoles.map((role, i) => ({ id: i + 1, code: role.code, name: role.name }));
  const roleId = new Map(roles.map((r) => [r.code, r.id]));
  const [foundation, wall, beam, roof, entry] = MATERIAL_CATEGORIES.map((c, i) => named(materials[c], i * 100));
  return {
    foundation_tools: foundation!,
    wall_tools: wall!,
    beam_tools: beam!,
    roof_tools: roof!,
    entry_tools: entry!,
    rooms: named(rooms),
    faqs: faqs.map((f, i) => ({ id: i + 1, ...f })),
    engineer_roles: roles,
    engineers: engineers
      .map((e, i) => ({
        id: i + 1,
        registration_number: e.registration_number,
        name: e.name,
        role_id: roleId.get(e.role_code) ?? 0,
        experience_years: e.experience_years,
        email: e.email,
        mobile: e.mobile,
      }))
      .sort((a, b) => a.name.localeCompare(b.name) || a.id - b.id),
    // Derived from the document rules, as the server derives them.
    ...documentLists(documents as DocumentRule[]),
    site: { support_phone: '+255 24 223 0000', whatsapp_number: '255777000000', demo_hints: true },
  };
}
