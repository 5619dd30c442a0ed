import { z } from "zod";
import { uuid } from "./zod.ts";

/**
 * Optional pagination of an organization's lists. Without parameters a list answers at most
 * MAX_PAGE items (as it always did); `?limit=N` (1..MAX_PAGE) answers at most N, newest first.
 * While more remain, the answer carries an opaque cursor, which the gateway turns into a
 * `Link: <…>; rel="next"` header; `?cursor=` continues after the last item of the page before.
 */
export const MAX_PAGE = 1000;

const CURSOR_PREFIX = "v1.";

/** The cursor that continues after the item with this id (ids are UUIDv7: they sort by age). */
export function encodeCursor(lastId: string): string {
  return Buffer.from(CURSOR_PREFIX + lastId).toString("base64url");
}

/** The id a cursor continues after, or undefined for anything this API did not hand out. */
export function decodeCursor(cursor: string): string | undefined {
  if (!/^[A-Za-z0-9_-]{1,100}$/.test(cursor)) return undefined;
  const text = Buffer.from(cursor, "base64url").toString("utf8");
  if (!text.startsWith(CURSOR_PREFIX)) return undefined;
  const id = text.slice(CURSOR_PREFIX.length);
  return uuid.safeParse(id).success ? id.toLowerCase() : undefined;
}

/**
 * The `limit` of a list: 1 to `max` (400 `invalid limit` otherwise), `fallback` when absent
 * (undefined: the list's own default). Its meta is what the OpenAPI document shows.
 */
export function limitParam(max = MAX_PAGE, fallback?: number) {
  return z
    .union([z.string(), z.number()], { error: "invalid limit" })
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v === "") return fallback;
      const n = typeof v === "number" ? v : /^\d{1,4}$/.test(v) ? Number(v) : NaN;
      if (!Number.isInteger(n) || n < 1 || n > max) {
        ctx.addIssue({ code: "custom", message: "invalid limit" });
        return z.NEVER;
      }
      return n;
    })
    .meta({
      type: "integer",
      minimum: 1,
      maximum: max,
      ...(fallback === undefined ? {} : { "x-default": fallback }),
      description:
        fallback === undefined
          ? `at most this many items, newest first (1 to ${max}; without it, at most ${max}); 400 \`invalid limit\` otherwise`
          : `at most this many items, newest first (1 to ${max}; ${fallback} without it); 400 \`invalid limit\` otherwise`,
    });
}

/** `limit` and `cursor` as a list action receives them (query strings, or numbers from other services). */
export const PageParams = z.object({
  limit: limitParam(),
  cursor: z
    .string({ error: "invalid cursor" })
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v === "") return undefined;
      const after = decodeCursor(v);
      if (after === undefined) {
        ctx.addIssue({ code: "custom", message: "invalid cursor" });
        return z.NEVER;
      }
      return after;
    }),
});

/** What a list asks of its store: at most `limit` items older than `after`. */
export interface PageRequest {
  limit?: number | undefined;
  /** The id the page starts after (decoded from the cursor). */
  cursor?: string | undefined;
}

/** A page of a newest-first list and the cursor of the next one, if more remain. */
export interface Page<T> {
  items: T[];
  next_cursor?: string;
}

/** The schema of a list action's result: a page of `item`. */
export function pageOf<T extends z.ZodType>(item: T) {
  return z.object({ items: z.array(item), next_cursor: z.string().optional() });
}

/** How many items to fetch for a page: one more than it holds tells whether more remain. */
export function fetchSize(page: PageRequest): number {
  return (page.limit ?? MAX_PAGE) + 1;
}

/** A page of `fetched` (newest first, up to `fetchSize` items), with the cursor after its last item. */
export function toPage<T>(fetched: T[], page: PageRequest, idOf: (item: T) => string): Page<T> {
  const limit = page.limit ?? MAX_PAGE;
  if (fetched.length <= limit) return { items: fetched };
  const items = fetched.slice(0, limit);
  return { items, next_cursor: encodeCursor(idOf(items[items.length - 1]!)) };
}

/** Maps a page's items, keeping its cursor. */
export async function mapPage<T, U>(page: Page<T>, map: (items: T[]) => U[] | Promise<U[]>): Promise<Page<U>> {
  const items = await map(page.items);
  return page.next_cursor === undefined ? { items } : { items, next_cursor: page.next_cursor };
}

/** Newest-first ids of one page among `ids` (any order): those older than the cursor, `fetchSize` of them. */
export function pageOfIds(ids: readonly string[], page: PageRequest): string[] {
  const sorted = [...new Set(ids)].sort((a, b) => (a < b ? 1 : a > b ? -1 : 0));
  const after = page.cursor;
  return (after === undefined ? sorted : sorted.filter((id) => id < after)).slice(0, fetchSize(page));
}
