import { integer, PAGING, paging, required, str, type Command } from './staff-cli-arguments';

/** The command line's payment commands (src/server/payments): invoices, payments by hand, the money no invoice takes. */
export const MONEY_COMMANDS: Record<string, Command> = {
  'add-invoice': {
    usage:
      'add-invoice <reference> --due YYYY-MM-DD [--amount TZS --amount-reason TEXT] [--description TEXT] ' +
      '[--control-number N]',
    summary:
      'an invoice for the applicant to pay, of the fee estimate with its lines unless --amount says another ' +
      '(with --amount-reason): its bill is raised with the payment gateway, which gives the control number ' +
      '(--control-number only for a bill registered elsewhere)',
    options: ['amount', 'amount-reason', 'control-number', 'due', 'description'],
    positionals: 1,
    action: 'add_invoice',
    changes: true,
    body: ([reference], o) => ({
      reference_number: reference,
      amount_tzs: integer(o, 'amount'),
      amount_reason: str(o, 'amount-reason'),
      control_number: str(o, 'control-number'),
      due_date: required(o, 'due'),
      description: str(o, 'description'),
    }),
  },
  'cancel-invoice': {
    usage: 'cancel-invoice <invoice-id> --reason TEXT',
    summary: 'cancel an invoice raised by mistake (nothing paid on it): its bill is cancelled, the applicant told',
    options: ['reason'],
    positionals: 1,
    action: 'cancel_invoice',
    changes: true,
    body: ([invoiceId], o) => ({ invoice_id: invoiceId, reason: required(o, 'reason') }),
  },
  'payment-exceptions': {
    usage:
      'payment-exceptions [--kind unmatched|over_payment|refund_due] [--settled] [--reference R] [--page N] ' +
      '[--page-size N]',
    summary:
      'unmatched payments, over-payments and refunds still to settle (--settled: those settled), with the totals',
    options: ['kind', 'settled', 'reference', ...PAGING],
    positionals: 0,
    action: 'list_payment_exceptions',
    body: (_, o) => ({
      kind: str(o, 'kind'),
      settled: o.settled === true ? true : undefined,
      reference_number: str(o, 'reference'),
      ...paging(o),
    }),
  },
  'settle-payment': {
    usage: 'settle-payment <exception-id> refunded|applied|other [--invoice ID] [--remark TEXT]',
    summary:
      'record how a payment exception was settled: refunded, applied to another invoice (--invoice), or other ' +
      '(--remark says how)',
    options: ['invoice', 'remark'],
    positionals: 2,
    action: 'settle_payment_exception',
    changes: true,
    body: ([id, how], o) => ({
      exception_id: integer({ id }, 'id'),
      how,
      invoice_id: str(o, 'invoice'),
      remark: str(o, 'remark'),
    }),
  },
  'mark-paid': {
    usage: 'mark-paid <invoice-id>',
    summary: 'record by hand that an invoice was paid (cash at the unit, or an exception)',
    options: [],
    positionals: 1,
    action: 'mark_invoice_paid',
    changes: true,
    body: ([invoiceId]) => ({ invoice_id: invoiceId }),
  },
};
