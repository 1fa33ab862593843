import { describe, expect, it } from 'vitest';
import { addWorkingDays, isWorkingDay, workingDaysBetween } from '../../src/shared/working-days';

// Working days: Monday to Friday, without Zanzibar's public holidays (given as data).

const HOLIDAYS = new Set([
  '2026-12-09',
  '2026-12-25',
  '2026-12-26',
  '2027-01-01',
  '2027-01-12',
  '2026-04-03',
  '2026-04-06',
  '2026-04-07',
]);

describe('isWorkingDay', () => {
  it.each([
    ['2026-12-07', true], // Monday
    ['2026-12-05', false], // Saturday
    ['2026-12-06', false], // Sunday
    ['2026-12-09', false], // Independence Day, a Wednesday
    ['2026-12-24', true],
    ['2026-12-25', false], // Christmas, a Friday
  ])('%s → %s', (date, expected) => {
    expect(isWorkingDay(date, HOLIDAYS)).toBe(expected);
  });
});

describe('addWorkingDays', () => {
  it.each([
    // start, working days, deadline, why
    ['2026-12-02', 1, '2026-12-03', 'the next day'],
    ['2026-12-04', 1, '2026-12-07', 'Friday → Monday over the weekend'],
    ['2026-12-05', 1, '2026-12-07', 'from a Saturday'],
    ['2026-12-08', 1, '2026-12-10', 'over Independence Day (Wednesday)'],
    ['2026-12-02', 10, '2026-12-17', 'two weeks, one holiday'],
    ['2026-12-18', 5, '2026-12-28', 'over Christmas, Boxing Day (Saturday) and the weekend'],
    ['2026-12-31', 1, '2027-01-04', 'New Year on a Friday, then the weekend'],
    ['2027-01-08', 2, '2027-01-13', 'over Revolution Day (Tuesday 12 January)'],
    ['2026-04-02', 1, '2026-04-08', 'Good Friday, Easter Monday and Karume Day in a row'],
    ['2026-12-02', 60, '2027-03-02', 'the longest deadline'],
  ])('%s + %i → %s (%s)', (start, days, expected) => {
    expect(addWorkingDays(start, days, HOLIDAYS)).toBe(expected);
  });

  it('without holidays counts only weekends', () => {
    expect(addWorkingDays('2026-12-02', 10, new Set())).toBe('2026-12-16');
  });
});

describe('workingDaysBetween', () => {
  it.each([
    ['2026-12-14', '2026-12-17', 3, 'a reminder is due: 15, 16, 17'],
    ['2026-12-11', '2026-12-17', 4, 'Friday: 14, 15, 16, 17'],
    ['2026-12-12', '2026-12-17', 4, 'Saturday: the same four'],
    ['2026-12-08', '2026-12-11', 2, 'the holiday is not counted: 10, 11'],
    ['2026-12-17', '2026-12-17', 0, 'the deadline itself'],
    ['2026-12-18', '2026-12-17', 0, 'past the deadline'],
  ])('%s → %s: %i (%s)', (from, to, expected) => {
    expect(workingDaysBetween(from, to, HOLIDAYS)).toBe(expected);
  });

  it('agrees with addWorkingDays', () => {
    for (let days = 1; days <= 60; days++)
      expect(workingDaysBetween('2026-12-02', addWorkingDays('2026-12-02', days, HOLIDAYS), HOLIDAYS)).toBe(days);
  });
});
