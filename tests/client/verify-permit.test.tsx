import { screen, within } from '@testing-library/react';
import { createInstance } from 'i18next';
import { HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import en from '../../locales/en/verify.json';
import sw from '../../locales/sw/verify.json';
import { MOCK_PERMITS, MOCK_SIGNATURE } from '../../src/client/mocks/verify-handlers';
import { formatLongDate } from '../../src/shared/text-format';
import { server } from './msw-server';
import { renderApp } from './render';
import { verifyPermit } from '../../src/shared/api/permits';
import { mockCall } from '../../src/client/mocks/mock-call';

// The public verify page (/home/verify/<permit number>?s=<signature>) that a permit's QR code opens:
// each state, the forged-link warning, a number typed by hand, in English and Swahili. Network: the
// MSW mock built on the shared contract (src/shared/api/permits.ts).

const lookup = createInstance();
void lookup.init({
  initAsync: false,
  resources: { en: { verify: en }, sw: { verify: sw } },
  defaultNS: 'verify',
  interpolation: { escapeValue: false },
});

const VALID = MOCK_PERMITS[0]!;
const REVOKED = MOCK_PERMITS[1]!;
/** The announced state: the status region whose heading says `name`, once the answer is in. */
async function statusSaying(name: string) {
  const heading = await screen.findByRole('heading', { level: 2, name }, { timeout: 10_000 });
  const region = heading.closest('section')!;
  expect(region).toHaveAttribute('role', 'status');
  return { heading, region };
}

const link = (number: string, signature?: string) =>
  `/home/verify/${encodeURIComponent(number)}${signature === undefined ? '' : `?s=${signature}`}`;

describe.each(['en', 'sw'] as const)('the verify page (%s)', (language) => {
  const t = lookup.getFixedT(language);
  const date = (value: string) => formatLongDate(value, language);

  it('shows a valid permit scanned from its QR code: the state announced, the facts, the owner', async () => {
    renderApp(link(VALID.permit_number, MOCK_SIGNATURE), { language });
    expect(await screen.findByRole('heading', { level: 1, name: t('title') }, { timeout: 10_000 })).toBeInTheDocument();
    const { heading, region: status } = await statusSaying(t('status.valid'));
    expect(heading).toHaveFocus();
    expect(status).toHaveTextContent(t('signature.valid'));
    const facts = screen.getByRole('region', { name: t('facts_title') });
    for (const [label, value] of [
      [t('permit_number'), VALID.permit_number],
      [t('owner'), 'Amina Khamis Makame'],
      [t('plot_fields.plot_number'), '1234/5'],
      [t('plot_fields.shehia'), 'Mwanakwerekwe'],
      [t('storeys'), t('storeys_count', { count: 1 })],
      [t('valid_from'), date(VALID.valid_from)],
      [t('valid_until'), date(VALID.valid_until)],
      [t('issuing_unit'), VALID.issuing_unit[language]],
    ]) {
      const term = within(facts).getByText(label!, { selector: 'dt' });
      expect(term.nextElementSibling).toHaveTextContent(value!);
    }
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('warns that the document may be forged when the signature does not match', async () => {
    renderApp(link(VALID.permit_number, 'forgedSignature00000000'), { language });
    const title = await screen.findByRole(
      'heading',
      { level: 2, name: t('signature.mismatch_title') },
      { timeout: 10_000 },
    );
    const alert = title.closest('section')!;
    expect(alert).toHaveAttribute('role', 'alert');
    expect(alert).toHaveTextContent(t('signature.mismatch_body', { permit_number: VALID.permit_number }));
    // The true facts are there to compare with the paper; the owner's name is not.
    const facts = screen.getByRole('region', { name: t('facts_title') });
    expect(within(facts).queryByText(t('owner'), { selector: 'dt' })).not.toBeInTheDocument();
    expect(screen.getByText(t('owner_hidden'))).toBeInTheDocument();
  });

  it('says revoked, with the date, and a number no permit has as possibly forged', async () => {
    const { router } = renderApp(link(REVOKED.permit_number), { language });
    const { region: status } = await statusSaying(t('status.revoked', { revoked_on: date(REVOKED.revoked_on!) }));
    expect(status).toHaveTextContent(t('signature.absent'));
    expect(screen.getByText(t('storeys_count', { count: 0 }))).toBeInTheDocument();
    await router.navigate(link('ZNZ/BP/1999/9999', MOCK_SIGNATURE));
    const missing = await screen.findByRole('heading', {
      level: 2,
      name: t('not_found_title', { permit_number: 'ZNZ/BP/1999/9999' }),
    });
    const alert = missing.closest('section')!;
    expect(alert).toHaveAttribute('role', 'alert');
    expect(alert).toHaveTextContent(t('not_found_body'));
  });

  it('says expired and renewed as the server answers, with a link to the new permit', async () => {
    server.use(
      mockCall(verifyPermit, async ({ request }) => {
        const body = (await request.json()) as { permit_number: string };
        const renewed = body.permit_number === 'ZNZ/OLD/1';
        return HttpResponse.json({
          response: {
            code: 200,
            message: 'OK',
            data: {
              ...VALID,
              permit_number: body.permit_number,
              status: renewed ? 'renewed' : 'expired',
              renewed_by: renewed ? 'ZNZ/NEW/2' : null,
              signature: 'absent',
            },
          },
        });
      }),
    );
    const { user } = renderApp(link('ZNZ/OLD/1'), { language });
    const { region: status } = await statusSaying(t('status.renewed'));
    expect(status).toHaveTextContent(t('status_detail.renewed', { renewed_by: 'ZNZ/NEW/2' }));
    await user.click(within(status).getByRole('link', { name: t('renewed_link', { renewed_by: 'ZNZ/NEW/2' }) }));
    expect(
      await screen.findByRole('heading', {
        level: 2,
        name: t('status.expired', { valid_until: date(VALID.valid_until) }),
      }),
    ).toBeInTheDocument();
  });

  it('takes a number typed by hand, and says what is wrong with one that cannot be a permit number', async () => {
    const { user, router } = renderApp('/home/verify', { language });
    const input = await screen.findByRole('textbox', { name: t('number_label') }, { timeout: 10_000 });
    await user.type(input, 'no!');
    await user.click(screen.getByRole('button', { name: t('check') }));
    expect(await screen.findByRole('alert')).toHaveTextContent(t('number_invalid'));
    expect(input).toHaveAttribute('aria-invalid', 'true');
    await user.clear(input);
    await user.type(input, ` ${VALID.permit_number.toLowerCase()} `);
    await user.click(screen.getByRole('button', { name: t('check') }));
    expect(
      await screen.findByRole('heading', { level: 2, name: t('status.valid') }, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(decodeURIComponent(router.state.location.pathname)).toBe(`/home/verify/${VALID.permit_number}`);
  });
});
