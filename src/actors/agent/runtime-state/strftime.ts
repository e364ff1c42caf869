import type { WallClock } from "./zoned-time.js";

const DAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];
const MONTHS = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
];
const pad = (n: number, width = 2): string => String(n).padStart(width, "0");

/** Python's `strftime` for the common directives (%Y %m %d %H %M %S %y %I %p %A %a %B %b %j %%). */
export function strftime(clock: WallClock, format: string): string {
  return format.replace(/%(.)/g, (match, directive: string) => {
    switch (directive) {
      case "Y":
        return String(clock.year);
      case "y":
        return pad(clock.year % 100);
      case "m":
        return pad(clock.month);
      case "d":
        return pad(clock.day);
      case "H":
        return pad(clock.hour);
      case "I":
        return pad(clock.hour % 12 === 0 ? 12 : clock.hour % 12);
      case "p":
        return clock.hour < 12 ? "AM" : "PM";
      case "M":
        return pad(clock.minute);
      case "S":
        return pad(clock.second);
      case "A":
        return DAYS[clock.weekday] ?? "";
      case "a":
        return (DAYS[clock.weekday] ?? "").slice(0, 3);
      case "B":
        return MONTHS[clock.month - 1] ?? "";
      case "b":
        return (MONTHS[clock.month - 1] ?? "").slice(0, 3);
      case "j": {
        const start = Date.UTC(clock.year, 0, 1);
        return pad(
          Math.floor((Date.UTC(clock.year, clock.month - 1, clock.day) - start) / 86_400_000) + 1,
          3,
        );
      }
      case "%":
        return "%";
      default:
        return match;
    }
  });
}

/**
 * Python's `strptime` for the same directives: the wall-clock parts, or null when the text does
 * not match the format. Missing date parts default to 1900-01-01 as in Python.
 */
export function strptime(text: string, format: string): Omit<WallClock, "weekday"> | null {
  const fields: string[] = [];
  let pattern = "";
  for (let i = 0; i < format.length; i++) {
    const c = format.charAt(i);
    if (c !== "%" || i + 1 >= format.length) {
      pattern += c.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");
      continue;
    }
    const d = format.charAt(++i);
    const group: Record<string, string> = {
      Y: "(\\d{4})",
      y: "(\\d{2})",
      m: "(\\d{1,2})",
      d: "(\\d{1,2})",
      H: "(\\d{1,2})",
      I: "(\\d{1,2})",
      M: "(\\d{1,2})",
      S: "(\\d{1,2})",
      p: "(AM|PM|am|pm)",
      A: "([A-Za-z]+)",
      a: "([A-Za-z]+)",
      B: "([A-Za-z]+)",
      b: "([A-Za-z]+)",
      j: "(\\d{1,3})",
    };
    if (d === "%") {
      pattern += "%";
      continue;
    }
    const g = group[d];
    if (g === undefined) return null;
    fields.push(d);
    pattern += g;
  }
  const match = new RegExp(`^${pattern}$`).exec(text.trim());
  if (match === null) return null;
  const out = { year: 1900, month: 1, day: 1, hour: 0, minute: 0, second: 0 };
  let pm: boolean | null = null;
  fields.forEach((field, index) => {
    const value = match[index + 1] ?? "";
    const n = Number(value);
    if (field === "Y") out.year = n;
    else if (field === "y") out.year = n < 69 ? 2000 + n : 1900 + n;
    else if (field === "m") out.month = n;
    else if (field === "d") out.day = n;
    else if (field === "H" || field === "I") out.hour = n;
    else if (field === "M") out.minute = n;
    else if (field === "S") out.second = n;
    else if (field === "p") pm = value.toUpperCase() === "PM";
    else if (field === "B" || field === "b") {
      const i = MONTHS.findIndex((m) =>
        m.toLowerCase().startsWith(value.toLowerCase().slice(0, 3)),
      );
      if (i >= 0) out.month = i + 1;
    }
  });
  if (pm !== null) out.hour = (out.hour % 12) + (pm ? 12 : 0);
  const valid =
    out.month >= 1 &&
    out.month <= 12 &&
    out.day >= 1 &&
    out.day <= 31 &&
    out.hour <= 23 &&
    out.minute <= 59 &&
    out.second <= 61;
  return valid ? out : null;
}
