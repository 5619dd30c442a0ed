import bodyParser from "body-parser";
import type { IncomingMessage, ServerResponse } from "node:http";
import { apiError } from "../../shared/errors.ts";

/** Bodies over this are 413. */
export const BODY_LIMIT = "1mb";
/** Deepest nesting of objects and arrays a body may have. */
export const MAX_JSON_DEPTH = 64;
/** Most members one object or array may have (id lists stop at 1000, so they still get their own message). */
export const MAX_JSON_MEMBERS = 10_000;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const LOWER_U = 0x75;
const COMMA = 0x2c;

const isHigh = (unit: number) => unit >= 0xd800 && unit <= 0xdbff;
const isLow = (unit: number) => unit >= 0xdc00 && unit <= 0xdfff;

/**
 * Whether a JSON text stays within MAX_JSON_DEPTH and MAX_JSON_MEMBERS and none of its strings
 * (keys included) holds a lone surrogate, checked in one pass over the text without building
 * anything: JSON.parse builds a 450,000-deep array as readily as a flat one, and a lone surrogate
 * would be stored as U+FFFD. Malformed text may pass; JSON.parse refuses it next.
 */
export function withinJsonLimits(text: string): boolean {
  /** Commas seen in each open object or array, innermost last. */
  const commas: number[] = [];
  let inString = false;
  /** A high surrogate was the last code unit of the string: the next must be its low half. */
  let highPending = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === QUOTE) {
        if (highPending) return false;
        inString = false;
        continue;
      }
      let unit = c;
      if (c === BACKSLASH) {
        const escaped = text.charCodeAt(i + 1);
        if (escaped === LOWER_U) {
          unit = Number.parseInt(text.slice(i + 2, i + 6), 16);
          i += 5;
        } else {
          unit = escaped;
          i += 1;
        }
      }
      if (highPending) {
        if (!isLow(unit)) return false;
        highPending = false;
      } else if (isLow(unit)) {
        return false;
      } else if (isHigh(unit)) {
        highPending = true;
      }
      continue;
    }
    switch (c) {
      case QUOTE:
        inString = true;
        break;
      case 0x7b: // {
      case 0x5b: // [
        if (commas.push(0) > MAX_JSON_DEPTH) return false;
        break;
      case 0x7d: // }
      case 0x5d: // ]
        commas.pop();
        break;
      case COMMA: {
        const last = commas.length - 1;
        if (last >= 0 && ++commas[last]! >= MAX_JSON_MEMBERS) return false;
        break;
      }
    }
  }
  return true;
}

/** Thrown by the parser's verify step; the reader answers it as `invalid json`. */
class RefusedJson extends Error {}

/**
 * Runs before JSON.parse with the raw bytes and the declared utf-* charset: bytes that are not
 * valid in that charset (which decoding would silently replace with U+FFFD) and texts over the
 * limits are refused.
 */
function verify(_req: IncomingMessage, _res: ServerResponse, buf: Buffer, encoding: string): void {
  let text: string;
  try {
    text = new TextDecoder(encoding, { fatal: true }).decode(buf);
  } catch {
    throw new RefusedJson();
  }
  if (!withinJsonLimits(text)) throw new RefusedJson();
}

/**
 * A body whose bytes do not match its Content-Encoding: Node names zlib's failures `Z_*` and the
 * brotli decoder's `ERR_` + its error name (`ERR__ERROR_FORMAT_PADDING_1`).
 */
export function isDecompressionFailure(err: unknown): boolean {
  const { code, errno } = (err ?? {}) as { code?: unknown; errno?: unknown };
  return typeof errno === "number" && typeof code === "string" && (code.startsWith("Z_") || code.startsWith("ERR__ERROR_"));
}

/** body-parser's JSON.parse failure: a client's mistake, answered like the other refusals (never logged as a server error). */
function isParseFailure(err: unknown): boolean {
  return (err as { type?: unknown } | null)?.type === "entity.parse.failed";
}

const parser = bodyParser.json({ limit: BODY_LIMIT, strict: false, type: () => true, verify });

/**
 * Reads and parses a request's JSON body: undefined without a body, `{}` for an empty one.
 * Refusals are catalogue errors (`invalid_json`) or body-parser's typed errors, which
 * `toHttpError` maps (413, charset, aborted).
 */
export function readJsonBody(req: IncomingMessage & { body?: unknown }, res: ServerResponse): Promise<unknown> {
  return new Promise((resolve, reject) => {
    parser(req, res, (err?: unknown) => {
      if (err === undefined) resolve(req.body);
      // eslint-disable-next-line @typescript-eslint/prefer-promise-reject-errors -- body-parser's error, passed on as it came
      else reject(err instanceof RefusedJson || isDecompressionFailure(err) || isParseFailure(err) ? apiError("invalid_json") : err);
    });
  });
}
