import { isJsonObject as isObject, propertiesOf } from '../../shared/schema-walk';
import { capitalized, rowWords, type RowStrings } from './row-words';

type Json = Record<string, unknown>;

/** The words of the floors' sentences (common.json wizard.review.floors). */
export interface FloorTexts {
  ground: string;
  storey: (n: number) => string;
  /** One room or area: '{{room}}, {{area}} m² ({{percent}}% of the plot)'. */
  room: (values: { room: string; area: string; percent: string }) => string;
  /** The floor's totals: 'In all {{area}} m² ({{percent}}% of the plot)'. */
  total: (values: { area: string; percent: string }) => string;
}

type Show = (schema: Json, ui: Json, value: unknown, name: string) => string;

/**
 * The floors as the applicant would say them, one row per floor: 'Storey 1 above the ground floor:
 * Bedroom, 12 m² (10% of the plot); Kitchen, 8 m² (5% of the plot). In all 20 m² (15% of the plot).',
 * the rooms named from the reference list in the reader's language (the translated UI schema's names).
 */
export function floorSentences(
  schema: Json,
  ui: Json,
  floors: unknown[],
  texts: { floors: FloorTexts; rows: RowStrings },
  show: Show,
): { label: string; value: string }[] {
  const floorSchema = isObject(schema.items) ? schema.items : {};
  const floorUi = isObject(ui.items) ? ui.items : {};
  const roomsSchema = propertiesOf(floorSchema).get('rooms') ?? {};
  const roomsUi = isObject(floorUi.rooms) ? floorUi.rooms : {};
  const roomSchema = isObject(roomsSchema.items) ? roomsSchema.items : {};
  const roomUi = isObject(roomsUi.items) ? roomsUi.items : {};
  const roomNameUi = isObject(roomUi.room) ? roomUi.room : {};
  const number = (node: Json, nodeUi: Json, value: unknown, name: string) =>
    typeof value === 'number'
      ? show(propertiesOf(node).get(name) ?? {}, isObject(nodeUi[name]) ? nodeUi[name] : {}, value, name)
      : '';
  return floors.filter(isObject).map((floor, i) => {
    const level = typeof floor.floor === 'number' ? floor.floor : undefined;
    const label =
      level === undefined
        ? capitalized(rowWords(ui, i, floor, texts.rows))
        : level === 0
          ? texts.floors.ground
          : texts.floors.storey(level);
    const rooms = (Array.isArray(floor.rooms) ? floor.rooms : []).filter(isObject).map((room) =>
      texts.floors.room({
        room:
          room.room === undefined
            ? ''
            : show(propertiesOf(roomSchema).get('room') ?? {}, roomNameUi, room.room, 'room'),
        area: number(roomSchema, roomUi, room.area_m2, 'area_m2'),
        percent: number(roomSchema, roomUi, room.percent_covered, 'percent_covered'),
      }),
    );
    const total =
      typeof floor.area_m2 === 'number'
        ? texts.floors.total({
            area: number(floorSchema, floorUi, floor.area_m2, 'area_m2'),
            percent: number(floorSchema, floorUi, floor.percent_covered ?? 0, 'percent_covered'),
          })
        : '';
    return { label, value: [rooms.join('; '), total].filter(Boolean).join('. ') };
  });
}
