import { PDFDocument, StandardFonts, rgb } from 'pdf-lib';
import { message } from '../i18n/messages';

export interface ReceiptFacts {
  receipt_number: string;
  reference_number: string;
  payer: string;
  amount_tzs: number;
  control_number: string | null;
  channel: string;
  /** The moment paid; written in Zanzibar's time (UTC+3). */
  paid_at: Date;
  description: string | null;
  transaction_id: string;
}

/** "English / Kiswahili": one bilingual document, every label from locales/<lng>/api.json. */
const both = (key: string) =>
  `${message('en', `payments.receipt.${key}`)} / ${message('sw', `payments.receipt.${key}`)}`;
const channelName = (channel: string) =>
  `${message('en', `payments.channels.${channel}`)} / ${message('sw', `payments.channels.${channel}`)}`;

/** Zanzibar's wall-clock time of a moment, as YYYY-MM-DD HH:MM (EAT). */
function eat(moment: Date): string {
  return `${new Date(moment.getTime() + 3 * 3600 * 1000).toISOString().slice(0, 16).replace('T', ' ')} EAT`;
}

/** Standard PDF fonts write Latin-1 only: anything else in a name is replaced, never a failure. */
const latin1 = (text: string) => text.normalize('NFC').replace(/[^\x20-\x7E\xA0-\xFF]/g, '?');

/** A payment's receipt, A5, in English and Swahili on one page. */
export async function receiptPdf(facts: ReceiptFacts): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(`${message('en', 'payments.receipt.title')} ${facts.receipt_number}`);
  pdf.setCreator('Kibali');
  pdf.setCreationDate(facts.paid_at);
  const page = pdf.addPage([420, 595]);
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  let y = 550;
  const line = (text: string, size = 10, font = regular) => {
    page.drawText(latin1(text), { x: 36, y, size, font, color: rgb(0.1, 0.1, 0.1), maxWidth: 348 });
    y -= size + 8;
  };
  line(message('en', 'payments.receipt.issuer'), 11, bold);
  line(message('sw', 'payments.receipt.issuer'), 11, bold);
  y -= 6;
  line(both('title'), 16, bold);
  y -= 8;
  const rows: [string, string][] = [
    [both('receipt_number'), facts.receipt_number],
    [both('reference_number'), facts.reference_number],
    [both('payer'), facts.payer],
    [both('amount'), `TZS ${facts.amount_tzs.toLocaleString('en-US')}`],
    [both('control_number'), facts.control_number ?? '-'],
    [both('channel'), channelName(facts.channel)],
    [both('paid_at'), eat(facts.paid_at)],
    [both('transaction_id'), facts.transaction_id],
    ...(facts.description ? ([[both('description'), facts.description]] as [string, string][]) : []),
  ];
  for (const [label, value] of rows) {
    line(label, 8);
    y += 4;
    line(value, 11, bold);
    y -= 2;
  }
  y -= 10;
  line(message('en', 'payments.receipt.footer'), 8);
  line(message('sw', 'payments.receipt.footer'), 8);
  return pdf.save();
}
