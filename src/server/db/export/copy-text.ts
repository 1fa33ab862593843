/**
 * One value in PostgreSQL's COPY text format. The value is already PostgreSQL's own text output of the
 * column (the exporter selects `column::text`), so every type (jsonb, bigint, timestamptz, bytea as hex,
 * arrays) comes back exactly as it went in; only COPY's own delimiters need escaping.
 */
export function copyValue(value: string | null): string {
  if (value === null) return '\\N';
  return value.replace(/[\\\t\n\r]/g, (c) => COPY_ESCAPES[c]!);
}

const COPY_ESCAPES: Record<string, string> = { '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' };

/** A line of a COPY block: the row's values, tab-separated. */
export const copyLine = (values: (string | null)[]): string => `${values.map(copyValue).join('\t')}\n`;

/** An identifier quoted for SQL (a name with quotes or capitals stays itself). */
export const quoteIdent = (name: string): string => `"${name.replace(/"/g, '""')}"`;

/** A string literal for SQL (standard_conforming_strings on: only quotes are doubled). */
export const quoteLiteral = (value: string): string => `'${value.replace(/'/g, "''")}'`;
