/** Results shown when the call gives no `head_limit`. */
export const DEFAULT_HEAD_LIMIT = 250;

/**
 * The page of `items` a Grep shows (spec §5.6): skip `offset`, keep `limit` (default 250, `0` for
 * all), and when more remain say so: `"\n\n[Showing results with pagination = limit: L, offset: O]"`
 * (the offset only when non-zero).
 */
export function paginate(
  items: readonly string[],
  limit: number | undefined,
  offset: number,
): string {
  if (limit === 0) return items.slice(offset).join("\n");
  const effective = limit ?? DEFAULT_HEAD_LIMIT;
  const page = items.slice(offset, offset + effective).join("\n");
  if (items.length - offset <= effective) return page;
  const shownOffset = offset !== 0 ? `, offset: ${offset}` : "";
  return `${page}\n\n[Showing results with pagination = limit: ${effective}${shownOffset}]`;
}
