// Five-field cron expressions (minute hour day-of-month month day-of-week), matched per minute in UTC: "*", numbers,
// ranges "a-b", lists "a,b", steps "*/n" and "a-b/n", month and weekday names (JAN, MON); Sunday is 0 or 7. As in
// cron, when both day fields are restricted a day matches either.
type Field = { min: number; max: number; names?: string[] };
const FIELDS: Field[] = [
  { min: 0, max: 59 },
  { min: 0, max: 23 },
  { min: 1, max: 31 },
  { min: 1, max: 12, names: ["JAN", "FEB", "MAR", "APR", "MAY", "JUN", "JUL", "AUG", "SEP", "OCT", "NOV", "DEC"] },
  { min: 0, max: 7, names: ["SUN", "MON", "TUE", "WED", "THU", "FRI", "SAT"] },
];
const FIELD_NAMES = ["minute", "hour", "day of month", "month", "day of week"];

export type Cron = { sets: Set<number>[]; restricted: boolean[] };

const value = (text: string, field: Field) => {
  const named = field.names?.indexOf(text.toUpperCase()) ?? -1;
  if (named >= 0) return named + (field.names?.length === 12 ? 1 : 0);
  if (!/^\d+$/.test(text)) return Number.NaN;
  return Number(text);
};

const parseField = (text: string, field: Field): Set<number> | null => {
  const set = new Set<number>();
  for (const part of text.split(",")) {
    const [range, stepText, extra] = part.split("/");
    if (range === undefined || extra !== undefined) return null;
    const step = stepText === undefined ? 1 : /^\d+$/.test(stepText) ? Number(stepText) : 0;
    if (step < 1) return null;
    let from: number;
    let to: number;
    if (range === "*") [from, to] = [field.min, field.max];
    else {
      const [a, b, more] = range.split("-");
      if (a === undefined || more !== undefined) return null;
      from = value(a, field);
      to = b === undefined ? (stepText === undefined ? from : field.max) : value(b, field);
    }
    if (!Number.isInteger(from) || !Number.isInteger(to) || from < field.min || to > field.max || from > to)
      return null;
    for (let n = from; n <= to; n += step) set.add(n);
  }
  return set;
};

// The expression, or the reason it is not one (naming the field).
export const parseCron = (expression: string): Cron | string => {
  const parts = expression.trim().split(/\s+/);
  if (parts.length !== 5) return "A cron expression has five fields: minute hour day-of-month month day-of-week.";
  const sets: Set<number>[] = [];
  for (const [i, part] of parts.entries()) {
    const set = parseField(part, FIELDS[i] as Field);
    if (!set) return `The ${FIELD_NAMES[i]} field \`${part}\` is not valid.`;
    sets.push(set);
  }
  const weekdays = sets[4] as Set<number>;
  if (weekdays.has(7)) weekdays.add(0);
  return { sets, restricted: parts.map((part) => part !== "*" && !part.startsWith("*/")) };
};

export const cronMatches = (cron: Cron, at: Date) => {
  const [minutes, hours, days, months, weekdays] = cron.sets as [
    Set<number>,
    Set<number>,
    Set<number>,
    Set<number>,
    Set<number>,
  ];
  const dayOfMonth = days.has(at.getUTCDate());
  const dayOfWeek = weekdays.has(at.getUTCDay());
  const day = cron.restricted[2] && cron.restricted[4] ? dayOfMonth || dayOfWeek : dayOfMonth && dayOfWeek;
  return minutes.has(at.getUTCMinutes()) && hours.has(at.getUTCHours()) && months.has(at.getUTCMonth() + 1) && day;
};
