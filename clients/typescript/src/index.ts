/**
 * The TypeScript client of the cluster infrastructure API: types generated from the OpenAPI
 * document the gateway serves (`schema.d.ts`, openapi-typescript), requests through
 * openapi-fetch, and a small layer for authentication, token refresh, errors, paging and the
 * SSH key download.
 */
export { ClusterClient, DEFAULT_MAX_RESPONSE_BYTES, DEFAULT_TIMEOUT_MS, EXPIRY_MARGIN_MS, type Auth, type ClusterClientOptions, type SshKeyFile } from "./client.ts";
export { ApiError, NetworkError, UnexpectedResponseError, type ErrorStyle } from "./errors.ts";
export { DEFAULT_RETRIES, MAX_RETRY_DELAY_MS } from "./retry.ts";
export { followLog, LogFollowError, type FollowLogOptions, type LogChunk, type LogStreamName, type LogTail } from "./logs.ts";
export { SseParser, sseEvents, type SseEvent } from "./sse.ts";
export { entityTagOf, ifChanged } from "./conditional.ts";
export { attempt, collect, nextCursor, ok, paginate, paginateByPage, type ApiResult, type DataOf, type ErrorOf } from "./paging.ts";
export type { components, operations, paths } from "./schema.d.ts";
export type { Middleware } from "openapi-fetch";
export type * from "./types.ts";
