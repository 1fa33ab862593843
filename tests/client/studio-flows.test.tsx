import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { saveFlows, type SaveFlowsRequest, type StudioConflict, type StudioProblem } from '../../src/shared/api/studio';
import type { FormsSet } from '../../src/shared/forms';
import { server } from './msw-server';
import { SET } from './studio-backend';
import { draftAnswer, recordCall, wireDraft } from './studio-editor-render';
import { answerFor, refusalFor } from '../../src/client/mocks/mock-call';
import { renderStudio } from './studio-render';

// The studio's page of the steps each application type asks: a step moved, removed and added, each
// change saved at once with the flows' revision (save_flows), the checker's problems next to their
// application type, and a change someone else saved meanwhile shown rather than overwritten.

/** The draft's set with a utilities step no flow asks yet. */
const FLOWS_SET: FormsSet = {
  ...SET,
  steps: {
    ...SET.steps,
    utilities: { schema: { type: 'object', title: 'utilities.title', properties: {} }, uiSchema: {} },
  },
  texts: {
    en: { ...SET.texts.en, utilities: { title: 'Water and power' } },
    sw: { ...SET.texts.sw, utilities: { title: 'Maji na umeme' } },
  },
};

/** save_flows as the server does it: the flows written, their revision raised to the draft's; or a test's own first answer. */
function saveFlowsServer(first?: () => Response) {
  let set = FLOWS_SET;
  let revision = 30;
  const calls = recordCall<SaveFlowsRequest>(saveFlows, (body, count) => {
    if (count === 1 && first) return first();
    revision += 1;
    set = { ...set, flows: body.flows as FormsSet['flows'] };
    return answerFor(saveFlows, wireDraft(draftAnswer(set, revision, { flows: revision })));
  });
  server.use(calls.handler);
  return calls.bodies;
}

function openPage(language: 'en' | 'sw' = 'en', problems: StudioProblem[] = []) {
  return renderStudio('/studio/flows', {
    role: 'policy_editor',
    language,
    setup: (b) => (b.draft = draftAnswer(FLOWS_SET, 30, { flows: 5 }, problems)),
  });
}

const stepNames = (region: HTMLElement) =>
  within(within(region).getByRole('list'))
    .getAllByRole('link')
    .map((link) => link.textContent);

describe('the steps of each application type', () => {
  it('moves, removes and adds steps, each change saved at once on the revision the one before answered', async () => {
    const bodies = saveFlowsServer();
    const { user } = openPage();
    const repair = await screen.findByRole('region', { name: 'Repair' });
    expect(stepNames(repair)).toEqual(['Step 1: Personal details', 'Step 2: Repairs']);
    // A type that asks nothing yet says so; it can be given steps.
    expect(
      within(screen.getByRole('region', { name: 'Special request' })).getByText(
        'This kind of application asks no steps yet.',
      ),
    ).toBeInTheDocument();

    await user.click(within(repair).getByRole('button', { name: 'Move "Repairs" up in Repair' }));
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toEqual({ base: 5, flows: { ...FLOWS_SET.flows, repair: ['repair', 'personal'] } });
    expect(stepNames(repair)).toEqual(['Step 1: Repairs', 'Step 2: Personal details']);
    // The first can go no higher, the last no lower.
    expect(within(repair).getByRole('button', { name: 'Move "Repairs" up in Repair' })).toBeDisabled();
    expect(within(repair).getByRole('button', { name: 'Move "Personal details" down in Repair' })).toBeDisabled();

    await user.selectOptions(within(repair).getByRole('combobox', { name: 'Step to add to Repair' }), 'utilities');
    await user.click(within(repair).getByRole('button', { name: 'Add the step to Repair' }));
    await waitFor(() => expect(bodies).toHaveLength(2));
    expect(bodies[1]).toEqual({ base: 31, flows: { ...FLOWS_SET.flows, repair: ['repair', 'personal', 'utilities'] } });

    await user.click(within(repair).getByRole('button', { name: 'Remove "Personal details" from Repair' }));
    await waitFor(() => expect(bodies).toHaveLength(3));
    expect(bodies[2]).toEqual({ base: 32, flows: { ...FLOWS_SET.flows, repair: ['repair', 'utilities'] } });
    expect(stepNames(repair)).toEqual(['Step 1: Repairs', 'Step 2: Water and power']);
    // What it removed can be added back; the other types are untouched.
    expect(
      within(within(repair).getByRole('combobox', { name: 'Step to add to Repair' }))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Personal details', 'Construction']);
    expect(stepNames(screen.getByRole('region', { name: 'New building' }))).toEqual([
      'Step 1: Personal details',
      'Step 2: Construction',
    ]);
    await waitFor(() => expect(screen.getAllByRole('status').some((s) => s.textContent === 'Saved')).toBe(true));
  });

  it('speaks Swahili, with the step names the applicant reads', async () => {
    saveFlowsServer();
    const { user } = openPage('sw');
    const repair = await screen.findByRole('region', { name: 'Matengenezo' });
    expect(stepNames(repair)).toEqual(['Hatua ya 1: Taarifa binafsi', 'Hatua ya 2: Matengenezo']);
    expect(
      within(repair).getByRole('button', { name: 'Sogeza "Taarifa binafsi" chini katika Matengenezo' }),
    ).toBeEnabled();
    expect(screen.getByRole('heading', { level: 1, name: 'Hatua kwa aina ya maombi' })).toBeInTheDocument();
    await user.click(within(repair).getByRole('link', { name: 'Hatua ya 2: Matengenezo' }));
    // Each step is a link to its editor.
    expect(await screen.findByRole('heading', { level: 1, name: 'Hatua: Matengenezo' })).toBeInTheDocument();
  });

  it('shows each problem next to its application type', async () => {
    const twice: StudioProblem = {
      file: 'flows.json',
      path: ['repair', 1],
      message: '"repair" names the step "personal" twice.',
      severity: 'error',
    };
    const whole: StudioProblem = {
      file: 'flows.json',
      path: [],
      message: 'flows.json must map each application type to its list of steps.',
      severity: 'error',
    };
    const { user } = openPage('en', [twice, whole]);
    const repair = await screen.findByRole('region', { name: 'Repair' });
    expect(within(repair).getByRole('list', { name: 'Problems found by the checks' })).toHaveTextContent(
      `To fix before publishing: ${twice.message}`,
    );
    const lists = screen.getAllByRole('list', { name: 'Problems found by the checks' });
    expect(lists).toHaveLength(2);
    expect(lists[0]).toHaveTextContent(whole.message);

    // From the overview, the page is one link away.
    await user.click(screen.getByRole('link', { name: 'Overview' }));
    await user.click(await screen.findByRole('link', { name: 'Change the steps of an application type' }));
    expect(await screen.findByRole('region', { name: 'Repair' })).toBeInTheDocument();
  });

  it("shows someone else's change rather than overwrite it, and saves on top of it when asked", async () => {
    const conflict: StudioConflict = { item: 'flows', revision: 9, by: 'Juma Policy', at: null };
    const bodies = saveFlowsServer(() =>
      refusalFor(saveFlows, 'studio.conflict', 'Someone else changed this meanwhile.', conflict),
    );
    const { user, backend } = openPage();
    const repair = await screen.findByRole('region', { name: 'Repair' });
    await user.click(within(repair).getByRole('button', { name: 'Remove "Repairs" from Repair' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Juma Policy changed this while you were editing it (their version: revision 9).');
    // Nothing of mine is lost while I choose.
    expect(stepNames(repair)).toEqual(['Step 1: Personal details']);
    await waitFor(() => expect(backend.bodies('get_draft').length).toBeGreaterThanOrEqual(2));

    await user.click(within(alert).getByRole('button', { name: 'Keep mine (save on top)' }));
    await waitFor(() => expect(bodies).toHaveLength(2));
    expect(bodies[1]).toEqual({ base: 9, flows: { ...FLOWS_SET.flows, repair: ['personal'] } });
    await waitFor(() => expect(screen.queryByRole('alert')).not.toBeInTheDocument());
  });
});
