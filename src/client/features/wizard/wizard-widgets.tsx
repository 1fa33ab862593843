import type { Widget, WidgetProps } from '@rjsf/utils';
import type { WizardWidgetName } from '../../../shared/wizard-widgets';
import { widgets as plainWidgets } from '../../forms/rjsf-theme';
import { lazyPart } from '../../vendor/lazy-part';

/**
 * The personal step's ZanID with its Verify ID button, in a file of its own: it shows only once ZanID
 * is chosen, so the step first shows without it. Its code loads when a step draws it, or ahead once a
 * step next to it (or the step itself) shows (WizardFlow, preloadParts('zanid')).
 */
const ZanidWidget = lazyPart<WidgetProps>(
  () => import('./step-modules/applicant/ZanidWidget').then((m) => ({ default: m.ZanidWidget })),
  'zanid',
);

/**
 * Every widget the wizard registers, by the names of src/shared/wizard-widgets.ts (the forms checker
 * accepts exactly those): the plain ones, and those that need the wizard's page (its store, the server).
 */
export const widgets: Record<WizardWidgetName, Widget> = { ...plainWidgets, ZanidWidget };
