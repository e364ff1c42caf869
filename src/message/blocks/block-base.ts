import { z } from "zod";
import { newId, now } from "../identity.js";
import { JsonObjectSchema } from "../json-value.js";

/** `id`, defaulting to a new id. */
export const idField = z.string().default(() => newId());
/** `created_at`, defaulting to now. */
export const createdAtField = z.string().default(() => now());
/** `finished_at`, defaulting to null (still open). */
export const openFinishedAtField = z.string().nullable().default(null);
/** Free-form JSON metadata (bounded depth, no cycles: see `JsonObjectSchema`), defaulting to `{}`. */
export const metadataField = JsonObjectSchema.default(() => ({}));
