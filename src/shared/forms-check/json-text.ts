import { findNodeAtLocation, parseTree, printParseErrorCode, visit, type Node, type ParseError } from 'jsonc-parser';
import type { FormsProblem, ProblemPath } from './problems';

/** What each kind of JSON mistake means, in words, and what to do. */
const MISTAKES: Record<string, { code: string; text: string }> = {
  InvalidSymbol: {
    code: 'json_invalid_symbol',
    text: 'this is not valid JSON here (a word without double quotes, or a stray character?)',
  },
  InvalidNumberFormat: {
    code: 'json_invalid_number_format',
    text: 'this number is not written as JSON writes numbers (digits, one dot, no leading zero)',
  },
  PropertyNameExpected: {
    code: 'json_property_name_expected',
    text: 'a name in double quotes is expected here: is there a comma too many just before, or a name without quotes?',
  },
  ValueExpected: {
    code: 'json_value_expected',
    text: 'a value is expected here: is there a comma too many just before, or a value missing after a colon?',
  },
  ColonExpected: {
    code: 'json_colon_expected',
    text: 'a colon ":" is missing between a name and its value',
  },
  CommaExpected: {
    code: 'json_comma_expected',
    text: 'a comma is missing before this (between two entries)',
  },
  CloseBraceExpected: {
    code: 'json_close_brace_expected',
    text: 'a closing brace "}" is missing (or a comma is missing before this)',
  },
  CloseBracketExpected: {
    code: 'json_close_bracket_expected',
    text: 'a closing bracket "]" is missing (or a comma is missing before this)',
  },
  EndOfFileExpected: {
    code: 'json_end_of_file_expected',
    text: 'the file should end here: is there something after the last closing brace, or a brace too many?',
  },
  InvalidCommentToken: {
    code: 'json_invalid_comment_token',
    text: 'JSON files cannot hold comments: remove it (a schema may say why in "$comment")',
  },
  UnexpectedEndOfComment: {
    code: 'json_unexpected_end_of_comment',
    text: 'JSON files cannot hold comments: remove it',
  },
  UnexpectedEndOfString: {
    code: 'json_unexpected_end_of_string',
    text: 'this text has no closing double quote',
  },
  UnexpectedEndOfNumber: {
    code: 'json_unexpected_end_of_number',
    text: 'this number is cut short',
  },
  InvalidUnicode: {
    code: 'json_invalid_unicode',
    text: 'this \\u escape is not four hexadecimal digits',
  },
  InvalidEscapeCharacter: {
    code: 'json_invalid_escape_character',
    text: 'this backslash escape is not one JSON knows (write \\\\ for a backslash)',
  },
  InvalidCharacter: {
    code: 'json_invalid_character',
    text: 'this text holds a character JSON does not allow as it is (a tab or a line break inside quotes?)',
  },
};

/** Where each line starts in a text: offsets to "line 12, column 5". */
function lineStarts(text: string): number[] {
  const starts = [0];
  for (let i = 0; i < text.length; i++) if (text[i] === '\n') starts.push(i + 1);
  return starts;
}

export function lineAndColumn(text: string, offset: number): { line: number; column: number } {
  const starts = lineStarts(text);
  let line = 0;
  while (line + 1 < starts.length && starts[line + 1]! <= offset) line++;
  return { line: line + 1, column: offset - starts[line]! + 1 };
}

export interface JsonFile {
  file: string;
  text: string;
  /** The parsed value when the text is valid JSON. */
  value?: unknown;
  tree?: Node;
}

/**
 * Reads a file's JSON text. Only the first mistake is told: the ones after it are often its
 * consequences. A name given twice in one object is a mistake too (JSON keeps only the last).
 */
export function parseJsonFile(file: string, text: string): { json: JsonFile; problems: FormsProblem[] } {
  const errors: ParseError[] = [];
  const tree = parseTree(text, errors, { disallowComments: true, allowTrailingComma: false });
  const first = errors[0];
  if (first || !tree) {
    const offset = first?.offset ?? 0;
    const { line, column } = lineAndColumn(text, offset);
    const kind = first ? printParseErrorCode(first.error) : 'ValueExpected';
    const what =
      text.trim() === ''
        ? { code: 'json_empty', text: 'the file is empty: it must hold JSON' }
        : (MISTAKES[kind] ?? { code: 'json_mistake_unknown', text: kind });
    return {
      json: { file, text },
      problems: [
        {
          file,
          at: `line ${line}, column ${column}`,
          message: `${what.text}.`,
          severity: 'error',
          code: what.code,
          ...(what.code === 'json_mistake_unknown' ? { params: { kind } } : {}),
        },
      ],
    };
  }
  const problems: FormsProblem[] = [];
  const names: Set<string>[] = [];
  visit(text, {
    onObjectBegin: () => void names.push(new Set()),
    onObjectEnd: () => void names.pop(),
    onObjectProperty: (name, offset) => {
      const seen = names.at(-1)!;
      if (seen.has(name)) {
        const { line, column } = lineAndColumn(text, offset);
        problems.push({
          file,
          at: `line ${line}, column ${column}`,
          message: `"${name}" is given twice in the same place: only the last one would count. Keep one.`,
          severity: 'error',
          code: 'json_name_twice',
          params: { name },
        });
      }
      seen.add(name);
    },
  });
  return { json: { file, text, value: JSON.parse(text), tree }, problems };
}

/** The line and column of a place in a file (the name of a property, when the place is one). */
export function locate(json: JsonFile, path: ProblemPath): string | undefined {
  if (!json.tree) return undefined;
  let node: Node | undefined;
  for (let length = path.length; length >= 0 && !node; length--)
    node = findNodeAtLocation(json.tree, path.slice(0, length));
  if (!node) return undefined;
  const at = node.parent?.type === 'property' ? node.parent : node;
  const { line, column } = lineAndColumn(json.text, at.offset);
  return `line ${line}, column ${column}`;
}
