import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { makeHandlers } from '../../src/client/mocks/handlers';
import { mockSplash } from '../../src/client/mocks/mock-data';
import { server } from './msw-server';
import { renderApp } from './render';
import { en, sw } from './texts';

const splash = mockSplash();
const startingWith = (text: string) => new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`);
beforeEach(() => server.use(...makeHandlers({ delayMs: 0 })));

/** The card of one application type on Request, by its heading. */
const card = async (title: string) =>
  (await screen.findByRole('heading', { level: 2, name: title })).closest('li') as HTMLElement;

describe('Request: what you need before you start (issue 17, item 9)', () => {
  it('a new building: ID, engineer, time, fees and every document with its kinds and size limit', async () => {
    const { user } = renderApp('/home/request');
    const item = await card(en('request.types.new.title'));
    await user.click(within(item).getByText(en('request.before.toggle')));
    expect(await within(item).findByText(en('request.before.identity'))).toBeVisible();
    expect(within(item).getByText(en('request.before.engineer'))).toBeVisible();
    expect(within(item).getByText(en('request.before.time_new'))).toBeVisible();
    expect(within(item).getByText(en('request.before.fees'))).toBeVisible();
    const sheha = splash.normal_attachments.find((d) => d.code === 'sheha_letter')!;
    expect(within(item).getByText(startingWith(sheha.name.en))).toHaveTextContent(/PDF.*MB/);
    const drawing = splash.more_than_three_attachments[splash.more_than_three_attachments.length - 1]!;
    expect(within(item).getByText(startingWith(drawing.name.en))).toBeVisible();
  });

  it('a repair asks no engineer; the renewal has no list (it is done from the dashboard)', async () => {
    const { user } = renderApp('/home/request');
    const item = await card(en('request.types.repair.title'));
    await user.click(within(item).getByText(en('request.before.toggle')));
    expect(await within(item).findByText(en('request.before.identity'))).toBeVisible();
    expect(within(item).queryByText(en('request.before.engineer'))).toBeNull();
    expect(within(item).getByText(en('request.before.time_repair'))).toBeVisible();
    const renew = await card(en('request.types.renew.title'));
    expect(within(renew).queryByText(en('request.before.toggle'))).toBeNull();
  });

  it('in Swahili', async () => {
    const { user } = renderApp('/home/request', { language: 'sw' });
    const item = await card(sw('request.types.government.title'));
    await user.click(within(item).getByText(sw('request.before.toggle')));
    expect(await within(item).findByText(sw('request.before.engineer'))).toBeVisible();
    expect(within(item).getByText(sw('request.before.fees'))).toBeVisible();
    expect(within(item).getByText(startingWith(splash.normal_attachments[0]!.name.sw))).toBeVisible();
  });
});
