import { relayEventsAction } from "./events-actions.ts";
import { pageOf } from "../paging.ts";
import { action, ORG_ROUTE, orgCollectionRoutes } from "./action.ts";
import {
  CreateCredentialParams,
  CredentialIdParams,
  CredentialLookupParams,
  CredentialOut,
  CredentialSecret,
  CredentialsPurgeResult,
  ListCredentialsParams,
  RevealedSecret,
  RewrapKeysResult,
  SecretForParams,
  UpdateCredentialParams,
} from "./credentials.ts";
import { PurgeOrganizationParams } from "./jobs.ts";

const routes = orgCollectionRoutes("/credentials");

/** The actions of the credentials service ([org] routes; the secret only ever leaves through reveal). */
export const CREDENTIALS_ACTIONS = {
  list: action({
    name: "credentials.list",
    visibility: "published",
    description: "The organization's credentials (metadata), newest first; filters provider (or credential_provider), kind, scope_kind.",
    input: ListCredentialsParams,
    output: pageOf(CredentialOut),
    http: routes.list,
  }),
  create: action({
    name: "credentials.create",
    visibility: "published",
    description: "Validate, encrypt the secret, store; duplicate (provider, scope_kind, scope) is 409.",
    input: CreateCredentialParams,
    output: CredentialOut,
    http: { ...routes.create, refuses: [409] },
  }),
  get: action({
    name: "credentials.get",
    visibility: "published",
    description: "One credential (metadata only).",
    input: CredentialIdParams,
    output: CredentialOut,
    http: routes.get,
  }),
  update: action({
    name: "credentials.update",
    visibility: "published",
    description: "Change a credential's metadata and scope. `secret` rotates the secret; provider and kind are immutable.",
    input: UpdateCredentialParams,
    output: CredentialOut,
    http: { ...routes.update, refuses: [409] },
  }),
  remove: action({
    name: "credentials.remove",
    visibility: "published",
    description: "Delete a credential. 409 while a domain uses it; 503 when the dns service cannot tell.",
    input: CredentialIdParams,
    http: { ...routes.remove, refuses: [409] },
  }),
  reveal: action({
    name: "credentials.reveal",
    visibility: "published",
    description: "The decrypted secret as a JSON object; audited. Owners and admins, like every write (a member gets 403 `forbidden`).",
    input: CredentialIdParams,
    output: RevealedSecret,
    http: { method: "POST", path: "/credentials/:id/reveal", ...ORG_ROUTE, uuidParams: ["id"] },
  }),

  lookup: action({
    name: "credentials.lookup",
    visibility: "public",
    description: "Metadata of a credential of the organization, or null (other services validate references); null too while a DELETE decides about it.",
    input: CredentialLookupParams,
    output: CredentialOut.nullable(),
    idempotent: true,
  }),
  secretFor: action({
    name: "credentials.secretFor",
    visibility: "public",
    description: "The decrypted secret for another service's own use (never routed over HTTP), or null; audited with purpose.",
    input: SecretForParams,
    output: CredentialSecret.nullable(),
  }),
  relayEvents: relayEventsAction("credentials.relayEvents"),
  purgeOrganization: action({
    name: "credentials.purgeOrganization",
    visibility: "public",
    description: "Organization deletion (a job): removes its credentials and audit events and crypto-shreds its data keys. Idempotent.",
    input: PurgeOrganizationParams,
    output: CredentialsPurgeResult,
  }),
  rewrapKeys: action({
    name: "credentials.rewrapKeys",
    visibility: "public",
    description: "Master-key rotation: re-wraps this service's data keys under the current MASTER_KEY (operators).",
    output: RewrapKeysResult,
  }),
} as const;
