/**
 * The widgets and fields the wizard registers by name, for "ui:widget" and "ui:field" in a step's UI
 * schema: the one list the client's registry (src/client/forms/rjsf-theme.tsx and
 * wizard-widgets.tsx, typed by it) and the forms checker share, so they cannot drift apart.
 */
export const WIZARD_WIDGETS = ['RadioWidget', 'SelectWidget', 'ZanidWidget'] as const;

/**
 * Of those, the widgets that work only on the wizard's page (they read its store or call the server):
 * the checker's smoke render puts a plain text box in their place.
 */
export const PAGE_WIDGETS = ['ZanidWidget'] as const;

/** The fields the wizard registers by name. */
export const WIZARD_FIELDS = ['ShownElsewhere'] as const;

export type WizardWidgetName = (typeof WIZARD_WIDGETS)[number];
export type PageWidgetName = (typeof PAGE_WIDGETS)[number];
export type PlainWidgetName = Exclude<WizardWidgetName, PageWidgetName>;
export type WizardFieldName = (typeof WIZARD_FIELDS)[number];

/**
 * RJSF's own widget names by the answer's type (as @rjsf/utils getWidget maps them): "textarea" fits a
 * text answer, not a number.
 */
export const RJSF_WIDGETS: Record<string, readonly string[]> = {
  boolean: ['checkbox', 'radio', 'select', 'hidden'],
  string: [
    'text',
    'password',
    'email',
    'hostname',
    'ipv4',
    'ipv6',
    'uri',
    'data-url',
    'radio',
    'select',
    'textarea',
    'hidden',
    'date',
    'datetime',
    'date-time',
    'alt-date',
    'alt-datetime',
    'time',
    'color',
    'file',
  ],
  number: ['text', 'select', 'updown', 'range', 'radio', 'hidden'],
  integer: ['text', 'select', 'updown', 'range', 'radio', 'hidden'],
  array: ['select', 'checkboxes', 'files', 'hidden'],
};

/** RJSF's own fields, which "ui:field" may also name. */
export const RJSF_FIELDS = [
  'AnyOfField',
  'ArrayField',
  'BooleanField',
  'NumberField',
  'ObjectField',
  'OneOfField',
  'SchemaField',
  'StringField',
  'NullField',
] as const;

/** RJSF's widgets by their own names, which "ui:widget" may also name. */
export const RJSF_WIDGET_COMPONENTS = [
  'AltDateTimeWidget',
  'AltDateWidget',
  'CheckboxWidget',
  'CheckboxesWidget',
  'ColorWidget',
  'DateTimeWidget',
  'DateWidget',
  'EmailWidget',
  'FileWidget',
  'HiddenWidget',
  'PasswordWidget',
  'RadioWidget',
  'RangeWidget',
  'SelectWidget',
  'TextWidget',
  'TextareaWidget',
  'TimeWidget',
  'URLWidget',
  'UpDownWidget',
] as const;
