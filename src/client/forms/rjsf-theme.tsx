import { createContext, isValidElement, useContext, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import AddIcon from '@mui/icons-material/Add';
import Typography from '@mui/material/Typography';
import { PlainInput } from './PlainInput';
import { PlainRadio } from './PlainRadio';
import { PlainSelect } from './PlainSelect';
import { ROW_STRINGS } from './row-strings';
import { capitalized, inRow, rowWords, type RowStrings } from './row-words';
import { fillText, rowNamesOf } from '../../shared/row-names';
import { isJsonObject } from '../../shared/schema-walk';
import {
  buttonId,
  canExpand,
  descriptionId,
  errorId,
  getTemplate,
  getUiOptions,
  titleId,
  TranslatableString,
  type ArrayFieldItemTemplateProps,
  type ObjectFieldTemplateProps,
  type DescriptionFieldProps,
  type FieldErrorProps,
  type IconButtonProps,
  type Field,
  type TemplatesType,
  type TitleFieldProps,
  type Widget,
  type WidgetProps,
} from '@rjsf/utils';
import {
  PAGE_WIDGETS,
  type PlainWidgetName,
  type WizardFieldName,
  type WizardWidgetName,
} from '../../shared/wizard-widgets';

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

/**
 * A field's errors under it, one a line, in MUI's error text as @rjsf/mui's template draws them, in a
 * plain list (step-form.css) rather than MUI's List and ListItem (~2 KiB of gzip on the first step).
 */
function FieldErrors({ errors = [], fieldPathId }: FieldErrorProps) {
  if (errors.length === 0) return null;
  const id = errorId(fieldPathId);
  return (
    <ul id={id} className="k-field-errors">
      {errors.map((error, i) => (
        <li key={i}>
          <FormHelperText component="div" id={`${id}-${i}`}>
            {error}
          </FormHelperText>
        </li>
      ))}
    </ul>
  );
}

/** The table row around (for a table inside a row), in words: "floor 2", "ground floor". */
const RowName = createContext<string | undefined>(undefined);

/**
 * "Add an entry to Foundation": a step with several tables has several of these, each named for its table,
 * and for the row it is in when the table is inside a row ("Add an entry to Rooms and other areas in floor
 * 2"), or in the table's own words when its UI schema names them (`rowNames`, src/shared/row-names.ts:
 * "Add a room or area to ground floor"). The words show beside the + (the icon alone said nothing of what it adds).
 */
function AddButton(props: IconButtonProps) {
  const options = getUiOptions(props.uiSchema);
  const table = options.title;
  const outer = useContext(RowName);
  const { translateString } = props.registry;
  const where = table && outer ? translateString(ROW_STRINGS.in, [table, outer]) : table;
  const own = rowNamesOf({ 'ui:options': options })?.add;
  const name =
    (own && fillText(own, { parent: outer })) ??
    (where ? translateString(ROW_STRINGS.add, [where]) : translateString(TranslatableString.AddItemButton));
  return (
    <Button
      id={props.id}
      className={props.className}
      onClick={props.onClick}
      disabled={props.disabled}
      variant="outlined"
      startIcon={<AddIcon />}
      sx={{ textAlign: 'start' }}
    >
      {name}
    </Button>
  );
}

/**
 * The fields of an object (a step, a table row) one under the other, as @rjsf/mui's template lays
 * them out, in plain elements (step-form.css) rather than a MUI Grid around each field: the largest step
 * has ~30 of them, each restyled by emotion on every key typed.
 */
function ObjectFields(props: ObjectFieldTemplateProps) {
  const { title, description, properties, required, disabled, readonly, uiSchema, fieldPathId, schema, registry } =
    props;
  const uiOptions = getUiOptions(uiSchema);
  const Title = getTemplate('TitleFieldTemplate', registry, uiOptions);
  const Description = getTemplate('DescriptionFieldTemplate', registry, uiOptions);
  const AddObjectButton = registry.templates.ButtonTemplates.AddButton;
  const inTitle = !readonly && !disabled;
  return (
    <>
      {title && (
        // eslint-disable-next-line react-hooks/static-components -- looked up in the registry, not made here
        <Title
          id={titleId(fieldPathId)}
          title={title}
          required={required}
          schema={schema}
          uiSchema={uiSchema}
          registry={registry}
          optionalDataControl={inTitle ? props.optionalDataControl : undefined}
        />
      )}
      {description && (
        // eslint-disable-next-line react-hooks/static-components -- looked up in the registry, not made here
        <Description
          id={descriptionId(fieldPathId)}
          description={description}
          schema={schema}
          uiSchema={uiSchema}
          registry={registry}
        />
      )}
      <div className="k-fields">
        {!inTitle && props.optionalDataControl}
        {properties.map((property) =>
          property.hidden ? (
            property.content
          ) : (
            <div key={property.name} className="k-fields__field">
              {property.content}
            </div>
          ),
        )}
      </div>
      {canExpand(schema, uiSchema, props.formData) && (
        <div className="k-fields__add">
          <AddObjectButton
            id={buttonId(fieldPathId, 'add')}
            className="rjsf-object-property-expand"
            onClick={props.onAddProperty}
            disabled={disabled || readonly}
            uiSchema={uiSchema}
            registry={registry}
          />
        </div>
      )}
    </>
  );
}

/**
 * The buttons of a table row, each saying which row it acts on: "Remove foundation material 2", and in a
 * table inside a row, with that row: "Remove room or area 1 in floor 2".
 */
const ROW_BUTTONS = new Map<string, TranslatableString>([
  [TranslatableString.RemoveButton, ROW_STRINGS.remove],
  [TranslatableString.MoveUpButton, ROW_STRINGS.moveUp],
  [TranslatableString.MoveDownButton, ROW_STRINGS.moveDown],
  [TranslatableString.CopyButton, ROW_STRINGS.copy],
]);

/**
 * A table row's fields on a card, its buttons beside it, as @rjsf/mui's template lays them out, in plain
 * elements (step-form.css) rather than MUI's Grid, Box and Paper.
 */
function RowLayout(props: ArrayFieldItemTemplateProps) {
  const { children, buttonsProps, hasToolbar, uiSchema, registry } = props;
  const Buttons = getTemplate('ArrayFieldItemButtonsTemplate', registry, getUiOptions(uiSchema));
  return (
    <div className="k-row">
      <div className="k-row__card">{children}</div>
      {hasToolbar && (
        <div className={props.hasDescription ? 'k-row__buttons k-row__buttons--below' : 'k-row__buttons'}>
          {/* eslint-disable-next-line react-hooks/static-components -- looked up in the registry, not made here */}
          <Buttons {...buttonsProps} style={ROW_BUTTON_STYLE} />
        </div>
      )}
    </div>
  );
}

/** A row's answers: its fields' values, which its words may name ("floor {{floor}}"). */
function rowData(children: ReactNode): Record<string, unknown> {
  const data = isValidElement<{ formData?: unknown }>(children) ? children.props.formData : undefined;
  return isJsonObject(data) ? data : {};
}

/** @rjsf/mui's style of a row's buttons. */
const ROW_BUTTON_STYLE = { flex: 1, paddingLeft: 6, paddingRight: 6, fontWeight: 'bold', minWidth: 0 };

/**
 * A table row, titled in words and grouped under that name for screen readers: in the table's own words
 * when its UI schema names its rows (`rowNames`), from the row's own answers: "Floor 2", "Ground floor"
 * (never "floor 0"), "Room or area 1"; else "Entry 2 of Floors". Its buttons say which row they act on,
 * within the row its table is in: "Remove floor 2", "Remove room or area 1 in ground floor" (otherwise
 * every row's Remove, Move up and Move down had the same name).
 */
function ArrayItem(props: ArrayFieldItemTemplateProps) {
  const { registry } = props.buttonsProps;
  const strings = registry.translateString as RowStrings;
  const outer = useContext(RowName);
  const inTable = rowWords(props.parentUiSchema, props.index, rowData(props.children), strings);
  const words = inRow(inTable, outer, strings);
  const name = capitalized(inTable);
  const buttonsProps = {
    ...props.buttonsProps,
    registry: {
      ...registry,
      translateString: (text: TranslatableString, params?: string[]) => {
        const named = ROW_BUTTONS.get(text);
        return named ? registry.translateString(named, [words]) : registry.translateString(text, params);
      },
    },
  };
  return (
    <Box role="group" aria-label={name}>
      <Typography component="p" variant="subtitle2" sx={{ mb: 0.5 }}>
        {name}
      </Typography>
      <RowName.Provider value={words}>
        <RowLayout {...props} buttonsProps={buttonsProps} />
      </RowName.Provider>
    </Box>
  );
}

export const templates: Partial<TemplatesType> = {
  TitleFieldTemplate: TitleField,
  DescriptionFieldTemplate: DescriptionField,
  FieldErrorTemplate: FieldErrors,
  ArrayFieldItemTemplate: ArrayItem,
  ObjectFieldTemplate: ObjectFields,
  BaseInputTemplate: PlainInput,
  ButtonTemplates: { AddButton } as TemplatesType['ButtonTemplates'],
};

/** A field shown elsewhere on the page (the uploads step's documents, with their uploads). */
function ShownElsewhere() {
  return null;
}

export const fields: Record<WizardFieldName, Field> = { ShownElsewhere };

/**
 * The wizard's widgets that render anywhere (radio groups named by their question, plain lists); those
 * that need the wizard's page are added in wizard-widgets.tsx. The names are src/shared/wizard-widgets.ts's.
 */
export const widgets: Record<PlainWidgetName, Widget> = { RadioWidget: PlainRadio, SelectWidget: PlainSelect };

/** A widget that needs the wizard's page (its store, the server: the ZanID's Verify): a plain text box. */
function StandIn(props: WidgetProps) {
  const Text = props.registry.widgets.TextWidget!;
  return <Text {...props} />;
}

/**
 * Every widget name, for a step shown away from the wizard's page (the dashboard's change editor, the
 * studio's preview, the forms checker's smoke render): the plain widgets, and a plain text box in place
 * of each widget that needs the wizard's page.
 */
export const widgetsAwayFromWizard = {
  ...widgets,
  ...Object.fromEntries(PAGE_WIDGETS.map((name) => [name, StandIn])),
} as Record<WizardWidgetName, Widget>;
