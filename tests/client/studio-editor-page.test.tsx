import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { StepEditorPage } from '../../src/client/studio/editor/StepEditorPage';
import { previewedRevision } from '../../src/client/studio/preview-checked';
import { PREVIEW_CHANNEL, type PreviewStepMessage } from '../../src/client/studio/preview/preview-message';
import {
  getDraft,
  saveQuestion,
  type SaveQuestionRequest,
  type StudioDraftAnswer,
  type StudioProblem,
} from '../../src/shared/api/studio';
import { readStep } from '../../src/shared/studio/step-view';
import { realSet } from '../shared/studio-set';
import { server } from './msw-server';
import { draftAnswer, recordCall, renderStudio, wireDraft } from './studio-editor-render';
import { answerFor, mockCall } from '../../src/client/mocks/mock-call';
import { renderStudio as renderStudioApp } from './studio-render';

// The studio's page of one step, on the real forms (schemas/): its questions with the checker's
// problems next to each, adding, moving and removing a question, and the live preview's two frames.

const set = realSet();
const view = readStep(set, 'building');
const revisions = Object.fromEntries([
  ['step:building', 38],
  ...view.questions.map((q, i) => [`question:building.${q.name}`, 30 + i] as const),
]);

const problems: StudioProblem[] = [
  {
    file: 'texts/sw.json',
    message: 'The Swahili text of "building.rain_drainage_plan.title" is missing.',
    severity: 'error',
    step: 'building',
    field: 'rain_drainage_plan',
  },
  {
    file: 'steps/building.schema.json',
    message: 'The step has more than 10 questions on a phone.',
    severity: 'warning',
    step: 'building',
  },
  { file: 'steps/personal.schema.json', message: 'A problem of another step.', severity: 'error', step: 'personal' },
];

function renderPage(answer: StudioDraftAnswer = draftAnswer(set, 40, revisions, problems)) {
  server.use(mockCall(getDraft, () => answerFor(getDraft, wireDraft(answer))));
  const saves = recordCall<SaveQuestionRequest>(saveQuestion, () =>
    answerFor(saveQuestion, wireDraft(draftAnswer(set, 41, { ...revisions, 'step:building': 41 }, problems))),
  );
  server.use(saves.handler);
  const rendered = renderStudio(<StepEditorPage />, { path: '/studio/step/building', route: '/studio/step/:step' });
  return { ...rendered, saves: saves.bodies };
}

const question = (title: RegExp) => screen.getByRole('region', { name: title });

describe('the step editor page', () => {
  it("shows the step's texts and questions in order, each question's problems next to it, and the step's own", async () => {
    renderPage();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Step: Water, drainage and power' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Step title in Swahili' })).toHaveValue(view.title.sw);

    const headings = screen.getAllByRole('heading', { level: 3, name: /^Question \d+:/ }).map((h) => h.textContent);
    expect(headings.slice(0, 2)).toEqual([
      'Question 1: Where will clean water come from?',
      expect.stringMatching(/^Question 2: /),
    ]);
    expect(headings).toHaveLength(view.questions.length);

    const drainage = question(/How will rainwater be drained\?/);
    expect(within(drainage).getByText(problems[0]!.message)).toBeInTheDocument();
    expect(within(drainage).getByText('To fix before publishing:')).toBeInTheDocument();
    const water = question(/Where will clean water come from\?/);
    expect(within(water).queryByText(problems[0]!.message)).not.toBeInTheDocument();
    // The step's own problem above its questions; another step's nowhere.
    expect(screen.getByText(problems[1]!.message)).toBeInTheDocument();
    expect(screen.queryByText(problems[2]!.message)).not.toBeInTheDocument();
  });

  // Scoped to the form: queries by role over the whole page are slow in jsdom.
  const addForm = () => within(screen.getByRole('form', { name: 'Add a question' }));

  it('adds a question at the end, its answer named from its English words', async () => {
    const { user, saves } = renderPage();
    await screen.findByRole('heading', { level: 1 });
    const form = addForm();
    await user.click(form.getByRole('textbox', { name: 'The question in English' }));
    await user.paste('Plot title deed number');
    expect(form.getByRole('textbox', { name: 'Answer saved as' })).toHaveValue('plot_title_deed_number');
    // Without its Swahili words nothing is sent: applicants read the question in both languages.
    await user.click(form.getByRole('button', { name: 'Add the question' }));
    const swahili = form.getByRole('textbox', { name: 'The question in Swahili' });
    expect(swahili).toBeInvalid();
    expect(saves).toEqual([]);
    await user.click(swahili);
    await user.paste('Namba ya hati miliki ya kiwanja');
    await user.selectOptions(form.getByRole('combobox', { name: 'Type of answer' }), 'Whole number');
    await user.click(form.getByRole('button', { name: 'Add the question' }));
    await waitFor(() => expect(saves).toHaveLength(1));
    expect(saves[0]).toEqual({
      step: 'building',
      name: 'plot_title_deed_number',
      base: 0,
      question: {
        name: 'plot_title_deed_number',
        type: 'whole_number',
        label: { en: 'Plot title deed number', sw: 'Namba ya hati miliki ya kiwanja' },
        help: { en: '', sw: '' },
        required: false,
      },
      // A new question: the server refuses it if the step meanwhile has a field of that name.
      create: true,
    });
  });

  it('refuses a new answer name the step already has, before anything is sent', async () => {
    const { user, saves } = renderPage();
    await screen.findByRole('heading', { level: 1 });
    const form = addForm();
    const name = form.getByRole('textbox', { name: 'Answer saved as' });
    await user.click(name);
    await user.paste('power_needed');
    await user.click(form.getByRole('button', { name: 'Add the question' }));
    expect(name).toHaveAccessibleDescription('This step already has an answer saved under this name: choose another.');
    expect(name).toBeInvalid();
    expect(saves).toEqual([]);
  });

  it('moves a question up in the step order, and removes one once confirmed', async () => {
    const { user, saves } = renderPage();
    await screen.findByRole('heading', { level: 1 });
    const second = view.questions[1]!;
    const first = view.questions[0]!;
    await user.click(screen.getByRole('button', { name: `Move question "${second.label.en}" up` }));
    await waitFor(() => expect(saves).toHaveLength(1));
    expect(saves[0]).toMatchObject({
      step: 'building',
      name: second.name,
      base: revisions[`question:building.${second.name}`],
      position: view.order.indexOf(first.name),
    });
    expect(saves[0]!.question).toMatchObject({ name: second.name, type: second.type });

    const last = view.questions.at(-1)!;
    await user.click(screen.getByRole('button', { name: `Remove question "${last.label.en}"` }));
    const confirm = screen.getByRole('group', { name: `Remove the question "${last.label.en}" from the draft?` });
    await user.click(within(confirm).getByRole('button', { name: 'Yes, remove it' }));
    await waitFor(() => expect(saves).toHaveLength(2));
    expect(saves[1]).toEqual({
      step: 'building',
      name: last.name,
      base: revisions[`question:building.${last.name}`],
      question: null,
    });
  });

  it('lists the fields the question editor cannot show as advanced, and edits the schemas as JSON', async () => {
    const { user } = renderPage(draftAnswer(set, 40, revisions, []));
    await screen.findByRole('heading', { level: 1 });
    await user.click(screen.getByRole('tab', { name: 'Advanced (JSON)' }));
    const schemaBox = screen.getByRole('textbox', { name: 'JSON Schema of the step' });
    expect(JSON.parse((schemaBox as HTMLTextAreaElement).value)).toEqual(set.steps.building!.schema);
    await user.click(schemaBox);
    await user.paste('}');
    expect(schemaBox).toHaveAccessibleDescription(/^This is not valid JSON: /);
    expect(screen.getByRole('button', { name: 'Save the schemas' })).toBeDisabled();
  });

  describe('the live preview', () => {
    function frames() {
      const en = screen.getByTitle<HTMLIFrameElement>('Preview of the step in English');
      const sw = screen.getByTitle<HTMLIFrameElement>('Preview of the step in Swahili');
      return { en, sw };
    }
    function heard(frame: HTMLIFrameElement) {
      const messages: PreviewStepMessage[] = [];
      frame.contentWindow!.addEventListener('message', (event) => messages.push(event.data as PreviewStepMessage));
      return messages;
    }
    const from = (frame: HTMLIFrameElement, data: unknown, origin = window.location.origin) =>
      act(() => window.dispatchEvent(new MessageEvent('message', { data, origin, source: frame.contentWindow })));

    it('sends each phone-sized frame the step in its language once it is ready, and follows the editor as it types', async () => {
      const { user } = renderPage();
      await screen.findByRole('heading', { level: 1 });
      const { en, sw } = frames();
      expect(en).toHaveAttribute('src', '/studio/preview?lng=en');
      expect(sw).toHaveAttribute('src', '/studio/preview?lng=sw');
      expect(en).toHaveAttribute('width', '360');
      const toSw = heard(sw);
      await from(sw, { channel: PREVIEW_CHANNEL, ready: 'sw' });
      await waitFor(() => expect(toSw).toHaveLength(1));
      expect(toSw[0]).toMatchObject({ channel: PREVIEW_CHANNEL, step: 'building', revision: 40, texts: set.texts.sw });
      expect(toSw[0]!.schema).toEqual(set.steps.building!.schema);
      expect(toSw[0]!.answers).toMatchObject({
        clean_water_source: 'public_supply',
        rain_drainage_plan: 'Jibu la mfano',
      });

      // An edit not saved yet shows at once, with no revision (it cannot count as previewed).
      const drainage = question(/How will rainwater be drained\?/);
      await user.click(
        within(drainage).getByRole('button', { name: 'Edit question "How will rainwater be drained?"' }),
      );
      await user.click(within(drainage).getByRole('textbox', { name: 'Question in Swahili' }));
      await user.paste(' (mfereji)');
      await waitFor(() => expect(toSw.at(-1)!.revision).toBeNull());
      expect(JSON.stringify(toSw.at(-1)!.texts)).toContain('(mfereji)');
    });

    it('counts a revision as previewed once both languages rendered it, and only from its own frames', async () => {
      renderPage();
      await screen.findByRole('heading', { level: 1 });
      const { en, sw } = frames();
      const stranger = document.createElement('iframe');
      document.body.append(stranger);
      await from(en, { channel: PREVIEW_CHANNEL, rendered: 40, language: 'en' });
      expect(previewedRevision()).toBeNull();
      // Another window, or another origin, cannot say the Swahili was seen.
      await from(stranger, { channel: PREVIEW_CHANNEL, rendered: 40, language: 'sw' });
      await from(sw, { channel: PREVIEW_CHANNEL, rendered: 40, language: 'sw' }, 'https://evil.example');
      expect(previewedRevision()).toBeNull();
      await from(sw, { channel: PREVIEW_CHANNEL, rendered: 40, language: 'sw' });
      expect(previewedRevision()).toBe(40);
      stranger.remove();
    });
  });

  it('is in Swahili for a Swahili reader, labels of both languages included', async () => {
    server.use(mockCall(getDraft, () => answerFor(getDraft, wireDraft(draftAnswer(set, 40, revisions, [])))));
    const { user } = renderStudio(<StepEditorPage />, {
      path: '/studio/step/building',
      route: '/studio/step/:step',
      language: 'sw',
    });
    expect(await screen.findByRole('heading', { level: 1, name: `Hatua: ${view.title.sw}` })).toBeInTheDocument();
    const water = question(new RegExp(`Swali 1: ${view.questions[0]!.label.sw.replace('?', '\\?')}`));
    await user.click(within(water).getByRole('button', { name: `Hariri swali "${view.questions[0]!.label.sw}"` }));
    expect(within(water).getByRole('textbox', { name: 'Swali kwa Kiingereza' })).toHaveValue(
      view.questions[0]!.label.en,
    );
    expect(within(water).getByRole('textbox', { name: 'Swali kwa Kiswahili' })).toHaveValue(
      view.questions[0]!.label.sw,
    );
    expect(within(water).getByRole('combobox', { name: 'Aina ya jibu' })).toHaveDisplayValue(
      'Chaguo kutoka kwenye orodha',
    );
  });

  it("opens from the studio's route for a signed-in editor (its own lazy file)", async () => {
    renderStudioApp('/studio/step/building', {
      role: 'policy_editor',
      setup: (backend) => (backend.draft = draftAnswer(set, 40, revisions, [])),
    });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Step: Water, drainage and power' }),
    ).toBeInTheDocument();
    expect(screen.getByTitle('Preview of the step in Swahili')).toBeInTheDocument();
  });
});
