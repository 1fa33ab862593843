import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { QuestionCard } from '../../src/client/studio/editor/QuestionCard';
import {
  saveQuestion,
  type QuestionSpec,
  type SaveQuestionRequest,
  type StudioConflict,
} from '../../src/shared/api/studio';
import type { FormsSet } from '../../src/shared/forms';
import { server } from './msw-server';
import { draftAnswer, recordCall, renderStudio, wireDraft } from './studio-editor-render';
import { answerFor, refusalFor } from '../../src/client/mocks/mock-call';

// Two editors change the same question: the second save is refused (409 studio_conflict) and the
// editor sees who changed it and their version, then chooses; nothing is overwritten without that choice.

const EMPTY_SET: FormsSet = { steps: {}, flows: {} as FormsSet['flows'], texts: { en: {}, sw: {} }, documents: [] };
const ITEM = 'question:plot.deed_number';

const mine: QuestionSpec = {
  name: 'deed_number',
  type: 'text',
  label: { en: 'Deed number', sw: 'Namba ya hati' },
  help: { en: '', sw: '' },
  required: true,
};
const theirs: QuestionSpec = { ...mine, label: { en: 'Title deed number', sw: 'Namba ya hati miliki' } };

function conflictOnce(question: QuestionSpec | null) {
  const conflict: StudioConflict = {
    item: ITEM,
    revision: 7,
    by: 'Asha Mohamed',
    at: '2026-11-26T10:15:00.000Z',
    question,
  };
  const calls = recordCall<SaveQuestionRequest>(saveQuestion, (_body, count) =>
    count === 1
      ? refusalFor(saveQuestion, 'studio.conflict', 'Someone else changed this meanwhile.', conflict)
      : answerFor(saveQuestion, wireDraft(draftAnswer(EMPTY_SET, 8, { [ITEM]: 8 }))),
  );
  server.use(calls.handler);
  const onStale = vi.fn();
  const view = renderStudio(
    <QuestionCard
      step="plot"
      question={mine}
      revision={5}
      number={1}
      earlier={[]}
      problems={[]}
      onEdited={() => undefined}
      onStale={onStale}
    />,
  );
  return { ...view, bodies: calls.bodies, onStale };
}

const english = () => screen.getByRole('textbox', { name: 'Question in English' });

async function editAndMeetTheConflict(user: ReturnType<typeof renderStudio>['user']) {
  await user.click(screen.getByRole('button', { name: 'Edit question "Deed number"' }));
  await user.click(english());
  await user.paste(' (as printed)');
  const alert = await screen.findByRole('alert');
  expect(screen.getByRole('status')).toHaveTextContent('Not saved: someone else changed this meanwhile.');
  return alert;
}

describe('a conflict on a question', () => {
  it('is shown with who changed it and their version; "Keep mine" saves on top of it', async () => {
    const { user, bodies, onStale } = conflictOnce(theirs);
    const alert = await editAndMeetTheConflict(user);
    expect(alert).toHaveTextContent('Asha Mohamed changed this while you were editing it (their version: revision 7).');
    expect(bodies).toEqual([expect.objectContaining({ base: 5 })]);
    // The page reads the draft again, so that the rest of it is current too.
    expect(onStale).toHaveBeenCalled();

    await user.click(within(alert).getByRole('button', { name: 'Keep mine (save on top)' }));
    await waitFor(() => expect(bodies).toHaveLength(2));
    expect(bodies[1]).toEqual({
      step: 'plot',
      name: 'deed_number',
      base: 7,
      question: { ...mine, label: { en: 'Deed number (as printed)', sw: 'Namba ya hati' } },
    });
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Saved'));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('"Use theirs" shows their version and saves nothing of mine', async () => {
    const { user, bodies } = conflictOnce(theirs);
    const alert = await editAndMeetTheConflict(user);
    await user.click(within(alert).getByRole('button', { name: 'Use theirs' }));
    expect(english()).toHaveValue('Title deed number');
    expect(screen.getByRole('textbox', { name: 'Question in Swahili' })).toHaveValue('Namba ya hati miliki');
    expect(screen.getByRole('status')).toHaveTextContent('Saved');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();

    // An edit after it is saved on their version.
    await user.click(english());
    await user.paste('!');
    await waitFor(() => expect(bodies).toHaveLength(2));
    expect(bodies[1]).toMatchObject({ base: 7, question: { label: { en: 'Title deed number!' } } });
  });

  it('says so when the other editor removed the question', async () => {
    const { user } = conflictOnce(null);
    const alert = await editAndMeetTheConflict(user);
    expect(alert).toHaveTextContent('Asha Mohamed removed this question while you were editing it (revision 7).');
  });

  it('is said in Swahili to a Swahili reader', async () => {
    const calls = recordCall<SaveQuestionRequest>(saveQuestion, () =>
      refusalFor(saveQuestion, 'studio.conflict', 'Mtu mwingine amebadilisha.', {
        item: ITEM,
        revision: 7,
        by: 'Asha Mohamed',
        at: null,
        question: theirs,
      } satisfies StudioConflict),
    );
    server.use(calls.handler);
    const { user } = renderStudio(
      <QuestionCard
        step="plot"
        question={mine}
        revision={5}
        number={1}
        earlier={[]}
        problems={[]}
        onEdited={() => undefined}
        onStale={() => undefined}
      />,
      { language: 'sw' },
    );
    await user.click(screen.getByRole('button', { name: 'Hariri swali "Namba ya hati"' }));
    await user.click(screen.getByRole('textbox', { name: 'Swali kwa Kiingereza' }));
    await user.paste('!');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(
      'Asha Mohamed amebadilisha hiki ulipokuwa ukikihariri (toleo lake: uhifadhi namba 7).',
    );
    expect(within(alert).getByRole('button', { name: 'Tumia lake' })).toBeInTheDocument();
    expect(within(alert).getByRole('button', { name: 'Baki na langu (hifadhi juu yake)' })).toBeInTheDocument();
  });
});
