/**
 * What an upload's name and content must be, beyond its type by content (file-storage.ts), its size and, for images, image-checks.ts.
 * The name is never used to store or serve the file (both go by a random id and the document type),
 * but a name that pretends to be something else is an attack, not an applicant's document.
 */

import { ApiError } from '../http/envelope';

/** The extensions a document's name may end with (none at all is fine: some phones name files so). */
const ACCEPTED_EXTENSIONS = new Set(['pdf', 'jpg', 'jpeg', 'png']);
/** Extensions that run or render when opened: never inside a document's name (`plan.exe.pdf`). */
const ACTIVE_EXTENSIONS = new Set(
  (
    'exe com bat cmd scr msi msp dll cpl pif lnk hta jar apk app dmg iso bin run elf ' +
    'js mjs cjs jse vbs vbe wsf wsh ps1 psm1 sh bash zsh csh py pl rb php phtml php5 asp aspx jsp cgi ' +
    'html htm xhtml shtml svg svgz xml xsl mht mhtml swf'
  ).split(' '),
);
/** Control characters (NUL included), path separators, and the bidirectional controls that disguise an extension. */
// eslint-disable-next-line no-control-regex -- control characters are exactly what this refuses
const FORBIDDEN_CHARACTERS = /[\u0000-\u001f\u007f/\\\u202a-\u202e\u2066-\u2069]/;

export type FileNameProblem = 'malformed' | 'disguised';

/**
 * 'malformed': not a plain file name (a path, a drive, control characters, empty or over 255 characters);
 * 'disguised': ends with an extension other than .pdf/.jpg/.jpeg/.png, or hides an active one (.exe, .html, .svg…).
 */
export function fileNameProblem(name: string): FileNameProblem | undefined {
  if (name.trim() === '' || name.length > 255 || name === '.' || name === '..') return 'malformed';
  if (FORBIDDEN_CHARACTERS.test(name) || /^[A-Za-z]:/.test(name)) return 'malformed';
  const extensions = name
    .split('.')
    .slice(1)
    .map((part) => part.trim().toLowerCase());
  if (extensions.length === 0) return undefined;
  if (!ACCEPTED_EXTENSIONS.has(extensions.at(-1)!)) return 'disguised';
  return extensions.some((extension) => ACTIVE_EXTENSIONS.has(extension)) ? 'disguised' : undefined;
}

/**
 * The name the file was sent with, before it is read: never used to store or serve it, but a path, a
 * control character, or an extension other than .pdf/.jpg/.png (or an active one inside) is refused.
 */
export function checkFileName(name: string): void {
  const problem = fileNameProblem(name);
  if (problem === 'malformed') throw new ApiError(400, 'file_name_refused');
  if (problem === 'disguised') throw new ApiError(415, 'file_name_refused');
}
