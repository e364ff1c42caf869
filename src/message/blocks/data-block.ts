import { z } from "zod";
import { normalizeUrl } from "../url.js";
import { createdAtField, idField, openFinishedAtField } from "./block-base.js";

/** Inline bytes, base64-encoded. */
export const Base64SourceSchema = z.object({
  type: z.literal("base64"),
  data: z.string(),
  media_type: z.string(),
});
export type Base64Source = z.output<typeof Base64SourceSchema>;

/**
 * A URL field: validated and normalised the way a WHATWG URL parser does (`file://tmp.txt`
 * becomes `file://tmp.txt/`, as pydantic does in the reference).
 */
export const UrlFieldSchema = z.string().transform((value, ctx) => {
  const url = normalizeUrl(value);
  if (url !== null) return url;
  ctx.addIssue({ code: "custom", message: `Invalid URL: ${JSON.stringify(value)}` });
  return z.NEVER;
});

/** A URL source (see {@link UrlFieldSchema}). */
export const URLSourceSchema = z.object({
  type: z.literal("url"),
  url: UrlFieldSchema,
  media_type: z.string(),
});
export type URLSource = z.output<typeof URLSourceSchema>;

export const DataSourceSchema = z.discriminatedUnion("type", [Base64SourceSchema, URLSourceSchema]);
export type DataSource = z.output<typeof DataSourceSchema>;

/** Binary content (an image, audio, a PDF …) inline or by URL. */
export const DataBlockSchema = z.object({
  type: z.literal("data"),
  id: idField,
  source: DataSourceSchema,
  name: z.string().nullable().default(null),
  created_at: createdAtField,
  finished_at: openFinishedAtField,
});
export type DataBlock = z.output<typeof DataBlockSchema>;
export type DataBlockInput = z.input<typeof DataBlockSchema>;
