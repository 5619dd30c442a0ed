import type { Server } from "../../shared/contracts/inventory.ts";
import { INVENTORY_ACTIONS } from "../../shared/contracts/inventory-actions.ts";
import type { LogPage } from "../../shared/contracts/runner.ts";
import { MESSAGES, unavailableAs503 } from "../../shared/errors.ts";
import type { Caller } from "../../shared/service.ts";
import { readLogPage, type LogQuery } from "./log-reader.ts";
import { serverSubject } from "./log-sink.ts";
import type { RunnerModels } from "./models.ts";
import { call } from "../../shared/call.ts";

/** GET /servers/{id}/logs: the server's bootstrap output (404 for another organization's server). */
export async function serverLogs(models: RunnerModels, caller: Caller, orgId: string, serverId: string, query: LogQuery): Promise<LogPage> {
  let servers: Server[];
  try {
    servers = await call(caller, INVENTORY_ACTIONS.getServers, { organization_id: orgId, ids: [serverId] });
  } catch (err) {
    throw unavailableAs503(err);
  }
  const server = servers[0];
  if (!server) throw MESSAGES.notFound.error("server");
  // a bastion waiting for its bootstrap has a log to come; any other server's log is what there is
  const waiting = server.role === "bastion" && (server.status === "pending" || server.status === "provisioning");
  return readLogPage(models, serverSubject(server.id), query, !waiting);
}
