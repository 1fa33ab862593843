import { act, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PreviewPage } from '../../src/client/studio/preview/PreviewPage';
import { PREVIEW_CHANNEL, type PreviewStepMessage } from '../../src/client/studio/preview/preview-message';
import { SAMPLE_TEXT, sampleAnswers } from '../../src/client/studio/preview/sample-answers';
import { mockSplash } from '../../src/client/mocks/mock-data';
import { allTexts } from './locales';

// The preview frame (/studio/preview?lng=sw) shows what its parent, the step editor of the same
// origin, posts it, with the wizard's own step rendering; anything else that posts to it is ignored.

const sw = (allTexts.sw!.common as { wizard: { buttons: Record<string, string> } }).wizard.buttons;

const schema = {
  type: 'object',
  title: 'plot.title',
  description: 'plot.description',
  properties: {
    deed: { type: 'string', title: 'plot.deed.title', maxLength: 40 },
    area: { type: 'number', title: 'plot.area.title', minimum: 10, maximum: 90 },
    fenced: { type: 'boolean', title: 'plot.fenced.title' },
    use: {
      type: 'string',
      title: 'plot.use.title',
      oneOf: [
        { const: 'home', title: 'plot.use.options.home' },
        { const: 'shop', title: 'plot.use.options.shop' },
      ],
    },
  },
  required: ['deed', 'fenced'],
  patternProperties: { '^(fence_material)$': {} },
  allOf: [
    {
      if: { properties: { fenced: { const: true } }, required: ['fenced'] },
      then: { properties: { fence_material: { type: 'string', title: 'plot.fence_material.title' } } },
    },
  ],
};

const swTexts = {
  plot: {
    title: 'Kiwanja',
    description: 'Tueleze kuhusu kiwanja.',
    deed: { title: 'Namba ya hati ya kiwanja' },
    area: { title: 'Eneo la kiwanja' },
    fenced: { title: 'Kiwanja kina uzio?' },
    use: { title: 'Matumizi', options: { home: 'Makaazi', shop: 'Duka' } },
    fence_material: { title: 'Uzio umejengwa kwa nini?' },
  },
};

function stepMessage(revision: number | null): PreviewStepMessage {
  return {
    channel: PREVIEW_CHANNEL,
    step: 'plot',
    schema,
    uiSchema: { 'ui:order': ['deed', 'area', 'fenced', 'fence_material', 'use'] },
    texts: swTexts,
    answers: sampleAnswers(schema, SAMPLE_TEXT.sw),
    revision,
  };
}

describe('the preview frame', () => {
  // The frame's parent: a real window (an iframe's) standing in for the step editor's page.
  let parent: Window;
  let stranger: Window;
  let told: unknown[];
  const original = Object.getOwnPropertyDescriptor(window, 'parent')!;
  beforeEach(() => {
    const frames = [document.createElement('iframe'), document.createElement('iframe')];
    document.body.append(...frames);
    [parent, stranger] = frames.map((frame) => frame.contentWindow!) as [Window, Window];
    told = [];
    parent.addEventListener('message', (event) => told.push(event.data));
    Object.defineProperty(window, 'parent', { value: parent, configurable: true });
    window.history.replaceState(null, '', '/studio/preview?lng=sw');
  });
  afterEach(() => {
    Object.defineProperty(window, 'parent', original);
    document.querySelectorAll('iframe').forEach((frame) => frame.remove());
    window.history.replaceState(null, '', '/');
  });

  const post = (data: unknown, origin: string, source: Window) =>
    act(() => window.dispatchEvent(new MessageEvent('message', { data, origin, source })));

  it('says it is ready, renders the posted step in Swahili with its sample answers, and tells what it rendered', async () => {
    render(<PreviewPage />);
    await waitFor(() => expect(told).toContainEqual({ channel: PREVIEW_CHANNEL, ready: 'sw' }));
    await post(stepMessage(12), window.location.origin, parent);

    expect(await screen.findByRole('heading', { name: 'Kiwanja' })).toBeInTheDocument();
    expect(screen.getByText('Tueleze kuhusu kiwanja.')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /Namba ya hati ya kiwanja/ })).toHaveValue('Jibu la mfano');
    expect(screen.getByRole('spinbutton', { name: /Eneo la kiwanja/ })).toHaveValue(50);
    // "Show only when": the sample answers "yes" to the fence, so the question that depends on it shows.
    expect(screen.getByRole('textbox', { name: /Uzio umejengwa kwa nini\?/ })).toBeInTheDocument();
    const use = screen.getByRole('combobox', { name: /Matumizi/ });
    expect(within(use).getByRole('option', { name: 'Makaazi' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: sw.save_and_continue })).toBeInTheDocument();
    await waitFor(() => expect(told).toContainEqual({ channel: PREVIEW_CHANNEL, rendered: 12, language: 'sw' }));
  });

  it('names a reference list’s items as the wizard does, from the real lists, in the frame’s language', async () => {
    const rooms = mockSplash().rooms;
    render(<PreviewPage />);
    await waitFor(() => expect(told).toHaveLength(1));
    const message = stepMessage(12);
    const withRoom = {
      ...message,
      schema: {
        ...schema,
        properties: {
          ...schema.properties,
          room: { type: 'integer', title: 'plot.room.title', 'x-reference': 'rooms' },
        },
      },
      uiSchema: { 'ui:order': ['deed', 'area', 'fenced', 'fence_material', 'use', 'room'] },
      texts: { plot: { ...swTexts.plot, room: { title: 'Chumba' } } },
    };
    await post(withRoom, window.location.origin, parent);
    const room = await screen.findByRole('combobox', { name: /^Chumba/ });
    await waitFor(() => expect(within(room).getByRole('option', { name: rooms[0]!.name.sw })).toBeInTheDocument());
    expect(
      within(room)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(expect.arrayContaining(rooms.map((r) => r.name.sw)));
    expect(within(room).queryByRole('option', { name: /Kipengele/ })).not.toBeInTheDocument();
  });

  it('shows edits not saved yet, but reports no revision for them', async () => {
    render(<PreviewPage />);
    await waitFor(() => expect(told).toHaveLength(1));
    await post(stepMessage(null), window.location.origin, parent);
    expect(await screen.findByRole('heading', { name: 'Kiwanja' })).toBeInTheDocument();
    expect(told.filter((message) => (message as { rendered?: unknown }).rendered !== undefined)).toEqual([]);
  });

  it('ignores a step posted from another origin, or by a window that is not its parent', async () => {
    render(<PreviewPage />);
    await waitFor(() => expect(told).toHaveLength(1));
    // An attacker's page framing the preview, or a window of the same origin other than the editor.
    await post(stepMessage(13), 'https://evil.example', parent);
    await post(stepMessage(14), window.location.origin, stranger);
    await post({ ...stepMessage(15), channel: 'other' }, window.location.origin, parent);
    expect(screen.getByRole('status')).toHaveTextContent(/./);
    expect(screen.queryByRole('heading', { name: 'Kiwanja' })).not.toBeInTheDocument();
    expect(told).toEqual([{ channel: PREVIEW_CHANNEL, ready: 'sw' }]);

    // The editor's own message, after them, is shown: the frame was listening all along.
    await post(stepMessage(16), window.location.origin, parent);
    expect(await screen.findByRole('heading', { name: 'Kiwanja' })).toBeInTheDocument();
  });
});
