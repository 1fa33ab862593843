import { createContext, useContext } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { Templates as MuiTemplates, Widgets as MuiWidgets } from '@rjsf/mui';
import { ZanidWidget } from './ZanidWidget';
import {
  getUiOptions,
  TranslatableString,
  type ArrayFieldItemTemplateProps,
  type DescriptionFieldProps,
  type IconButtonProps,
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

/**
 * A field's description as text: MUI's template uses the subtitle2 variant, which is an h6, so every
 * hint became a heading of the step and a screen reader's list of headings filled with sentences.
 */
function DescriptionField({ id, description }: DescriptionFieldProps) {
  if (!description) return null;
  return (
    <Typography id={id} component="div" variant="subtitle2" sx={{ mt: 0.625 }}>
      {description}
    </Typography>
  );
}

const MuiAddButton = MuiTemplates.ButtonTemplates!.AddButton!;

/** The name of the table row around (for a table inside a row). */
const RowName = createContext<string | undefined>(undefined);

/**
 * "Add a row: Foundation": a step with several tables has several of these, each named for its table,
 * and for the row it is in when the table is inside a row ("… (Floor areas, Row 2)").
 */
function AddButton(props: IconButtonProps) {
  const table = getUiOptions(props.uiSchema).title;
  const add = props.registry.translateString(TranslatableString.AddItemButton);
  const outer = useContext(RowName);
  const name = table ? `${add}: ${table}` : add;
  return <MuiAddButton {...props} title={outer ? `${name} (${outer})` : name} />;
}

const MuiArrayItem = MuiTemplates.ArrayFieldItemTemplate!;

/**
 * The buttons of a table row, each named for its row too: "Remove: Foundation, Row 2", and in a table
 * inside a row, with that row after it: "Remove: Rooms and other areas, Row 1 (Floor areas, Row 2)".
 */
const ROW_BUTTONS = new Set<string>([
  TranslatableString.RemoveButton,
  TranslatableString.MoveUpButton,
  TranslatableString.MoveDownButton,
  TranslatableString.CopyButton,
]);

/**
 * A table row, numbered ("Row 2") and grouped under its table's name for screen readers. Its buttons
 * say which row they act on: otherwise every row's Remove, Move up and Move down had the same name.
 */
function ArrayItem(props: ArrayFieldItemTemplateProps) {
  const table = getUiOptions(props.parentUiSchema).title;
  const row = `${props.registry.translateString(TranslatableString.ArrayItemTitle)} ${props.index + 1}`;
  const name = table ? `${table}, ${row}` : row;
  const outer = useContext(RowName);
  const fullName = outer ? `${name} (${outer})` : name;
  const { registry } = props.buttonsProps;
  const buttonsProps = {
    ...props.buttonsProps,
    registry: {
      ...registry,
      translateString: (text: TranslatableString, params?: string[]) =>
        ROW_BUTTONS.has(text)
          ? `${registry.translateString(text, params)}: ${fullName}`
          : registry.translateString(text, params),
    },
  };
  return (
    <Box role="group" aria-label={name}>
      <Typography component="p" variant="subtitle2" sx={{ mb: 0.5 }}>
        {row}
      </Typography>
      <RowName.Provider value={fullName}>
        <MuiArrayItem {...props} buttonsProps={buttonsProps} />
      </RowName.Provider>
    </Box>
  );
}

export const templates: Partial<TemplatesType> = {
  TitleFieldTemplate: TitleField,
  DescriptionFieldTemplate: DescriptionField,
  ArrayFieldItemTemplate: ArrayItem,
  ButtonTemplates: { AddButton } as TemplatesType['ButtonTemplates'],
};

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
