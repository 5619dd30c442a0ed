import { collect, nextCursor, ok, paginate, type ApiResult, type DataOf, type JsonResponse } from "../../../clients/typescript/src/index.ts";
import { signedInClient } from "../api.ts";

/**
 * The tenant pages' way to the API: the typed client of the signed-in session with the
 * organization's `X-Org-ID` on every request (its [org] routes), and one page of a cursor-paged
 * list with the cursor of the next one (from the `Link` header).
 */

/** The typed openapi-fetch client for `org`'s [org] routes (and every other route, with the session's token). */
export const orgClient = (org: string) => signedInClient().withOrg(org).api;

/** How many items a list page shows. */
export const PAGE_SIZE = 50;

export interface ListPage<T> {
  items: T[];
  /** The cursor of the next page, or undefined on the last one. */
  next: string | undefined;
}

type ItemOf<D> = D extends readonly (infer T)[] ? T : never;

/** One page of a list call: its items, or the API's error (ApiError) thrown. */
export async function listPage<R extends ApiResult>(result: Promise<R>): Promise<ListPage<ItemOf<DataOf<R>>>> {
  const r = await result;
  const items = (await ok(r)) as ItemOf<DataOf<R>>[];
  return { items, next: nextCursor(r.response.headers.get("link")) };
}

/** The query of a list page: the page size and, past the first page, its cursor. */
export const pageQuery = (cursor: string | undefined) => ({ limit: PAGE_SIZE, ...(cursor ? { cursor } : {}) });

/**
 * Every item of a cursor-paged list, page after page of 1,000 (what a choice offers, a cluster's
 * metadata): `everyItem((query) => orgClient(org).GET("/api/v1/servers", { params: { query }, signal }))`.
 */
export function everyItem<R extends ApiResult>(fetchPage: (query: { limit: number; cursor?: string }) => Promise<R>): Promise<ItemOf<DataOf<R>>[]> {
  return collect(paginate((cursor) => fetchPage({ limit: 1_000, ...(cursor ? { cursor } : {}) })));
}

export type Organization = JsonResponse<"getOrgsId">;
export type Member = JsonResponse<"getOrgsIdMembers">[number];
export type OrgRole = Member["role"];
