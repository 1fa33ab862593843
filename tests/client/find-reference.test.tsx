import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MOCK_FINDER, MOCK_FOUND } from '../../src/client/mocks/find-reference-handlers';
import { server } from './msw-server';
import { wt } from './wizard-forms';
import { renderWizard } from './wizard-render';
import { findReference } from '../../src/shared/api/find-reference';
import { mockCall, refusalFor } from '../../src/client/mocks/mock-call';

// "Forgot your reference number?" in the browser: from Continue and View, the ID number and phone,
// the code, then the applications, each leading to Continue (a draft) or View. Network: the MSW mock
// built on the shared contract (src/shared/api/find-reference.ts).

describe.each(['en', 'sw'] as const)('forgot your reference number (%s)', (language) => {
  const t = wt(language);

  it('is linked from Continue and View', async () => {
    const { router, user } = renderWizard('/home/continue', { language });
    await user.click(await screen.findByRole('link', { name: t('find_reference.link') }, { timeout: 15_000 }));
    expect(
      await screen.findByRole('heading', { level: 1, name: t('titles.find_reference') }, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/home/find_reference');
    await router.navigate('/home/login');
    expect(await screen.findByRole('link', { name: t('find_reference.link') }, { timeout: 5000 })).toHaveAttribute(
      'href',
      '/home/find_reference',
    );
  });

  it('sends a code, then lists the applications with where to go with each', async () => {
    const bodies: unknown[] = [];
    server.events.on('request:start', ({ request }) => {
      if (request.url.includes('find_reference'))
        void request
          .clone()
          .json()
          .then((body) => bodies.push(body));
    });
    const { user } = renderWizard('/home/find_reference', { language });
    const idNumber = await screen.findByRole('textbox', { name: t('find_reference.id_number') }, { timeout: 5000 });
    await user.type(idNumber, ' 1900 12345');
    await user.type(screen.getByRole('textbox', { name: t('find_reference.phone') }), '+255 777 123 456');
    await user.click(screen.getByRole('button', { name: t('find_reference.send_code') }));

    expect(await screen.findByText(t('find_reference.sent', { minutes: 10 }))).toBeInTheDocument();
    const code = screen.getByRole('textbox', { name: t('find_reference.code') });
    // Focus moves once the field has shown (an effect after the render): waited for, not assumed.
    await waitFor(() => expect(code).toHaveFocus());
    await waitFor(() => expect(bodies).toEqual([{ id_number: '1900 12345', phone: '+255 777 123 456' }]));

    await user.type(code, '000000');
    await user.click(screen.getByRole('button', { name: t('find_reference.verify') }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/wrong|expired/i);
    await waitFor(() => expect(code).toHaveFocus());

    await user.clear(code);
    await user.type(code, MOCK_FINDER.code);
    await user.click(screen.getByRole('button', { name: t('find_reference.verify') }));
    const list = await screen.findByRole('heading', { level: 2, name: t('find_reference.results_title') });
    await waitFor(() => expect(list).toHaveFocus());
    const items = within(list.closest('section')!).getAllByRole('listitem');
    expect(items).toHaveLength(MOCK_FOUND.length);
    const [submitted, draft] = MOCK_FOUND;
    expect(items[0]).toHaveTextContent(submitted!.reference_number);
    expect(items[0]).toHaveTextContent(t('dashboard.status.submitted'));
    expect(items[0]).toHaveTextContent(t('request.types.new.title'));
    expect(
      within(items[0]!).getByRole('link', {
        name: t('find_reference.view', { reference_number: submitted!.reference_number }),
      }),
    ).toHaveAttribute('href', '/home/login');
    expect(
      within(items[1]!).getByRole('link', {
        name: t('find_reference.continue', { reference_number: draft!.reference_number }),
      }),
    ).toHaveAttribute('href', '/home/continue');
    // Nothing of it is kept in the browser's storage.
    expect(JSON.stringify({ ...localStorage })).not.toContain(submitted!.reference_number);
    expect(JSON.stringify({ ...sessionStorage })).not.toContain(submitted!.reference_number);
  });

  it('says so when nothing was found, and checks the input before sending it', async () => {
    const { user } = renderWizard('/home/find_reference', { language });
    const idNumber = await screen.findByRole('textbox', { name: t('find_reference.id_number') }, { timeout: 5000 });
    await user.type(idNumber, '12');
    await user.click(screen.getByRole('button', { name: t('find_reference.send_code') }));
    expect(await screen.findByRole('alert')).toHaveTextContent(t('find_reference.id_number_invalid'));
    expect(idNumber).toHaveFocus();

    await user.clear(idNumber);
    await user.type(idNumber, '190099999');
    const phone = screen.getByRole('textbox', { name: t('find_reference.phone') });
    await user.type(phone, '12345');
    await user.click(screen.getByRole('button', { name: t('find_reference.send_code') }));
    expect(await screen.findByRole('alert')).toHaveTextContent(t('find_reference.phone_invalid'));
    expect(phone).toHaveFocus();

    await user.clear(phone);
    await user.type(phone, '0777123456');
    await user.click(screen.getByRole('button', { name: t('find_reference.send_code') }));
    await user.type(await screen.findByRole('textbox', { name: t('find_reference.code') }), MOCK_FINDER.code);
    await user.click(screen.getByRole('button', { name: t('find_reference.verify') }));
    expect(await screen.findByText(t('find_reference.none'))).toBeInTheDocument();
  });

  it('shows the server’s message when it refuses (too many tries)', async () => {
    server.use(
      mockCall(findReference, () =>
        refusalFor(findReference, 'too_many_tries', 'Too many tries. Please try again in 60 minutes.', {
          retry_after_s: 3600,
        }),
      ),
    );
    const { user } = renderWizard('/home/find_reference', { language });
    await user.type(
      await screen.findByRole('textbox', { name: t('find_reference.id_number') }, { timeout: 5000 }),
      '190012345',
    );
    await user.type(screen.getByRole('textbox', { name: t('find_reference.phone') }), '0777123456');
    await user.click(screen.getByRole('button', { name: t('find_reference.send_code') }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many tries. Please try again in 60 minutes.');
  });
});
