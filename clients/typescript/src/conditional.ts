import { ok, type ApiResult, type DataOf } from "./paging.ts";

/**
 * The answer's entity tag (`ETag`: a GET's, a create's, a conditional write's). Sent back as
 * `If-Match` it makes a write happen only while the resource is unchanged (a 412 ApiError
 * otherwise, whose `etag` is the current tag); as `If-None-Match` a GET answers 304 while it is.
 *
 *     const got = await client.api.GET("/api/v1/labels/{id}", { params: { path: { id } } });
 *     await ok(client.api.PATCH("/api/v1/labels/{id}", { params: { path: { id }, header: { "If-Match": entityTagOf(got)! } }, body }));
 */
export function entityTagOf(result: ApiResult): string | undefined {
  return result.response.headers.get("etag") ?? undefined;
}

/**
 * A GET sent with `If-None-Match`: `{changed: false}` for its 304 (the copy held is current),
 * else the body and its tag; any other answer outside 2xx is an ApiError, as with `ok()`.
 */
export async function ifChanged<R extends ApiResult>(result: R | Promise<R>): Promise<{ changed: false } | { changed: true; data: DataOf<R>; etag: string | undefined }> {
  const r = await result;
  if (r.response.status === 304) return { changed: false };
  return { changed: true, data: await ok(r), etag: entityTagOf(r) };
}
