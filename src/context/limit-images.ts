import {
  HintBlockSchema,
  Msg,
  TextBlockSchema,
  type ContentBlock,
  type DataBlock,
  type TextOrDataBlock,
} from "../message/index.js";
import type { DataBlockOffloader } from "./offloader.js";

/** Where one image sits: a top-level block, or an item of a tool result's or hint's list. */
interface ImageSite {
  readonly msg: number;
  readonly block: number;
  /** The item's index inside the block's list, or -1 for a top-level block. */
  readonly item: number;
  readonly image: DataBlock;
}

/**
 * Keeps at most `maxImageNum` images in the context (spec §8.2 step 1): the oldest others are
 * replaced by a reminder saying where the image is (its URL, or where the offloader stored it) or
 * that it was removed. A top-level image of a non-user message becomes a hint block, any other a
 * text block. Returns the same array when nothing is over the limit (no copy on the hot path).
 */
export async function limitContextImages(
  context: Msg[],
  maxImageNum: number,
  offloader?: DataBlockOffloader | null,
): Promise<Msg[]> {
  const sites = findImages(context);
  const excess = sites.length - maxImageNum;
  if (excess <= 0) return context;
  const replaced = sites.slice(0, excess);
  // Offloads happen before any replacement, as in the reference.
  const urls: (string | null)[] = [];
  for (const { image } of replaced) urls.push(await urlOf(image, offloader));
  const contents = context.map((msg) => [...msg.content]);
  replaced.forEach((site, k) => {
    const text = reminder(site.image, urls[k] ?? null);
    const blocks = contents[site.msg] as ContentBlock[];
    if (site.item < 0) {
      const topLevelHint = (context[site.msg] as Msg).role !== "user";
      blocks[site.block] = topLevelHint
        ? HintBlockSchema.parse({ type: "hint", hint: text })
        : TextBlockSchema.parse({ type: "text", text });
      return;
    }
    const holder = blocks[site.block] as ContentBlock & { output?: unknown; hint?: unknown };
    const key = holder.type === "tool_result" ? "output" : "hint";
    const list = [...(holder[key] as TextOrDataBlock[])];
    list[site.item] = TextBlockSchema.parse({ type: "text", text });
    blocks[site.block] = { ...holder, [key]: list };
  });
  const touched = new Set(replaced.map((site) => site.msg));
  return context.map((msg, i) =>
    touched.has(i) ? Msg.fromJSON({ ...msg.toJSON(), content: contents[i] }) : msg,
  );
}

function findImages(context: readonly Msg[]): ImageSite[] {
  const sites: ImageSite[] = [];
  context.forEach((msg, m) => {
    msg.content.forEach((block, b) => {
      if (isImage(block)) sites.push({ msg: m, block: b, item: -1, image: block });
      const list =
        block.type === "tool_result" ? block.output : block.type === "hint" ? block.hint : null;
      if (!Array.isArray(list)) return;
      list.forEach((item, i) => {
        if (isImage(item)) sites.push({ msg: m, block: b, item: i, image: item });
      });
    });
  });
  return sites;
}

function isImage(block: { type: string }): block is DataBlock {
  return block.type === "data" && (block as DataBlock).source.media_type.startsWith("image/");
}

async function urlOf(
  image: DataBlock,
  offloader?: DataBlockOffloader | null,
): Promise<string | null> {
  if (image.source.type === "url") return image.source.url;
  if (offloader == null) return null;
  const stored = await offloader.offloadDataBlock(image);
  return stored.source.type === "url" ? stored.source.url : null;
}

function reminder(image: DataBlock, url: string | null): string {
  const named = image.name === null || image.name === "" ? "" : `named '${image.name}' `;
  return url === null
    ? `<system-reminder>The image ${named}is removed to free up context space.</system-reminder>`
    : `<system-reminder>The image ${named}is offloaded into ${url}, you can refer to it when needed.</system-reminder>`;
}
