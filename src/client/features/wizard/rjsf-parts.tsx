import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { Templates as MuiTemplates, Widgets as MuiWidgets } from '@rjsf/mui';
import { ZanidWidget } from './ZanidWidget';
import {
  getUiOptions,
  TranslatableString,
  type ArrayFieldItemTemplateProps,
  type RegistryFieldsType,
  type RegistryWidgetsType,
  type TemplatesType,
  type TitleFieldProps,
  type WidgetProps,
} from '@rjsf/utils';

/**
 * Titles of groups and tables inside a step as h3 (the page has h1, the step h2): MUI's template
 * renders h5 whatever the level, which breaks the heading outline screen-reader users move by.
 */
function TitleField({ id, title }: TitleFieldProps) {
  return (
    <Typography id={id} component="h3" variant="h6" sx={{ mt: 1, mb: 1 }}>
      {title}
    </Typography>
  );
}

const MuiArrayItem = MuiTemplates.ArrayFieldItemTemplate!;

/** A table row, numbered ("Row 2") and grouped under its table's name for screen readers. */
function ArrayItem(props: ArrayFieldItemTemplateProps) {
  const table = getUiOptions(props.parentUiSchema).title;
  const row = `${props.registry.translateString(TranslatableString.ArrayItemTitle)} ${props.index + 1}`;
  return (
    <Box role="group" aria-label={table ? `${table}, ${row}` : row}>
      <Typography component="p" variant="subtitle2" sx={{ mb: 0.5 }}>
        {row}
      </Typography>
      <MuiArrayItem {...props} />
    </Box>
  );
}

export const templates: Partial<TemplatesType> = { TitleFieldTemplate: TitleField, ArrayFieldItemTemplate: ArrayItem };

/** A field shown elsewhere on the page (the uploads step's documents, with their uploads). */
function ShownElsewhere() {
  return null;
}

export const fields: RegistryFieldsType = { ShownElsewhere };

const MuiRadioWidget = MuiWidgets.RadioWidget!;

/**
 * A radio group named by its question. MUI's label points at the group's div with `for`, which names
 * only form controls, so the group had no name: a screen reader said "Yes, radio button" without the
 * question, and every yes/no pair of a step looked alike.
 */
function RadioWidget(props: WidgetProps) {
  const name = props.hideLabel ? undefined : props.label || undefined;
  const mui = { ...(props.options.mui as object | undefined), 'aria-label': name };
  return <MuiRadioWidget {...props} options={{ ...props.options, mui }} />;
}

/** The personal step's ZanID, with its Verify ID button; radio groups named by their question. */
export const widgets: RegistryWidgetsType = { ZanidWidget, RadioWidget };
