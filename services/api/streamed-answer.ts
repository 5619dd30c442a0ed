import { Readable } from "node:stream";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { Logger, ServiceSchema } from "moleculer";
import ApiGateway from "moleculer-web";

interface Gateway {
  logger: Logger;
}
type SendResponse = (this: Gateway, req: IncomingMessage, res: ServerResponse, data: unknown, ...rest: unknown[]) => unknown;

const sendResponse = (ApiGateway as ServiceSchema).methods?.sendResponse as SendResponse;

/**
 * moleculer-web's `sendResponse` with one change: a streamed answer (an event stream) that ends
 * early, because its client went away or the gateway cut it, is one line at info, not a warning
 * with the error's stack (moleculer-web logs every disconnect so).
 */
export function sendResponseQuietly(this: Gateway, req: IncomingMessage, res: ServerResponse, data: unknown, ...rest: unknown[]): unknown {
  if (!(data instanceof Readable)) return sendResponse.call(this, req, res, data, ...rest);
  const logger = this.logger;
  const quiet = Object.create(logger, {
    warn: {
      value(message: unknown, info?: { err?: Error & { code?: string }; url?: string; actionName?: string }) {
        if (message !== "Stream got an error." || !info?.err) {
          logger.warn(message, info);
          return;
        }
        logger.info("a streamed answer ended early (its client went away or it was cut)", {
          url: info.url,
          action: info.actionName,
          reason: info.err.code ?? info.err.message,
        });
      },
    },
  }) as Logger;
  return sendResponse.call(Object.create(this, { logger: { value: quiet } }) as Gateway, req, res, data, ...rest);
}
