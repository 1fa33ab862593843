import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { server } from './msw-server';
import { withServedForms, wt } from './wizard-forms';
import { fillPersonal, renderWizard } from './wizard-render';
import { saveAndContinue } from '../../src/shared/api/applications';
import { mockCall, refusalFor } from '../../src/client/mocks/mock-call';

// Issue 17, item 8: after a failed save, each error goes when its field becomes valid, the summary with it.

withServedForms();

describe.each(['en', 'sw'] as const)('stale errors (%s)', (language) => {
  const t = wt(language);
  const f = (key: string) => t(`forms:${key}`);
  const textbox = (key: string) => screen.getByRole('textbox', { name: f(key) });
  const summaryOf = (count: number) => screen.findByRole('alert', { name: t('wizard.errors.title', { count }) });
  const open = () => renderWizard('/home/maintenance', { language });

  it('the browser’s own errors: a field fixed loses its error and its summary line; the others stay', async () => {
    const { user } = open();
    await user.click(await screen.findByRole('button', { name: t('wizard.buttons.save_and_continue') }));
    const summary = await summaryOf(6);
    const required = t('validation:required');
    const line = (key: string) => `${f(key)}: ${required}`;
    expect(within(summary).getByRole('link', { name: line('personal.first_name.title') })).toBeInTheDocument();
    expect(textbox('personal.first_name.title')).toHaveAttribute('aria-invalid', 'true');
    const shownBefore = screen.getAllByText(required).length;

    await user.type(textbox('personal.first_name.title'), 'Asha');

    const fewer = await summaryOf(5);
    expect(within(fewer).queryByRole('link', { name: line('personal.first_name.title') })).not.toBeInTheDocument();
    expect(textbox('personal.first_name.title')).not.toHaveAttribute('aria-invalid');
    expect(screen.getAllByText(required)).toHaveLength(shownBefore - 1);
    // The others stay, in the summary and on their fields.
    expect(within(fewer).getByRole('link', { name: line('personal.last_name.title') })).toBeInTheDocument();
    expect(textbox('personal.last_name.title')).toHaveAttribute('aria-invalid', 'true');

    // A field still invalid keeps its error: a phone typed half.
    await user.type(textbox('personal.last_name.title'), 'Juma');
    await user.type(textbox('personal.phone.title'), '07');
    await summaryOf(4);
    expect(textbox('personal.phone.title')).toHaveAttribute('aria-invalid', 'true');

    // The last ones fixed: the summary goes.
    await user.click(screen.getByRole('radio', { name: f('personal.identification_type.options.passport') }));
    await user.type(await screen.findByRole('textbox', { name: f('personal.passport_number.title') }), 'AB123456');
    await user.type(textbox('personal.phone.title'), '77123456');
    await user.type(textbox('personal.address.title'), 'P.O. Box 1234, Zanzibar');
    await user.type(textbox('personal.street.title'), 'Mlandege');
    await waitFor(() => expect(screen.queryByRole('alert')).not.toBeInTheDocument());
    expect(screen.queryAllByText(required)).toHaveLength(0);
  });

  it('the server’s errors: the answer changed and valid loses its error; an unchanged one keeps it', async () => {
    const phoneMessage = 'This phone number cannot receive codes.';
    const streetMessage = 'This street is not in the register.';
    let saves = 0;
    server.use(
      mockCall(saveAndContinue, () => {
        saves += 1;
        return refusalFor(saveAndContinue, 'validation_failed', 'Some answers need your attention.', {
          errors: [
            { path: '/personal/phone', message: phoneMessage },
            { path: '/personal/street', message: streetMessage },
          ],
        });
      }),
    );
    const { user } = open();
    await fillPersonal(user, language);
    await user.click(screen.getByRole('button', { name: t('wizard.buttons.save_and_continue') }));
    await summaryOf(2);
    expect(saves).toBe(1);
    expect(screen.getByText(phoneMessage)).toBeInTheDocument();

    // Another field edited: nothing the server said goes.
    await user.type(textbox('personal.address.title'), ' ');
    await user.clear(textbox('personal.phone.title'));
    await user.type(textbox('personal.phone.title'), '0777654321');

    const left = await summaryOf(1);
    expect(within(left).queryByRole('link', { name: `${f('personal.phone.title')}: ${phoneMessage}` })).toBeNull();
    expect(screen.queryByText(phoneMessage)).not.toBeInTheDocument();
    expect(textbox('personal.phone.title')).not.toHaveAttribute('aria-invalid');
    expect(
      within(left).getByRole('link', { name: `${f('personal.street.title')}: ${streetMessage}` }),
    ).toBeInTheDocument();
    expect(screen.getByText(streetMessage)).toBeInTheDocument();
    expect(textbox('personal.street.title')).toHaveAttribute('aria-invalid', 'true');
  });
});
