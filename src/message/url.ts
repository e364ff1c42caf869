/**
 * A URL validated and normalised the way a WHATWG URL parser does (`file://tmp.txt` becomes
 * `file://tmp.txt/`, as pydantic's `AnyUrl` does in the reference), or null when it is not a URL.
 * The one check behind every URL field (data-block sources, `TOOL_RESULT_DATA_DELTA.url`), so a
 * message rebuilt from events holds only URLs its schema accepts.
 */
export function normalizeUrl(value: string): string | null {
  return URL.canParse(value) ? new URL(value).href : null;
}
