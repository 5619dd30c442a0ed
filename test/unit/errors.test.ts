import { strict as assert } from "node:assert";
import { describe, it } from "@jest/globals";
import { Errors } from "moleculer";
import ApiGateway from "moleculer-web";
import { MongoClientClosedError, MongoNetworkError, MongoServerClosedError, MongoServerError } from "mongodb";
import { createRequire } from "node:module";
import { apiError, isUnavailable, notFound, toHttpError, unavailableAs503 } from "../../shared/errors.ts";

/** The driver's pool errors are not exported by its entry point: taken from the module that defines them. */
const { PoolClearedOnNetworkError } = createRequire(import.meta.url)("mongodb/lib/cmap/errors.js") as {
  PoolClearedOnNetworkError: new (pool: { address: string; serverError: Error }) => Error;
};

describe("error mapping", () => {
  it("keeps the status, code and message of catalogued client errors", () => {
    assert.deepEqual(toHttpError(notFound("cluster")), { status: 404, code: "not_found", message: "cluster not found" });
    assert.deepEqual(toHttpError(apiError("organization_required")), {
      status: 403,
      code: "organization_required",
      message: "organization required",
    });
    assert.deepEqual(toHttpError(apiError("conflict", "ssh key is used by a server")), {
      status: 409,
      code: "conflict",
      message: "ssh key is used by a server",
    });
  });

  it("survives a trip over the bus (plain object rebuilt as MoleculerClientError)", () => {
    const original = apiError("invalid_id");
    const rebuilt = new Errors.MoleculerClientError(original.message, original.code, original.type, original.data);
    assert.deepEqual(toHttpError(rebuilt), { status: 400, code: "invalid_id", message: "invalid id" });
  });

  it("a 429 from a service carries its Retry-After (1 s when it names none)", () => {
    assert.deepEqual(toHttpError(apiError("rate_limited", "busy", { retry_after: 3 })), {
      status: 429,
      code: "rate_limited",
      message: "busy",
      headers: { "Retry-After": "3" },
    });
    assert.deepEqual(toHttpError(apiError("rate_limited")).headers, { "Retry-After": "1" });
  });

  it("hides internals of server errors and unknown throwables", () => {
    const leaky = new Error("connect ECONNREFUSED mongodb://admin:hunter2@db:27017");
    assert.deepEqual(toHttpError(leaky), { status: 500, code: "internal_error", message: "internal error" });
    assert.deepEqual(toHttpError(new Errors.MoleculerServerError("db exploded", 500, "DB")), {
      status: 500,
      code: "internal_error",
      message: "internal error",
    });
    assert.deepEqual(toHttpError("a string"), { status: 500, code: "internal_error", message: "internal error" });
    assert.deepEqual(toHttpError(null), { status: 500, code: "internal_error", message: "internal error" });
  });

  it("maps body-parser failures to 400 invalid json and 413", () => {
    assert.equal(toHttpError({ type: "entity.parse.failed", status: 400 }).message, "invalid json");
    assert.equal(toHttpError({ type: "entity.too.large", status: 413 }).status, 413);
  });

  it("maps moleculer-web's refusal of a path it cannot decode (%FF) to 400 bad request", () => {
    assert.deepEqual(toHttpError(new ApiGateway.Errors.BadRequestError("UNABLE_DECODE_PARAM", { param: "%FF" })), { status: 400, code: "bad_request", message: "bad request" });
  });

  it("maps an unreachable service to 503 and Moleculer's validator to 400", () => {
    assert.equal(toHttpError(new Errors.ServiceNotAvailableError({ action: "x.y" })).status, 503);
    assert.equal(toHttpError(new Errors.RequestTimeoutError({ action: "x.y" })).status, 503);
    assert.equal(toHttpError(new Errors.RequestRejectedError({ action: "x.y", nodeID: "n1" })).status, 503);
    assert.equal(toHttpError(new Errors.ValidationError("bad", "VALIDATION_ERROR", {})).status, 400);
  });

  it("a 5xx code from the catalogue never carries its custom message", () => {
    assert.equal(toHttpError(apiError("internal_error", "secret path /etc/x")).message, "internal error");
  });
});

describe("isUnavailable / unavailableAs503 (one definition for every caller of another service)", () => {
  const outages = [
    new Errors.ServiceNotFoundError({ action: "orgs.listForUser" }),
    new Errors.ServiceNotAvailableError({ action: "orgs.listForUser", nodeID: "n1" }),
    new Errors.RequestTimeoutError({ action: "orgs.listForUser", nodeID: "n1" }),
    new Errors.RequestRejectedError({ action: "orgs.listForUser", nodeID: "n1" }),
    new Errors.QueueIsFullError({ action: "orgs.listForUser", nodeID: "n1", size: 1, limit: 1 }),
    Object.assign(new Error("disconnected"), { name: "BrokerDisconnectedError" }),
    Object.assign(new Error("open"), { name: "CircuitBreakerOpenError" }),
  ];

  it("an outage of the called service becomes 503 service_unavailable, with the caller's message if given", () => {
    for (const err of outages) {
      const mapped = unavailableAs503(err, "clusters service unavailable: cannot check references");
      // the 503 names the service that is out when the error says which (a call's action)
      const named = "data" in err && (err as { data?: { action?: string } }).data?.action ? "service unavailable: orgs" : "service unavailable";
      assert.deepEqual(toHttpError(mapped), { status: 503, code: "service_unavailable", message: named, headers: { "Retry-After": "2" } }, err.name);
      assert.equal((mapped as Error).message, "clusters service unavailable: cannot check references");
    }
  });

  it("a 503 names the service that is out: from the failed call, from a service reporting its dependency, else the route's", () => {
    const direct = new Errors.ServiceNotAvailableError({ action: "inventory.listLabels" });
    assert.equal(toHttpError(direct).message, "service unavailable: inventory");
    // clusters answered 503 because inventory is down: the client learns inventory, not clusters
    const reported = unavailableAs503(new Errors.RequestRejectedError({ action: "inventory.getMany", nodeID: "n2" }), "cannot check references");
    assert.equal(toHttpError(reported, { service: "clusters" }).message, "service unavailable: inventory");
    const dbDown = Object.assign(new Error("connect ECONNREFUSED"), { name: "MongoServerSelectionError" });
    assert.equal(toHttpError(dbDown, { service: "dns" }).message, "service unavailable: dns");
    assert.equal(toHttpError(dbDown).message, "service unavailable");
  });

  it("a service's database out of reach (the driver's errors, local or rebuilt from the bus) is 503 with Retry-After, never a 500", () => {
    for (const name of [
      "MongoServerSelectionError",
      "MongoNetworkError",
      "MongoNetworkTimeoutError",
      "MongoNotConnectedError",
      "MongoTopologyClosedError",
      "MongoPoolClearedError",
      "PoolClearedOnNetworkError",
      "MongoPoolClosedError",
      "MongoWaitQueueTimeoutError",
      "MongoServerClosedError",
      "MongoClientClosedError",
    ]) {
      const local = Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:27017"), { name });
      const rebuilt = Object.assign(new Errors.MoleculerError("connect ECONNREFUSED 127.0.0.1:27017", 500), { name });
      for (const err of [local, rebuilt])
        assert.deepEqual(toHttpError(err), { status: 503, code: "service_unavailable", message: "service unavailable", headers: { "Retry-After": "2" } }, name);
    }
    assert.equal(toHttpError(Object.assign(new Error("E11000 duplicate key"), { name: "MongoServerError" })).status, 500, "a query the database refused is not an outage");
  });

  it("the driver's own connection-class errors (a frozen database clears the pool: PoolClearedOnNetworkError) are 503, by class and by label", () => {
    const pool = { address: "127.0.0.1:27017", serverError: new MongoNetworkError("connection timed out") };
    const cleared = new PoolClearedOnNetworkError(pool);
    assert.equal(cleared.name, "PoolClearedOnNetworkError");
    assert.equal(isUnavailable(cleared), true);
    assert.equal(toHttpError(cleared).status, 503);
    for (const err of [new MongoNetworkError("socket closed"), new MongoServerClosedError(), new MongoClientClosedError()]) assert.equal(isUnavailable(err), true, err.name);
    // another name the driver labelled as a lost connection
    const labelled = new MongoServerError({ message: "interrupted" });
    labelled.addErrorLabel("ResetPool");
    assert.equal(isUnavailable(labelled), true);
    assert.equal(isUnavailable(new MongoServerError({ message: "E11000 duplicate key" })), false);
  });

  it("an outage Moleculer wrapped (a rejection that is not an Error of its realm becomes a MoleculerError whose message is it) is still an outage", () => {
    const foreign = { name: "MongoNetworkError", message: "connection 3 to 127.0.0.1:27017 closed" };
    const wrapped = new Errors.MoleculerError(foreign as unknown as string, 500);
    assert.equal(isUnavailable(wrapped), true);
    assert.equal(toHttpError(unavailableAs503(wrapped)).status, 503);
    assert.equal(isUnavailable(new Errors.MoleculerError({ name: "TypeError", message: "x" } as unknown as string, 500)), false);
  });

  it("every other error passes through unchanged (a 404 of the called service stays a 404)", () => {
    for (const err of [notFound("server"), apiError("conflict"), new Error("boom"), "text", null]) {
      assert.equal(isUnavailable(err), false);
      assert.equal(unavailableAs503(err), err);
    }
  });
});
