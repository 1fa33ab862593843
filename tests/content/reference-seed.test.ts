import { describe, expect, it } from 'vitest';
import { LANGUAGES, MATERIAL_CATEGORIES, type LocalizedText } from '../../src/shared/reference-data';
import referenceData from '../../seed/reference-data.json';

const { materials, rooms, faqs, engineer_roles: engineerRoles, engineers } = referenceData;

function expectTexts(texts: LocalizedText[], what: string) {
  for (const [i, text] of texts.entries()) {
    for (const language of LANGUAGES) {
      expect(typeof text[language], `${what} #${i} ${language}`).toBe('string');
      expect(text[language].trim(), `${what} #${i} ${language}`).not.toBe('');
    }
  }
}

function expectUnique(values: string[], what: string) {
  const seen = new Set<string>();
  const repeated = values.filter((v) => (seen.has(v) ? true : (seen.add(v), false)));
  expect(repeated, `repeated ${what}`).toEqual([]);
}

describe('the reference seed', () => {
  it('has at least 12 FAQs, each asked and answered in English and Swahili', () => {
    expect(faqs.length).toBeGreaterThanOrEqual(12);
    expectTexts(
      faqs.map((f) => f.question),
      'FAQ question',
    );
    expectTexts(
      faqs.map((f) => f.answer),
      'FAQ answer',
    );
    expectUnique(
      faqs.map((f) => f.question.en),
      'FAQ questions (en)',
    );
    expectUnique(
      faqs.map((f) => f.question.sw),
      'FAQ questions (sw)',
    );
  });

  it('has engineer roles with unique codes and names in both languages', () => {
    expect(engineerRoles.length).toBeGreaterThan(0);
    expectUnique(
      engineerRoles.map((r) => r.code),
      'role codes',
    );
    for (const role of engineerRoles) expect(role.code).toMatch(/^[a-z][a-z_]*$/);
    expectTexts(
      engineerRoles.map((r) => r.name),
      'role name',
    );
  });

  it('has at least 150 engineers, at least 5 of every role, and no engineer without a known role', () => {
    expect(engineers.length).toBeGreaterThanOrEqual(150);
    const codes = new Set(engineerRoles.map((r) => r.code));
    for (const engineer of engineers) expect(codes.has(engineer.role_code), engineer.role_code).toBe(true);
    for (const role of engineerRoles) {
      const count = engineers.filter((e) => e.role_code === role.code).length;
      expect(count, role.code).toBeGreaterThanOrEqual(5);
    }
  });

  it('gives engineers unique names, emails, mobiles and registration numbers', () => {
    expectUnique(
      engineers.map((e) => e.name),
      'names',
    );
    expectUnique(
      engineers.map((e) => e.email.toLowerCase()),
      'emails',
    );
    expectUnique(
      engineers.map((e) => e.mobile.replace(/\D/g, '')),
      'mobiles',
    );
    expectUnique(
      engineers.map((e) => e.registration_number),
      'registration numbers',
    );
  });

  it('makes every engineer clearly fictional: emails at example.com, mobiles in the unused block +255 700 0xx xxx', () => {
    for (const engineer of engineers) {
      expect(engineer.email).toMatch(/^[a-z0-9.]+@example\.com$/);
      expect(engineer.mobile).toMatch(/^\+255 700 0\d\d \d{3}$/);
    }
  });

  it('gives every engineer a name, a Tanzanian mobile, a registration number and plausible experience', () => {
    for (const engineer of engineers) {
      expect(engineer.name).toMatch(/^\S+( \S+)+$/);
      expect(engineer.mobile).toMatch(/^\+255 \d{3} \d{3} \d{3}$/);
      expect(engineer.registration_number).toMatch(/^ZEB\/\d{4}$/);
      expect(Number.isInteger(engineer.experience_years)).toBe(true);
      expect(engineer.experience_years).toBeGreaterThanOrEqual(1);
      expect(engineer.experience_years).toBeLessThanOrEqual(45);
    }
  });

  it('has materials for the five categories, named in both languages', () => {
    expect(MATERIAL_CATEGORIES).toEqual(['foundation', 'wall', 'beam', 'roof', 'entry']);
    expect(Object.keys(materials).sort()).toEqual([...MATERIAL_CATEGORIES].sort());
    for (const category of MATERIAL_CATEGORIES) {
      expect(materials[category].length, category).toBeGreaterThan(0);
      expectTexts(materials[category], `${category} material`);
      expectUnique(
        materials[category].map((m) => m.en),
        `${category} materials`,
      );
    }
  });

  it('has room names in both languages', () => {
    expect(rooms.length).toBeGreaterThan(0);
    expectTexts(rooms, 'room');
    expectUnique(
      rooms.map((r) => r.en),
      'rooms',
    );
  });
});
