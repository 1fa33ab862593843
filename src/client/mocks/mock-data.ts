import documents from '../../../schemas/documents.json';
import referenceData from '../../../seed/reference-data.json';
import { documentLists } from '../../shared/document-rules';
import type { DocumentRule } from '../../shared/forms';
import { MATERIAL_CATEGORIES, type Engineer, type Splash } from '../../shared/reference-data';

const { materials, rooms, faqs, engineer_roles: engineerRoles, engineers } = referenceData;

const mockRoles = () => engineerRoles.map((role, i) => ({ id: i + 1, code: role.code, name: role.name }));

/**
 * The engineer registry of the mock backend, with contacts (get_engineers' list, the phone a code goes
 * to, a dashboard's architect): the seed's engineers, ids by position, in the splash's order.
 */
export function mockEngineers(): Engineer[] {
  const roleId = new Map(mockRoles().map((r) => [r.code, r.id]));
  return engineers
    .map((e, i) => ({
      id: i + 1,
      registration_number: e.registration_number,
      name: e.name,
      role_id: roleId.get(e.role_code) ?? 0,
      experience_years: e.experience_years,
      email: e.email,
      mobile: e.mobile,
    }))
    .sort((a, b) => a.name.localeCompare(b.name) || a.id - b.id);
}

/**
 * The splash answer the mock backend serves: the same seed content as the real database, ids by
 * position; its engineers without contacts, as the server sends them.
 */
export function mockSplash(): Splash {
  const named = (list: { en: string; sw: string }[], offset = 0) =>
    list.map((name, i) => ({ id: offset + i + 1, name }));
  const [foundation, wall, beam, roof, entry] = MATERIAL_CATEGORIES.map((c, i) => named(materials[c], i * 100));
  return {
    foundation_tools: foundation!,
    wall_tools: wall!,
    beam_tools: beam!,
    roof_tools: roof!,
    entry_tools: entry!,
    rooms: named(rooms),
    faqs: faqs.map((f, i) => ({ id: i + 1, ...f })),
    engineer_roles: mockRoles(),
    engineers: mockEngineers().map(({ id, registration_number, name, role_id }) => ({
      id,
      registration_number,
      name,
      role_id,
    })),
    // Derived from the document rules, as the server derives them.
    ...documentLists(documents as DocumentRule[]),
    site: { support_phone: '+255 24 223 0000', whatsapp_number: '255777000000', demo_hints: true },
  };
}
