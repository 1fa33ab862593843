import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { markPreviewed } from '../../src/client/studio/preview-checked';
import { draftAnswer } from './studio-backend';
import { renderStudio } from './studio-render';

// The diff in words, its impact, and Publish: a summary, no errors, the draft previewed as it is now,
// and the revision the preview showed sent (a draft changed since: 409, said as such).

const publishSection = () =>
  screen.getByRole('heading', { level: 2, name: 'Publish' }).closest('section') as HTMLElement;

describe('diff & publish', () => {
  it('says the changes and their impact in English', async () => {
    renderStudio('/studio/diff', { role: 'policy_publisher' });
    expect(await screen.findByText("Construction: new required question 'Plot title deed number'")).toBeInTheDocument();
    expect(
      screen.getByText("Swahili text of 'Plot area' changed from 'Ukubwa wa kiwanja' to 'Eneo la kiwanja'"),
    ).toBeInTheDocument();
    expect(screen.getByText(/12 drafts are in flight \(saved, not submitted\)\./)).toHaveTextContent(
      '5 of them will be asked something new when they continue.',
    );
    expect(screen.getByText("'Plot title deed number': 5 drafts")).toBeInTheDocument();
  });

  it('says them in Swahili', async () => {
    renderStudio('/studio/diff', { role: 'policy_publisher', language: 'sw' });
    expect(
      await screen.findByText("Ujenzi: swali jipya la lazima 'Namba ya hati miliki ya kiwanja'"),
    ).toBeInTheDocument();
    expect(
      screen.getByText(
        "Maandishi ya Kiswahili ya 'Eneo la kiwanja' yamebadilishwa kutoka 'Ukubwa wa kiwanja' kuwa 'Eneo la kiwanja'",
      ),
    ).toBeInTheDocument();
    expect(screen.getByText(/Rasimu 12 zinaendelea/)).toHaveTextContent(
      '5 kati ya hizo zitaulizwa jambo jipya zitakapoendelea.',
    );
    expect(screen.getByRole('button', { name: 'Chapisha' })).toBeInTheDocument();
  });

  it('warns when a version was published after the draft began: publishing the draft would undo it', async () => {
    renderStudio('/studio/diff', {
      role: 'policy_publisher',
      setup: (b) => (b.draft = draftAnswer({ based_on: 2 })),
    });
    expect(
      await screen.findByText(/^This draft started from version 2, and version 3 has been published since\./),
    ).toHaveTextContent('publishing it would undo them');
  });

  it('says nothing of the kind when the draft began from the live version', async () => {
    renderStudio('/studio/diff', { role: 'policy_publisher' });
    await screen.findByText("Construction: new required question 'Plot title deed number'");
    expect(screen.queryByText(/has been published since/)).not.toBeInTheDocument();
  });

  it('refuses to publish without a summary or a preview, and sends nothing', async () => {
    const { backend, user } = renderStudio('/studio/diff', { role: 'policy_publisher' });
    await user.click(await screen.findByRole('button', { name: 'Publish' }));
    const box = within(publishSection()).getByRole('heading', { name: 'There is a problem' }).closest('[role="alert"]');
    expect(box).toHaveTextContent('Enter a summary of the change');
    expect(box).toHaveTextContent('Check the draft in the preview first');
    await waitFor(() => expect(box).toHaveFocus());
    expect(screen.getByLabelText(/^Summary of the change/)).toHaveAttribute('aria-invalid', 'true');
    expect(backend.bodies('publish')).toEqual([]);
  });

  it('refuses while the draft has errors, even previewed and summarised', async () => {
    markPreviewed(17);
    const { backend, user } = renderStudio('/studio/diff', {
      role: 'admin',
      setup: (b) =>
        (b.draft.problems = [
          { file: 'steps/construction.schema.json', message: 'No label', severity: 'error', step: 'construction' },
        ]),
    });
    await user.type(await screen.findByLabelText(/^Summary of the change/), 'Title deed');
    await user.click(screen.getByRole('button', { name: 'Publish' }));
    expect(await within(publishSection()).findByText(/Fix the draft's 1 error first/)).toBeInTheDocument();
    expect(backend.bodies('publish')).toEqual([]);
  });

  it('publishes the revision the preview showed, with the summary', async () => {
    const { backend, user } = renderStudio('/studio/diff', { role: 'policy_publisher' });
    await screen.findByText('The draft as it is now has not been checked in the preview.', { exact: false });
    // The preview frame reports the revision it rendered (the editor helper's page calls this).
    markPreviewed(17);
    await screen.findByText('You have checked revision 17 of the draft in the preview.');
    await user.type(screen.getByLabelText(/^Summary of the change/), 'Title deed');
    await user.click(screen.getByRole('button', { name: 'Publish' }));
    expect(await screen.findByText('Version 4 is published. Applicants are served it now.')).toBeInTheDocument();
    expect(backend.bodies('publish')).toEqual([{ revision: 17, summary: 'Title deed' }]);
  });

  it('says the draft changed since the preview when the server refuses the revision (409)', async () => {
    markPreviewed(17);
    const { backend, user } = renderStudio('/studio/diff', {
      role: 'policy_publisher',
      setup: (b) => (b.answer.publish = { code: 409, message: 'The draft changed.' }),
    });
    await user.type(await screen.findByLabelText(/^Summary of the change/), 'Title deed');
    await user.click(screen.getByRole('button', { name: 'Publish' }));
    expect(await within(publishSection()).findByRole('alert')).toHaveTextContent(
      'The draft changed since you checked it in the preview. Check it again, then publish.',
    );
    expect(backend.bodies('publish')).toEqual([{ revision: 17, summary: 'Title deed' }]);
  });

  it('a preview of an older revision does not count', async () => {
    markPreviewed(16);
    const { backend, user } = renderStudio('/studio/diff', { role: 'policy_publisher' });
    await user.type(await screen.findByLabelText(/^Summary of the change/), 'Title deed');
    await user.click(screen.getByRole('button', { name: 'Publish' }));
    expect(await within(publishSection()).findByText(/Check the draft in the preview first/)).toBeInTheDocument();
    expect(backend.bodies('publish')).toEqual([]);
  });
});
