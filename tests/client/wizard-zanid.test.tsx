import { screen, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { mockSplash } from '../../src/client/mocks/mock-data';
import { setValidatorFactory } from '../../src/client/forms/validator-source';
import { server } from './msw-server';
import { formsHandlers, runtimeValidator, servedForms, wt } from './wizard-forms';
import { renderWizard } from './wizard-render';
import { getSplash } from '../../src/shared/api/splash';
import { mockCall } from '../../src/client/mocks/mock-call';

const t = wt('en');
const f = (key: string) => t(`forms:${key}`);
const forms = servedForms();

beforeAll(() => setValidatorFactory(runtimeValidator));
afterAll(() => setValidatorFactory());
// verify_zanid answers from the mock backend's demo registry (the README's Demo ZanIDs).
beforeEach(() => server.use(...formsHandlers(forms)));

const textbox = (key: string) => screen.getByRole('textbox', { name: f(key) });

async function chooseZanid(user: UserEvent, zanId: string) {
  await user.click(await screen.findByRole('radio', { name: f('personal.identification_type.options.zanid') }));
  await user.type(await screen.findByRole('textbox', { name: f('personal.zan_id.title') }), zanId);
}

describe('ZanID verification', () => {
  it('fills the names from the registry, makes them read-only and says who was verified', async () => {
    const { user, store } = renderWizard('/home/maintenance');
    await chooseZanid(user, '190012345');
    await user.click(screen.getByRole('button', { name: t('wizard.zanid.verify') }));

    expect(await screen.findByText(t('wizard.zanid.verified', { name: 'Amina Khamis Makame' }))).toBeInTheDocument();
    expect(textbox('personal.first_name.title')).toHaveValue('Amina');
    expect(textbox('personal.middle_name.title')).toHaveValue('Khamis');
    expect(textbox('personal.last_name.title')).toHaveValue('Makame');
    // ui:readonly, which @rjsf/mui renders as a disabled field.
    for (const key of ['zan_id', 'first_name', 'middle_name', 'last_name'])
      expect(textbox(`personal.${key}.title`)).toBeDisabled();
    expect(textbox('personal.phone.title')).toBeEnabled();
    expect(store.getState().wizard.zanid).toMatchObject({ zan_id: '190012345', first_name: 'Amina' });
    expect(store.getState().wizard.answers.personal).toMatchObject({ zan_id: '190012345', last_name: 'Makame' });

    await user.click(screen.getByRole('button', { name: t('wizard.zanid.change') }));
    expect(textbox('personal.zan_id.title')).toBeEnabled();
    expect(screen.getByRole('button', { name: t('wizard.zanid.verify') })).toBeInTheDocument();
  });

  it("shows the server's message for an unknown ID, and Save And Continue asks for the verification", async () => {
    const { user } = renderWizard('/home/maintenance');
    await chooseZanid(user, '190099999');
    await user.click(screen.getByRole('button', { name: t('wizard.zanid.verify') }));
    expect(await screen.findByText('No person has this ZanID.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: t('wizard.buttons.save_and_continue') }));
    const summary = await screen.findByRole('alert', { name: /problem/ });
    expect(
      within(summary).getByRole('link', { name: `${f('personal.zan_id.title')}: ${t('wizard.zanid.verify_first')}` }),
    ).toBeInTheDocument();
  });

  it('shows the field message of a malformed ID (422), and Enter in the field verifies instead of saving', async () => {
    const { user } = renderWizard('/home/maintenance');
    await chooseZanid(user, '12345{Enter}');
    expect(await screen.findByText('A ZanID has 9 digits.')).toBeInTheDocument();
    expect(screen.queryByRole('alert', { name: /problem/ })).not.toBeInTheDocument();
  });

  it('leaves the passport path as it was: no Verify ID button', async () => {
    const { user } = renderWizard('/home/maintenance');
    await user.click(await screen.findByRole('radio', { name: f('personal.identification_type.options.passport') }));
    await screen.findByRole('textbox', { name: f('personal.passport_number.title') });
    expect(screen.queryByRole('button', { name: t('wizard.zanid.verify') })).not.toBeInTheDocument();
  });
});

describe('the demo hint (issue 17, item 10)', () => {
  const splashWith = (demoHints: boolean) =>
    mockCall(getSplash, () => {
      const splash = mockSplash();
      return HttpResponse.json(
        {
          response: { code: 200, message: 'OK', data: { ...splash, site: { ...splash.site, demo_hints: demoHints } } },
        },
        { status: 200 },
      );
    });

  it('shows the test ID numbers hint under the ZanID when the server is a demonstration', async () => {
    server.use(splashWith(true));
    const { user } = renderWizard('/home/maintenance');
    await chooseZanid(user, '190012345');
    expect(screen.getByText(t('wizard.zanid.demo_hint'))).toBeVisible();
  });

  it('shows no demo hint when the server is not a demonstration (production)', async () => {
    server.use(splashWith(false));
    const { user } = renderWizard('/home/maintenance');
    await chooseZanid(user, '190012345');
    expect(screen.queryByText(t('wizard.zanid.demo_hint'))).toBeNull();
    expect(screen.queryByText(/README/)).toBeNull();
  });
});
