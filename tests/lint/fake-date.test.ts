import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// The node project's tests fake Date only through tests/server/fake-clock.ts's fakeDate, which keeps a
// PGlite database that saw the fake Date from being given to the next test (its PostgreSQL may hold a
// timeout armed for the fake time, which Node fires every millisecond once the clock is real again).

const root = path.resolve(import.meta.dirname, '../..');
const NODE_TEST_FOLDERS = ['tests/content', 'tests/shared', 'tests/server', 'tests/security', 'tests/lint'];
const HELPER = 'tests/server/fake-clock.ts';

/** The lines of `source` that fake Date (or every timer, Date included) other than through fakeDate. */
export function fakesDateDirectly(source: string): number[] {
  const found: number[] = [];
  source.split('\n').forEach((line, i) => {
    const call = /vi\.useFakeTimers\(([^)]*)\)/.exec(line);
    if (!call) return;
    const options = call[1]!;
    // No toFake list fakes Date too; a list fakes it when it names it.
    if (!/toFake/.test(options) || /['"]Date['"]/.test(options)) found.push(i + 1);
  });
  return found;
}

const files = (folder: string): string[] =>
  readdirSync(path.join(root, folder), { recursive: true, encoding: 'utf8' })
    .filter((name) => /\.tsx?$/.test(name))
    .map((name) => path.join(folder, name));

describe('Date faked only through fakeDate in the node project', () => {
  it('finds a planted direct fake of Date, or of every timer', () => {
    expect(fakesDateDirectly("  vi.useFakeTimers({ toFake: ['Date'] });\n")).toEqual([1]);
    expect(fakesDateDirectly('ok();\nvi.useFakeTimers();\n')).toEqual([2]);
    expect(fakesDateDirectly("vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });")).toEqual([]);
  });

  it('no test file fakes Date directly', () => {
    const offenders = NODE_TEST_FOLDERS.flatMap(files)
      .filter((file) => file !== HELPER && file !== 'tests/lint/fake-date.test.ts')
      .flatMap((file) =>
        fakesDateDirectly(readFileSync(path.join(root, file), 'utf8')).map((line) => `${file}:${line}`),
      );
    expect(offenders).toEqual([]);
  });
});
