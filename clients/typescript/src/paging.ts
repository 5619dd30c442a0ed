import { ApiError } from "./errors.ts";
import type { ErrorBody } from "./types.ts";

/** What every call of the openapi-fetch client resolves to (a success or an error branch). */
export interface ApiResult {
  data?: unknown;
  error?: unknown;
  response: Response;
}

/** The success body of a result type (`undefined` for a 204). */
export type DataOf<R> = R extends { data: infer D } ? ([D] extends [never] ? undefined : D) : never;

/** The error bodies a result type documents: `string` for plain text, ErrorBody for `{code, message}`. */
export type ErrorOf<R> = Extract<R extends { error: infer E } ? E : never, string | ErrorBody>;

type ItemOf<D> = D extends readonly (infer T)[] ? T : never;
type PageItemOf<D> = D extends { items: readonly (infer T)[] } ? T : never;

/**
 * The success body of a call, or an ApiError (either error style) for an answer outside 2xx:
 * `const servers = await ok(client.api.GET("/api/v1/servers"))`. The error is an
 * `ApiError<ErrorOf<R>>`; `attempt()` hands it over typed, without a throw.
 */
export async function ok<R extends ApiResult>(result: R | Promise<R>): Promise<DataOf<R>> {
  const r = await result;
  if (!r.response.ok) throw ApiError.fromResult<ErrorOf<R>>(r.response, r.error);
  return r.data as DataOf<R>;
}

/**
 * The success body of a call, or its ApiError typed with the error bodies the operation
 * documents (`error.body` is `string` on a plain-text route), returned rather than thrown:
 *
 *     const got = await attempt(client.api.GET("/api/v1/orgs/{id}", { params: { path: { id } } }));
 *     if (got.error) console.log(got.error.status, got.error.body); // string | {code, message}
 */
export async function attempt<R extends ApiResult>(result: R | Promise<R>): Promise<{ data: DataOf<R>; error?: undefined } | { data?: undefined; error: ApiError<ErrorOf<R>> }> {
  const r = await result;
  if (!r.response.ok) return { error: ApiError.fromResult<ErrorOf<R>>(r.response, r.error) };
  return { data: r.data as DataOf<R> };
}

/**
 * The cursor of the next page named by a `Link` header (`<…&cursor=…>; rel="next"`, RFC 8288),
 * or undefined on the last page.
 */
export function nextCursor(link: string | null | undefined): string | undefined {
  if (!link) return undefined;
  for (const m of link.matchAll(/<([^>]*)>((?:\s*;\s*[^;,]+)*)/g)) {
    const rels = /;\s*rel\s*=\s*"?([^";]+)"?/i.exec(m[2] ?? "")?.[1]?.split(/\s+/) ?? [];
    if (rels.includes("next")) return new URL(m[1] ?? "", "http://link.invalid").searchParams.get("cursor") ?? undefined;
  }
  return undefined;
}

/**
 * Every item of a cursor-paged list (every [org] list), page after page, following `Link:
 * rel="next"` until the last page. `fetchPage` makes the same request with the cursor given:
 *
 *     for await (const label of paginate((cursor) => client.api.GET("/api/v1/labels", { params: { query: { limit: 100, cursor } } })))
 */
export async function* paginate<R extends ApiResult>(fetchPage: (cursor: string | undefined) => Promise<R>): AsyncGenerator<ItemOf<DataOf<R>>, void, undefined> {
  let cursor: string | undefined;
  do {
    const result = await fetchPage(cursor);
    const items = (await ok(result)) as Iterable<ItemOf<DataOf<R>>>;
    yield* items;
    cursor = nextCursor(result.response.headers.get("link"));
  } while (cursor !== undefined);
}

/**
 * Every item of a page-numbered list (the admin job list: `{items, page, page_size, total}`),
 * from page 1 until `page × page_size` reaches `total` or a page comes back empty.
 */
export async function* paginateByPage<R extends ApiResult>(fetchPage: (page: number) => Promise<R>): AsyncGenerator<PageItemOf<DataOf<R>>, void, undefined> {
  for (let page = 1; ; page++) {
    const body = (await ok(fetchPage(page))) as { items: PageItemOf<DataOf<R>>[]; page: number; page_size: number; total: number };
    yield* body.items;
    if (body.items.length === 0 || body.page * body.page_size >= body.total) return;
  }
}

/** All items of an async iterable (a paginate() or paginateByPage() run) in one array. */
export async function collect<T>(items: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const item of items) out.push(item);
  return out;
}
