import type { Widget } from '@rjsf/utils';
import type { WizardWidgetName } from '../../../shared/wizard-widgets';
import { widgets as plainWidgets } from '../../forms/rjsf-theme';
import { ZanidWidget } from './ZanidWidget';

/**
 * Every widget the wizard registers, by the names of src/shared/wizard-widgets.ts (the forms checker
 * accepts exactly those): the plain ones, and those that need the wizard's page (its store, the server).
 * The personal step's ZanID comes with its Verify ID button.
 */
export const widgets: Record<WizardWidgetName, Widget> = { ...plainWidgets, ZanidWidget };
