import { screen, waitFor } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { QuestionCard } from '../../src/client/studio/editor/QuestionCard';
import {
  saveQuestion,
  type AnswerType,
  type QuestionSpec,
  type SaveQuestionRequest,
} from '../../src/shared/api/studio';
import type { FormsSet } from '../../src/shared/forms';
import { server } from './msw-server';
import { draftAnswer, recordCall, renderStudio, wireDraft } from './studio-editor-render';
import { answerFor, refusalFor } from '../../src/client/mocks/mock-call';

// The question editor, as a policy officer uses it: each kind of answer with its own settings, saved as
// they type (save_question), with the question's revision they last saw.

const EMPTY_SET: FormsSet = { steps: {}, flows: {} as FormsSet['flows'], texts: { en: {}, sw: {} }, documents: [] };
const ITEM = (name: string) => `question:plot.${name}`;

function question(type: AnswerType): QuestionSpec {
  return {
    name: `plot_${type}`,
    type,
    label: { en: 'Plot', sw: 'Kiwanja' },
    help: { en: '', sw: '' },
    required: false,
    ...(type === 'reference_list' ? { reference_list: 'rooms' } : {}),
    ...(type === 'choice' ? { options: [] } : {}),
  };
}

function renderCard(spec: QuestionSpec, answerRevision = 9) {
  const calls = recordCall<SaveQuestionRequest>(saveQuestion, (body) =>
    answerFor(saveQuestion, wireDraft(draftAnswer(EMPTY_SET, answerRevision, { [ITEM(body.name)]: answerRevision }))),
  );
  server.use(calls.handler);
  const view = renderStudio(
    <QuestionCard
      step="plot"
      question={spec}
      revision={4}
      number={1}
      earlier={[]}
      problems={[]}
      onEdited={() => undefined}
      onStale={() => undefined}
    />,
  );
  return { ...view, bodies: calls.bodies };
}

/** Opens the question's editor (closed, a question is its summary). */
async function openEditor(user: UserEvent, title = 'Plot') {
  await user.click(screen.getByRole('button', { name: `Edit question "${title}"` }));
}

/** Typed as a paste (one change, as a fast typist's pause would make it): jsdom renders MUI slowly per key. */
async function write(user: UserEvent, element: HTMLElement, text: string) {
  await user.click(element);
  await user.paste(text);
}

const box = (name: string) => screen.getByRole('textbox', { name });
const number = (name: string) => screen.getByRole('spinbutton', { name });
const list = (name: string) => screen.getByRole('combobox', { name });

interface Case {
  type: AnswerType;
  edit: (user: UserEvent) => Promise<void>;
  /** What the question adds to its label and type once edited. */
  expected: Partial<QuestionSpec>;
}

const cases: Case[] = [
  {
    type: 'text',
    edit: async (user) => {
      await user.selectOptions(list('Format of the answer'), 'Digits only');
      await write(user, number('Most characters'), '20');
    },
    expected: {
      format: { pattern: '^[0-9]+$', description: { en: 'digits only, no spaces', sw: 'tarakimu tu, bila nafasi' } },
      max_length: 20,
    },
  },
  {
    type: 'long_text',
    edit: async (user) => {
      await write(user, number('Fewest characters'), '10');
    },
    expected: { min_length: 10 },
  },
  {
    type: 'number',
    edit: async (user) => {
      await write(user, number('Smallest number'), '0.5');
      await write(user, number('Largest number'), '250.75');
    },
    expected: { minimum: 0.5, maximum: 250.75 },
  },
  {
    type: 'whole_number',
    edit: async (user) => {
      await write(user, number('Largest number'), '12');
    },
    expected: { maximum: 12 },
  },
  {
    type: 'yes_no',
    edit: async (user) => {
      await user.click(screen.getByRole('checkbox', { name: 'Required: the applicant must answer' }));
    },
    expected: { required: true },
  },
  {
    type: 'choice',
    edit: async (user) => {
      await user.click(screen.getByRole('button', { name: 'Add an option' }));
      await write(user, box('Option 1 in English'), 'Well');
      await write(user, box('Option 1 in Swahili'), 'Kisima');
      await user.click(screen.getByRole('button', { name: 'Add an option' }));
      await write(user, box('Option 2 in English'), 'Rain water');
      await write(user, box('Option 2 in Swahili'), 'Maji ya mvua');
      await user.click(screen.getByRole('button', { name: 'Move option "Rain water" up' }));
    },
    expected: {
      options: [
        { value: 'rain_water', label: { en: 'Rain water', sw: 'Maji ya mvua' } },
        { value: 'well', label: { en: 'Well', sw: 'Kisima' } },
      ],
    },
  },
  {
    type: 'date',
    edit: async (user) => {
      await write(user, box('Help under the question in English'), 'As on the deed');
      await write(user, box('Help under the question in Swahili'), 'Kama ilivyo kwenye hati');
    },
    expected: { help: { en: 'As on the deed', sw: 'Kama ilivyo kwenye hati' } },
  },
  {
    type: 'reference_list',
    edit: async (user) => {
      await user.selectOptions(list('Reference list'), 'Roof materials');
    },
    expected: { reference_list: 'roof_tools' },
  },
];

describe('the question editor saves what a policy officer sets, for each type of answer', () => {
  it.each(cases)('$type', async ({ type, edit, expected }) => {
    const spec = question(type);
    const { user, bodies } = renderCard(spec);
    await openEditor(user);
    await write(user, box('Question in English'), ' title');
    await edit(user);
    // The type's own settings are those the case expects (a choice's options, a list's name).
    const common = { ...spec };
    delete common.options;
    delete common.reference_list;
    await waitFor(() =>
      expect(bodies.at(-1)).toEqual({
        step: 'plot',
        name: spec.name,
        // The first save names the revision the editor loaded; any later one, the revision its save answered.
        base: bodies.length === 1 ? 4 : 9,
        question: { ...common, label: { en: 'Plot title', sw: 'Kiwanja' }, ...expected },
      }),
    );
    expect(bodies[0]!.base).toBe(4);
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Saved'));
  });

  it('sends only the settings of the type chosen: a choice made a text keeps no options', async () => {
    const spec: QuestionSpec = {
      ...question('choice'),
      options: [
        { value: 'a', label: { en: 'A', sw: 'A' } },
        { value: 'b', label: { en: 'B', sw: 'B' } },
      ],
    };
    const { user, bodies } = renderCard(spec);
    await openEditor(user);
    await user.selectOptions(list('Type of answer'), 'Text (one line)');
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]!.question).toEqual({
      name: 'plot_choice',
      type: 'text',
      label: { en: 'Plot', sw: 'Kiwanja' },
      help: { en: '', sw: '' },
      required: false,
    });
  });

  it('says a text missing in one language at once, by the box it is missing from', async () => {
    const { user } = renderCard(question('text'));
    await openEditor(user);
    await user.clear(box('Question in Swahili'));
    expect(box('Question in Swahili')).toBeInvalid();
    expect(box('Question in English')).toBeValid();
  });
});

describe('the code an option is saved as', () => {
  it("follows a new option's English words as they are typed, key by key", async () => {
    const { user, bodies } = renderCard(question('choice'));
    await openEditor(user);
    await user.click(screen.getByRole('button', { name: 'Add an option' }));
    await user.type(box('Option 1 in English'), 'Rain water');
    expect(box('Option 1 saved as')).toHaveValue('rain_water');
    await waitFor(() =>
      expect(bodies.at(-1)?.question?.options).toEqual([{ value: 'rain_water', label: { en: 'Rain water', sw: '' } }]),
    );
  });

  it('never changes for an option the question was loaded with (saved answers use it)', async () => {
    const spec = { ...question('choice'), options: [{ value: 'well', label: { en: 'Well', sw: 'Kisima' } }] };
    const { user, bodies } = renderCard(spec);
    await openEditor(user);
    await write(user, box('Option 1 in English'), ' water');
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]!.question?.options).toEqual([{ value: 'well', label: { en: 'Well water', sw: 'Kisima' } }]);
  });
});

describe('a save the server refuses', () => {
  it("shows the server's message by the question, keeps the edit, and saves it once corrected", async () => {
    const calls = recordCall<SaveQuestionRequest>(saveQuestion, (_body, count) =>
      count === 1
        ? refusalFor(saveQuestion, 'studio.question_invalid', 'This question cannot be saved as it is.', {
            errors: [{ part: 'options', message: 'A choice needs at least 2 options.' }],
          })
        : answerFor(saveQuestion, wireDraft(draftAnswer(EMPTY_SET, 9, { [ITEM('plot_choice')]: 9 }))),
    );
    server.use(calls.handler);
    const { user } = renderStudio(
      <QuestionCard
        step="plot"
        question={question('choice')}
        revision={4}
        number={1}
        earlier={[]}
        problems={[]}
        onEdited={() => undefined}
        onStale={() => undefined}
      />,
    );
    await openEditor(user);
    await user.click(screen.getByRole('checkbox', { name: 'Required: the applicant must answer' }));
    // The general message and the server's words for the part: what to fix, not only that something is wrong.
    await waitFor(() =>
      expect(screen.getByRole('status')).toHaveTextContent(
        'This question cannot be saved as it is. A choice needs at least 2 options.',
      ),
    );
    expect(screen.getByRole('checkbox', { name: 'Required: the applicant must answer' })).toBeChecked();

    await user.click(screen.getByRole('button', { name: 'Add an option' }));
    await waitFor(() => expect(calls.bodies).toHaveLength(2));
    expect(calls.bodies[1]).toMatchObject({ base: 4, question: { required: true, options: [{ value: 'option_1' }] } });
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Saved'));
  });
});
