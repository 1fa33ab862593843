import { PDFDocument, StandardFonts, degrees, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import QRCode from 'qrcode';
import { PLOT_FIELDS } from '../../shared/api/permits';
import type { Language } from '../../shared/reference-data';
import { formatLongDate } from '../../shared/text-format';
import { message } from '../i18n/messages';
import type { PermitFacts } from './permit-facts';

/**
 * The permit as a PDF: one A4 page (more when the conditions are long) in English and Swahili side by
 * side, every label both ways, dates in words in both languages, and a QR code of the signed verify
 * link. pdf-lib's built-in Helvetica (no font file to ship) writes Latin-1: a name with other letters is
 * written without its accents, and anything else as '?', never dropped silently.
 */

export interface PermitDocument extends PermitFacts {
  permit_number: string;
  valid_from: string;
  valid_until: string;
  conditions: string[];
  /** The signed verify link, printed as the QR code; null for a preview (nothing issued, nothing to check). */
  verify_url: string | null;
}

const PAGE = { width: 595.28, height: 841.89 };
const MARGIN = 50;
const WIDTH = PAGE.width - 2 * MARGIN;
const QR_SIZE = 120;
const INK = rgb(0.1, 0.1, 0.1);
const MUTED = rgb(0.35, 0.35, 0.35);
const GREEN = rgb(0.0, 0.35, 0.2);
const PREVIEW_RED = rgb(0.75, 0.1, 0.1);

/** Characters WinAnsi (Helvetica's encoding) can write: printable ASCII, Latin-1 and a few quotes and dashes. */
const WIN_ANSI = /[\x20-\x7E\xA0-\xFF\u2018\u2019\u201C\u201D\u2013\u2014\u2026\u20AC]/;

export function printable(text: string): string {
  return [...text.normalize('NFKD').replace(/\p{M}/gu, '').replace(/\s+/g, ' ')]
    .map((c) => (WIN_ANSI.test(c) ? c : '?'))
    .join('');
}

/** Lines of at most `width` points; a word longer than a line is cut. */
function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of printable(text).split(' ')) {
    let rest = word;
    while (font.widthOfTextAtSize(rest, size) > width) {
      let cut = rest.length - 1;
      while (cut > 1 && font.widthOfTextAtSize(rest.slice(0, cut), size) > width) cut--;
      if (line) lines.push(line);
      lines.push(rest.slice(0, cut));
      line = '';
      rest = rest.slice(cut);
    }
    const next = line ? `${line} ${rest}` : rest;
    if (font.widthOfTextAtSize(next, size) > width) {
      lines.push(line);
      line = rest;
    } else line = next;
  }
  if (line) lines.push(line);
  return lines;
}

/** Both languages' text of a key: 'English / Kiswahili'. */
const both = (key: string, params?: Record<string, unknown>) =>
  `${message('en', key, params)} / ${message('sw', key, params)}`;
const bothDates = (date: string) => `${formatLongDate(date, 'en')} / ${formatLongDate(date, 'sw')}`;

class Writer {
  page: PDFPage;
  y: number;
  constructor(
    private readonly pdf: PDFDocument,
    readonly regular: PDFFont,
    readonly bold: PDFFont,
  ) {
    this.page = pdf.addPage([PAGE.width, PAGE.height]);
    this.y = PAGE.height - MARGIN;
  }

  /** Room for `height` points on this page, else a new page. */
  room(height: number): void {
    if (this.y - height >= MARGIN) return;
    this.page = this.pdf.addPage([PAGE.width, PAGE.height]);
    this.y = PAGE.height - MARGIN;
  }

  text(
    text: string,
    options: { size?: number; bold?: boolean; color?: ReturnType<typeof rgb>; indent?: number; width?: number } = {},
  ) {
    const size = options.size ?? 10;
    const font = options.bold ? this.bold : this.regular;
    const indent = options.indent ?? 0;
    for (const line of wrap(text, font, size, (options.width ?? WIDTH) - indent)) {
      this.room(size * 1.35);
      this.y -= size * 1.35;
      this.page.drawText(line, { x: MARGIN + indent, y: this.y, size, font, color: options.color ?? INK });
    }
  }

  gap(points: number): void {
    this.y -= points;
  }

  /** A label (both languages, small) over its value. */
  field(labelKey: string, value: string, width?: number): void {
    this.room(30);
    this.text(both(labelKey), { size: 8, color: MUTED, width });
    this.text(value, { size: 11, bold: true, width });
    this.gap(6);
  }
}

const dash = '-';

export async function permitPdf(permit: PermitDocument): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const title = `${message('en', 'permits.pdf.title')} ${permit.permit_number}`;
  pdf.setTitle(
    printable(permit.verify_url === null ? `${message('en', 'permits.pdf.preview_mark')}: ${title}` : title),
  );
  pdf.setSubject(printable(message('en', 'permits.issuing_unit')));
  pdf.setCreator('Kibali');
  const w = new Writer(
    pdf,
    await pdf.embedFont(StandardFonts.Helvetica),
    await pdf.embedFont(StandardFonts.HelveticaBold),
  );

  w.text(message('en', 'permits.issuing_unit'), { size: 9, color: MUTED });
  w.text(message('sw', 'permits.issuing_unit'), { size: 9, color: MUTED });
  w.gap(8);
  w.text(message('en', 'permits.pdf.title').toUpperCase(), { size: 18, bold: true, color: GREEN });
  w.text(message('sw', 'permits.pdf.title').toUpperCase(), { size: 18, bold: true, color: GREEN });
  w.gap(14);

  // The QR code beside the first fields, top right; a preview has none, and says so on every page.
  const qrTop = w.y;
  await drawQr(pdf, w, permit.verify_url);
  const beside = WIDTH - QR_SIZE - 16;

  w.field('permits.pdf.permit_number', permit.permit_number, beside);
  w.field('permits.pdf.owner', permit.owner_name || dash, beside);
  const plot = PLOT_FIELDS.filter((field) => permit.plot[field]).map(
    (field) => `${both(`permits.plot.${field}`)}: ${permit.plot[field]}`,
  );
  w.room(30);
  w.text(both('permits.pdf.plot'), { size: 8, color: MUTED, width: beside });
  if (plot.length === 0) w.text(dash, { size: 11, bold: true, width: beside });
  for (const line of plot) w.text(line, { size: 11, bold: true, width: beside });
  w.gap(6);
  if (w.y > qrTop - QR_SIZE - 10) w.y = qrTop - QR_SIZE - 10;

  w.field('permits.pdf.approved_use', permit.approved_use ?? dash);
  w.field(
    'permits.pdf.storeys',
    permit.storeys === null ? dash : both('permits.storeys_count', { count: permit.storeys }),
  );
  w.field('permits.pdf.valid_from', bothDates(permit.valid_from));
  w.field('permits.pdf.valid_until', bothDates(permit.valid_until));

  w.gap(4);
  w.text(both('permits.pdf.conditions'), { size: 12, bold: true });
  if (permit.conditions.length === 0) w.text(both('permits.pdf.no_conditions'), { size: 10 });
  permit.conditions.forEach((condition, i) => {
    w.gap(2);
    w.text(`${i + 1}. ${condition}`, { size: 10, indent: 8 });
  });

  w.gap(16);
  w.text(both('permits.pdf.issued_by'), { size: 8, color: MUTED });
  w.text(message('en', 'permits.issuing_unit'), { size: 10, bold: true });
  w.text(message('sw', 'permits.issuing_unit'), { size: 10, bold: true });
  w.gap(12);
  checkLines(pdf, w, permit.verify_url);
  return pdf.save();
}

/** The QR code of the signed verify link, top right; a preview's empty frame marked QR. */
async function drawQr(pdf: PDFDocument, w: Writer, verifyUrl: string | null): Promise<void> {
  const box = { x: PAGE.width - MARGIN - QR_SIZE, y: w.y - QR_SIZE, width: QR_SIZE, height: QR_SIZE };
  if (verifyUrl === null) {
    w.page.drawRectangle({ ...box, borderColor: PREVIEW_RED, borderWidth: 1 });
    const at = { x: box.x + QR_SIZE / 2 - 10, y: box.y + QR_SIZE / 2 - 6 };
    w.page.drawText('QR', { ...at, size: 14, font: w.bold, color: PREVIEW_RED });
    return;
  }
  const qr = await QRCode.toBuffer(verifyUrl, { type: 'png', errorCorrectionLevel: 'M', margin: 1, scale: 6 });
  w.page.drawImage(await pdf.embedPng(qr), box);
}

/** How to check the permit, with its link; a preview says instead that it is none, on every page. */
function checkLines(pdf: PDFDocument, w: Writer, verifyUrl: string | null): void {
  if (verifyUrl === null) {
    w.text(message('en', 'permits.pdf.preview_note'), { size: 9, color: PREVIEW_RED });
    w.text(message('sw', 'permits.pdf.preview_note'), { size: 9, color: PREVIEW_RED });
    for (const page of pdf.getPages()) markPreview(page, w.bold);
    return;
  }
  w.text(message('en', 'permits.pdf.check'), { size: 9 });
  w.text(message('sw', 'permits.pdf.check'), { size: 9 });
  w.text(verifyUrl, { size: 9, color: GREEN });
}

/** A preview's mark across the page, in both languages: no one can mistake it for a permit. */
function markPreview(page: PDFPage, font: PDFFont): void {
  const lines = [message('en', 'permits.pdf.preview_mark'), message('sw', 'permits.pdf.preview_mark')];
  lines.forEach((line, i) => {
    const size = 30;
    page.drawText(line, {
      x: MARGIN + 10 + i * 40,
      y: PAGE.height / 2 - 120 - i * 80,
      size,
      font,
      color: PREVIEW_RED,
      opacity: 0.25,
      rotate: degrees(35),
    });
  });
}

/** The file name of a permit's PDF: its number made safe for a file name. */
export function permitFileName(permitNumber: string, language: Language = 'en', preview = false): string {
  const base = message(language, preview ? 'permits.pdf.preview_file_name' : 'permits.pdf.file_name');
  return `${base}-${permitNumber.replace(/[^A-Za-z0-9.-]+/g, '-')}.pdf`;
}
