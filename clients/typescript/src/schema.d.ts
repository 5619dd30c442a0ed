/**
 * Generated from the OpenAPI document the gateway serves (/api/v1/openapi.json) by
 * openapi-typescript 7.13.0 (`npm run client:generate`). Do not edit: `npm run client:check`
 * regenerates it from a running gateway and fails on any difference.
 */

export interface paths {
  "/api/v1/healthz": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Liveness of the HTTP gateway
     * @description Liveness of the HTTP gateway.
     */
    get: operations["getHealthz"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/api/v1/version": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Build information (VersionResponse)
     * @description Build information (VersionResponse).
     */
    get: operations["getVersion"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/api/v1/openapi.json": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * The OpenAPI 3.1 document of every route
     * @description The OpenAPI 3.1 document of every route.
     */
    get: operations["getOpenapiJson"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/api/v1/docs": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * The API documentation page
     * @description The API documentation page.
     */
    get: operations["getDocs"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/api/v1/events": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * The organization's events as they happen (Server-Sent Events); `Last-Event-ID` resumes from the audit log; `types` filters by type patterns
     * @description The organization's events as they happen (Server-Sent Events); `Last-Event-ID` resumes from the audit log; `types` filters by type patterns. Owners and admins only, like the audit log it replays (members get 403 `forbidden`).
     */
    get: operations["getEvents"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/api/v1/docs/{file}": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * A static file of the documentation page
     * @description A static file of the documentation page.
     */
    get: operations["getDocsFile"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/api/v1/.well-known/jwks.json": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Public keys that verify access tokens (JWKS)
     * @description Public keys that verify access tokens (JWKS).
     */
    get: operations["getWellKnownJwksJson"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/.well-known/jwks.json": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Public keys that verify access tokens (JWKS)
     * @description Public keys that verify access tokens (JWKS).
     */
    get: operations["getWellKnownJwksJsonAtRoot"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/api/v1/auth/refresh": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Spends the refresh token and returns a new pair in its family (a repeat within the grace window gets the same pair; later reuse revokes the family)
     * @description Spends the refresh token and returns a new pair in its family (a repeat within the grace window gets the same pair; later reuse revokes the family).
     */
    post: operations["postAuthRefresh"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/api/v1/auth/logout": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Revokes the refresh token's whole family (204 even for an unknown token)
     * @description Revokes the refresh token's whole family (204 even for an unknown token).
     */
    post: operations["postAuthLogout"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/api/v1/auth/providers": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * The identity providers this deployment is configured with (name and display name), for a sign-in page
     * @description The identity providers this deployment is configured with (name and display name), for a sign-in page.
     */
    get: operations["getAuthProviders"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/api/v1/auth/{provider}/start": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * The provider's authorization URL with a single-use state (10 minutes)
     * @description The provider's authorization URL with a single-use state (10 minutes).
     */
    post: operations["postAuthProviderStart"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/api/v1/auth/{provider}/callback": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Spends the state, exchanges the code, signs the user in (TokenPair)
     * @description Spends the state, exchanges the code, signs the user in (TokenPair).
     */
    get: operations["getAuthProviderCallback"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/api/v1/me": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * The calling user with e-mails and organizations
     * @description The calling user with e-mails and organizations.
     */
    get: operations["getMe"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    /**
     * Changes the display name
     * @description Changes the display name.
     */
    patch: operations["patchMe"];
    trace?: never;
  };
  "/api/v1/me/api-keys": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * The caller's keys, never their plaintext
     * @description The caller's keys, never their plaintext.
     */
    get: operations["getMeApiKeys"];
    put?: never;
    /**
     * A new user API key; the plaintext is in this response only
     * @description A new user API key; the plaintext is in this response only.
     */
    post: operations["postMeApiKeys"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/api/v1/me/api-keys/{id}": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post?: never;
    /**
     * Revokes one of the caller's keys at once (gateways drop it from their cache)
     * @description Revokes one of the caller's keys at once (gateways drop it from their cache).
     */
    delete: operations["deleteMeApiKeysId"];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/api/v1/admin/users": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Administrators: users, newest first, whose e-mail address or name contains `q` (case-insensitive); never a secret
     * @description Administrators: users, newest first, whose e-mail address or name contains `q` (case-insensitive); never a secret.
     */
    get: operations["getAdminUsers"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/api/v1/admin/users/{id}": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Administrators: one user
     * @description Administrators: one user.
     */
    get: operations["getAdminUsersId"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    /**
     * Administrators: make or revoke an administrator, disable or enable a user (a disabled user is refused at once everywhere)
     * @description Administrators: make or revoke an administrator, disable or enable a user (a disabled user is refused at once everywhere). An administrator cannot revoke or disable themselves (409): another administrator must.
     */
    patch: operations["patchAdminUsersId"];
    trace?: never;
  };
  "/api/v1/orgs": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * The organizations the caller belongs to
     * @description The organizations the caller belongs to.
     */
    get: operations["getOrgs"];
    put?: never;
    /**
     * Create an organization; the caller becomes its owner
     * @description Create an organization; the caller becomes its owner.
     */
    post: operations["postOrgs"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/api/v1/orgs/{id}": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * One organization of the caller (404 for non-members)
     * @description One organization of the caller (404 for non-members).
     */
    get: operations["getOrgsId"];
    put?: never;
    post?: never;
    /**
     * Delete the organization and everything it owns in every service (owner)
     * @description Delete the organization and everything it owns in every service (owner).
     */
    delete: operations["deleteOrgsId"];
    options?: never;
    head?: never;
    /**
     * Change name and/or domain (owner or admin)
     * @description Change name and/or domain (owner or admin).
     */
    patch: operations["patchOrgsId"];
    trace?: never;
  };
  "/api/v1/orgs/{id}/api-keys": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * The organization's keys, never their secrets (any member)
     * @description The organization's keys, never their secrets (any member).
     */
    get: operations["getOrgsIdApiKeys"];
    put?: never;
    /**
     * A new org key and secret, shown only in this response (owner or admin)
     * @description A new org key and secret, shown only in this response (owner or admin).
     */
    post: operations["postOrgsIdApiKeys"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/api/v1/orgs/{id}/api-keys/{key_id}": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post?: never;
    /**
     * Revoke an org key at once (owner or admin)
     * @description Revoke an org key at once (owner or admin).
     */
    delete: operations["deleteOrgsIdApiKeysKeyId"];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/api/v1/orgs/{id}/members": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Members with their e-mail and role (any member)
     * @description Members with their e-mail and role (any member).
     */
    get: operations["getOrgsIdMembers"];
    put?: never;
    /**
     * Add a user or change their role (owner or admin; an owner's role only by an owner)
     * @description Add a user or change their role (owner or admin; an owner's role only by an owner).
     */
    post: operations["postOrgsIdMembers"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/api/v1/orgs/{id}/members/{user_id}": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post?: never;
    /**
     * Remove a member (owner or admin; members may leave)
     * @description Remove a member (owner or admin; members may leave).
     */
    delete: operations["deleteOrgsIdMembersUserId"];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/api/v1/admin/organizations": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Administrators: organizations, newest first, whose name or domain contains `q`, or with a member whose e-mail address does (case-insensitive)
     * @description Administrators: organizations, newest first, whose name or domain contains `q`, or with a member whose e-mail address does (case-insensitive).
     */
    get: operations["getAdminOrganizations"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/api/v1/admin/organizations/{id}": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Administrators: an organization with its status, members (with their e-mails), org keys (never secrets) and, while it is deleted, its purge jobs
     * @description Administrators: an organization with its status, members (with their e-mails), org keys (never secrets) and, while it is deleted, its purge jobs.
     */
    get: operations["getAdminOrganizationsId"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/api/v1/labels": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * The organization's labels
     * @description The organization's labels. Filters key, value (exact), q (key contains), include=node_pools.
     */
    get: operations["getLabels"];
    put?: never;
    /**
     * Create a label
     * @description Create a label.
     */
    post: operations["postLabels"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/api/v1/labels/{id}": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * One label by id
     * @description One label by id.
     */
    get: operations["getLabelsId"];
    put?: never;
    post?: never;
    /**
     * Delete a label; it is also detached from node pools
     * @description Delete a label; it is also detached from node pools.
     */
    delete: operations["deleteLabelsId"];
    options?: never;
    head?: never;
    /**
     * Change a label (partial update)
     * @description Change a label (partial update).
     */
    patch: operations["patchLabelsId"];
    trace?: never;
  };
  "/api/v1/annotations": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * The organization's annotations
     * @description The organization's annotations. Filters key, value (exact), q (key contains), include=node_pools.
     */
    get: operations["getAnnotations"];
    put?: never;
    /**
     * Create an annotation
     * @description Create an annotation.
     */
    post: operations["postAnnotations"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/api/v1/annotations/{id}": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * One annotation by id
     * @description One annotation by id.
     */
    get: operations["getAnnotationsId"];
    put?: never;
    post?: never;
    /**
     * Delete an annotation; it is also detached from node pools
     * @description Delete an annotation; it is also detached from node pools.
     */
    delete: operations["deleteAnnotationsId"];
    options?: never;
    head?: never;
    /**
     * Change an annotation (partial update)
     * @description Change an annotation (partial update).
     */
    patch: operations["patchAnnotationsId"];
    trace?: never;
  };
  "/api/v1/taints": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * The organization's taints
     * @description The organization's taints. Filters key, value (exact), q (key contains), include=node_pools.
     */
    get: operations["getTaints"];
    put?: never;
    /**
     * Create a taint
     * @description Create a taint.
     */
    post: operations["postTaints"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/api/v1/taints/{id}": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * One taint by id
     * @description One taint by id.
     */
    get: operations["getTaintsId"];
    put?: never;
    post?: never;
    /**
     * Delete a taint; it is also detached from node pools
     * @description Delete a taint; it is also detached from node pools.
     */
    delete: operations["deleteTaintsId"];
    options?: never;
    head?: never;
    /**
     * Change a taint (partial update)
     * @description Change a taint (partial update).
     */
    patch: operations["patchTaintsId"];
    trace?: never;
  };
  "/api/v1/servers": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * The organization's servers
     * @description The organization's servers. Filters status and role.
     */
    get: operations["getServers"];
    put?: never;
    /**
     * Create a server
     * @description Create a server. ssh_key_id must be an SSH key of the organization.
     */
    post: operations["postServers"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/api/v1/servers/{id}": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * One server
     * @description One server.
     */
    get: operations["getServersId"];
    put?: never;
    post?: never;
    /**
     * Delete a server
     * @description Delete a server. 409 while a cluster references it.
     */
    delete: operations["deleteServersId"];
    options?: never;
    head?: never;
    /**
     * Change a server (partial); returns the updated server
     * @description Change a server (partial); returns the updated server.
     */
    patch: operations["patchServersId"];
    trace?: never;
  };
  "/api/v1/servers/{id}/reset-hostkey": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Forget the server's pinned SSH host key (owners and admins): the next connection pins the key it meets
     * @description Forget the server's pinned SSH host key (owners and admins): the next connection pins the key it meets.
     */
    post: operations["postServersIdResetHostkey"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/api/v1/ssh": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * The organization's SSH keys, public parts only, each with its server_count; unattached=true keeps the keys no server names
     * @description The organization's SSH keys, public parts only, each with its server_count; unattached=true keeps the keys no server names.
     */
    get: operations["getSsh"];
    put?: never;
    /**
     * Generates an RSA or Ed25519 pair; the private key is stored encrypted
     * @description Generates an RSA or Ed25519 pair; the private key is stored encrypted.
     */
    post: operations["postSsh"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/api/v1/ssh/{id}": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * One SSH key
     * @description One SSH key. reveal=true adds private_key (owners and admins; a member gets 403 `forbidden`).
     */
    get: operations["getSshId"];
    put?: never;
    post?: never;
    /**
     * Delete an SSH key
     * @description Delete an SSH key. 409 while a server uses it.
     */
    delete: operations["deleteSshId"];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/api/v1/ssh/{id}/download": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Download an SSH key as a file
     * @description Download an SSH key as a file. part=public|private|both (a zip for both); the private part is for owners and admins (a member gets 403 `forbidden`).
     */
    get: operations["getSshIdDownload"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/api/v1/node-pools": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * The organization's node pools, in full
     * @description The organization's node pools, in full. q filters by name.
     */
    get: operations["getNodePools"];
    put?: never;
    /**
     * Create a node pool
     * @description Create a node pool.
     */
    post: operations["postNodePools"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/api/v1/node-pools/{id}": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * One node pool with its servers, labels, annotations and taints
     * @description One node pool with its servers, labels, annotations and taints.
     */
    get: operations["getNodePoolsId"];
    put?: never;
    post?: never;
    /**
     * Delete a node pool
     * @description Delete a node pool. 409 while a cluster references it.
     */
    delete: operations["deleteNodePoolsId"];
    options?: never;
    head?: never;
    /**
     * Change a node pool (partial)
     * @description Change a node pool (partial).
     */
    patch: operations["patchNodePoolsId"];
    trace?: never;
  };
  "/api/v1/node-pools/{id}/servers": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * The pool's attached servers
     * @description The pool's attached servers.
     */
    get: operations["getNodePoolsIdServers"];
    put?: never;
    /**
     * Attach {server_ids}: all or nothing
     * @description Attach {server_ids}: all or nothing.
     */
    post: operations["postNodePoolsIdServers"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/api/v1/node-pools/{id}/servers/{childId}": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post?: never;
    /**
     * Detach one of the pool's servers
     * @description Detach one of the pool's servers.
     */
    delete: operations["deleteNodePoolsIdServersChildId"];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/api/v1/node-pools/{id}/labels": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * The pool's attached labels
     * @description The pool's attached labels.
     */
    get: operations["getNodePoolsIdLabels"];
    put?: never;
    /**
     * Attach {label_ids}: all or nothing
     * @description Attach {label_ids}: all or nothing.
     */
    post: operations["postNodePoolsIdLabels"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/api/v1/node-pools/{id}/labels/{childId}": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post?: never;
    /**
     * Detach one of the pool's labels
     * @description Detach one of the pool's labels.
     */
    delete: operations["deleteNodePoolsIdLabelsChildId"];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/api/v1/node-pools/{id}/annotations": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * The pool's attached annotations
     * @description The pool's attached annotations.
     */
    get: operations["getNodePoolsIdAnnotations"];
    put?: never;
    /**
     * Attach {annotation_ids}: all or nothing
     * @description Attach {annotation_ids}: all or nothing.
     */
    post: operations["postNodePoolsIdAnnotations"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/api/v1/node-pools/{id}/annotations/{childId}": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post?: never;
    /**
     * Detach one of the pool's annotations
     * @description Detach one of the pool's annotations.
     */
    delete: operations["deleteNodePoolsIdAnnotationsChildId"];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/api/v1/node-pools/{id}/taints": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * The pool's attached taints
     * @description The pool's attached taints.
     */
    get: operations["getNodePoolsIdTaints"];
    put?: never;
    /**
     * Attach {taint_ids}: all or nothing
     * @description Attach {taint_ids}: all or nothing.
     */
    post: operations["postNodePoolsIdTaints"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/api/v1/node-pools/{id}/taints/{childId}": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post?: never;
    /**
     * Detach one of the pool's taints
     * @description Detach one of the pool's taints.
     */
    delete: operations["deleteNodePoolsIdTaintsChildId"];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/api/v1/load-balancers": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * The organization's load balancers
     * @description The organization's load balancers.
     */
    get: operations["getLoadBalancers"];
    put?: never;
    /**
     * Create a load balancer; name and kind are required
     * @description Create a load balancer; name and kind are required.
     */
    post: operations["postLoadBalancers"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/api/v1/load-balancers/{id}": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * One load balancer
     * @description One load balancer.
     */
    get: operations["getLoadBalancersId"];
    put?: never;
    post?: never;
    /**
     * Delete a load balancer
     * @description Delete a load balancer. 409 while a cluster references it.
     */
    delete: operations["deleteLoadBalancersId"];
    options?: never;
    head?: never;
    /**
     * Change a load balancer (partial)
     * @description Change a load balancer (partial).
     */
    patch: operations["patchLoadBalancersId"];
    trace?: never;
  };
  "/api/v1/credentials": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * The organization's credentials (metadata), newest first; filters provider (or credential_provider), kind, scope_kind
     * @description The organization's credentials (metadata), newest first; filters provider (or credential_provider), kind, scope_kind.
     */
    get: operations["getCredentials"];
    put?: never;
    /**
     * Validate, encrypt the secret, store; duplicate (provider, scope_kind, scope) is 409
     * @description Validate, encrypt the secret, store; duplicate (provider, scope_kind, scope) is 409.
     */
    post: operations["postCredentials"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/api/v1/credentials/{id}": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * One credential (metadata only)
     * @description One credential (metadata only).
     */
    get: operations["getCredentialsId"];
    put?: never;
    post?: never;
    /**
     * Delete a credential
     * @description Delete a credential. 409 while a domain uses it; 503 when the dns service cannot tell.
     */
    delete: operations["deleteCredentialsId"];
    options?: never;
    head?: never;
    /**
     * Change a credential's metadata and scope
     * @description Change a credential's metadata and scope. `secret` rotates the secret; provider and kind are immutable.
     */
    patch: operations["patchCredentialsId"];
    trace?: never;
  };
  "/api/v1/credentials/{id}/reveal": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * The decrypted secret as a JSON object; audited
     * @description The decrypted secret as a JSON object; audited. Owners and admins, like every write (a member gets 403 `forbidden`).
     */
    post: operations["postCredentialsIdReveal"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/api/v1/dns/domains": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * The organization's domains (filters domain_name, status, q)
     * @description The organization's domains (filters domain_name, status, q).
     */
    get: operations["getDnsDomains"];
    put?: never;
    /**
     * Add a domain hosted by a DNS-hosting credential; reconciled asynchronously
     * @description Add a domain hosted by a DNS-hosting credential; reconciled asynchronously.
     */
    post: operations["postDnsDomains"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/api/v1/dns/domains/{id}": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * One domain
     * @description One domain.
     */
    get: operations["getDnsDomainsId"];
    put?: never;
    post?: never;
    /**
     * Remove the domain and its record sets (409 while a cluster uses them)
     * @description Remove the domain and its record sets (409 while a cluster uses them).
     */
    delete: operations["deleteDnsDomainsId"];
    options?: never;
    head?: never;
    /**
     * Change credential, name, zone id or status
     * @description Change credential, name, zone id or status.
     */
    patch: operations["patchDnsDomainsId"];
    trace?: never;
  };
  "/api/v1/dns/domains/{domain_id}/records": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * The domain's record sets (filters name, type, status)
     * @description The domain's record sets (filters name, type, status).
     */
    get: operations["getDnsDomainsDomainIdRecords"];
    put?: never;
    /**
     * Add a record set (status pending; upserted by the worker)
     * @description Add a record set (status pending; upserted by the worker).
     */
    post: operations["postDnsDomainsDomainIdRecords"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/api/v1/dns/records/{id}": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * One record set (the route a record set's Location names)
     * @description One record set (the route a record set's Location names).
     */
    get: operations["getDnsRecordsId"];
    put?: never;
    post?: never;
    /**
     * Remove a record set; the worker removes it from the DNS host when we own it
     * @description Remove a record set; the worker removes it from the DNS host when we own it.
     */
    delete: operations["deleteDnsRecordsId"];
    options?: never;
    head?: never;
    /**
     * Change a record set; any change sets it back to pending
     * @description Change a record set; any change sets it back to pending.
     */
    patch: operations["patchDnsRecordsId"];
    trace?: never;
  };
  "/api/v1/clusters": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * The organization's clusters, newest first (q: name contains; each metadata.<key>=<value> keeps the clusters with that metadata entry, all must match)
     * @description The organization's clusters, newest first (q: name contains; each metadata.<key>=<value> keeps the clusters with that metadata entry, all must match).
     */
    get: operations["getClusters"];
    put?: never;
    /**
     * Create a cluster (status pre_pending)
     * @description Create a cluster (status pre_pending).
     */
    post: operations["postClusters"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/api/v1/clusters/{clusterID}": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * One cluster with its nested objects
     * @description One cluster with its nested objects.
     */
    get: operations["getClustersClusterID"];
    put?: never;
    post?: never;
    /**
     * Delete the cluster with its attachments and kubeconfig
     * @description Delete the cluster with its attachments and kubeconfig.
     */
    delete: operations["deleteClustersClusterID"];
    options?: never;
    head?: never;
    /**
     * Change a cluster's name, provider (or cluster_provider), region, docker_image or docker_tag (status is not settable)
     * @description Change a cluster's name, provider (or cluster_provider), region, docker_image or docker_tag (status is not settable).
     */
    patch: operations["patchClustersClusterID"];
    trace?: never;
  };
  "/api/v1/clusters/{clusterID}/apps-load-balancer": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Attach the apps load balancer
     * @description Attach the apps load balancer.
     */
    post: operations["postClustersClusterIDAppsLoadBalancer"];
    /**
     * Detach the apps load balancer
     * @description Detach the apps load balancer.
     */
    delete: operations["deleteClustersClusterIDAppsLoadBalancer"];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/api/v1/clusters/{clusterID}/platform-load-balancer": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Attach the platform load balancer
     * @description Attach the platform load balancer.
     */
    post: operations["postClustersClusterIDPlatformLoadBalancer"];
    /**
     * Detach the platform load balancer
     * @description Detach the platform load balancer.
     */
    delete: operations["deleteClustersClusterIDPlatformLoadBalancer"];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/api/v1/clusters/{clusterID}/bastion": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Attach the bastion server
     * @description Attach the bastion server.
     */
    post: operations["postClustersClusterIDBastion"];
    /**
     * Detach the bastion server
     * @description Detach the bastion server.
     */
    delete: operations["deleteClustersClusterIDBastion"];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/api/v1/clusters/{clusterID}/captain-domain": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Attach the captain domain
     * @description Attach the captain domain.
     */
    post: operations["postClustersClusterIDCaptainDomain"];
    /**
     * Detach the captain domain
     * @description Detach the captain domain.
     */
    delete: operations["deleteClustersClusterIDCaptainDomain"];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/api/v1/clusters/{clusterID}/control-plane-record-set": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Attach the control-plane record set
     * @description Attach the control-plane record set.
     */
    post: operations["postClustersClusterIDControlPlaneRecordSet"];
    /**
     * Detach the control-plane record set
     * @description Detach the control-plane record set.
     */
    delete: operations["deleteClustersClusterIDControlPlaneRecordSet"];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/api/v1/clusters/{clusterID}/node-pools": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Attach a node pool
     * @description Attach a node pool.
     */
    post: operations["postClustersClusterIDNodePools"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/api/v1/clusters/{clusterID}/node-pools/{nodePoolID}": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post?: never;
    /**
     * Detach a node pool
     * @description Detach a node pool.
     */
    delete: operations["deleteClustersClusterIDNodePoolsNodePoolID"];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/api/v1/clusters/{clusterID}/kubeconfig": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Store or replace the kubeconfig, encrypted
     * @description Store or replace the kubeconfig, encrypted.
     */
    post: operations["postClustersClusterIDKubeconfig"];
    /**
     * Remove the encrypted kubeconfig, IV and tag
     * @description Remove the encrypted kubeconfig, IV and tag.
     */
    delete: operations["deleteClustersClusterIDKubeconfig"];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/api/v1/clusters/{clusterID}/metadata": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * The cluster's metadata entries, newest first
     * @description The cluster's metadata entries, newest first.
     */
    get: operations["getClustersClusterIDMetadata"];
    put?: never;
    /**
     * Add a metadata entry {key, value}: key lower-cased, value trimmed; a key the cluster has already is 409
     * @description Add a metadata entry {key, value}: key lower-cased, value trimmed; a key the cluster has already is 409.
     */
    post: operations["postClustersClusterIDMetadata"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/api/v1/clusters/{clusterID}/metadata/{metadataID}": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * One metadata entry of the cluster
     * @description One metadata entry of the cluster.
     */
    get: operations["getClustersClusterIDMetadataMetadataID"];
    put?: never;
    post?: never;
    /**
     * Remove a metadata entry
     * @description Remove a metadata entry.
     */
    delete: operations["deleteClustersClusterIDMetadataMetadataID"];
    options?: never;
    head?: never;
    /**
     * Change a metadata entry's key or value (a key another entry has is 409)
     * @description Change a metadata entry's key or value (a key another entry has is 409).
     */
    patch: operations["patchClustersClusterIDMetadataMetadataID"];
    trace?: never;
  };
  "/api/v1/admin/worker/jobs": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Filtered page of jobs, newest first (by status, queue, type, text; periodic housekeeping hidden unless `periodic=true|all`), with `counts`: jobs per status under the same filters, status aside
     * @description Filtered page of jobs, newest first (by status, queue, type, text; periodic housekeeping hidden unless `periodic=true|all`), with `counts`: jobs per status under the same filters, status aside.
     */
    get: operations["getAdminWorkerJobs"];
    put?: never;
    /**
     * Enqueue (queued, or scheduled for a future run_at)
     * @description Enqueue (queued, or scheduled for a future run_at). The payload is validated by the schema of the action the type names (400 with its message); the queue must be the type's (400 `invalid queue`).
     */
    post: operations["postAdminWorkerJobs"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/api/v1/admin/worker/jobs/{id}": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * One job, with when it finished, the node of its current attempt and its attempt history (attempts claimed, retries and cancels asked for); 404 `job not found`
     * @description One job, with when it finished, the node of its current attempt and its attempt history (attempts claimed, retries and cancels asked for); 404 `job not found`.
     */
    get: operations["getAdminWorkerJobsId"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/api/v1/admin/worker/jobs/{id}/cancel": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Cancel a job
     * @description Cancel a job.
     */
    post: operations["postAdminWorkerJobsIdCancel"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/api/v1/admin/worker/jobs/{id}/retry": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * A failed or canceled job runs again from attempt 1
     * @description A failed or canceled job runs again from attempt 1.
     */
    post: operations["postAdminWorkerJobsIdRetry"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/api/v1/admin/worker/jobs/bulk-retry": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Retry, at most `max` of them, the failed (or canceled) jobs the filter matches (the job list's: status, queue, type, periodic), newest first; `more` says whether more matched
     * @description Retry, at most `max` of them, the failed (or canceled) jobs the filter matches (the job list's: status, queue, type, periodic), newest first; `more` says whether more matched.
     */
    post: operations["postAdminWorkerJobsBulkRetry"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/api/v1/admin/worker/jobs/bulk-cancel": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Cancel, at most `max` of them, the queued, scheduled, retrying or running jobs the filter matches, newest first; `more` says whether more matched
     * @description Cancel, at most `max` of them, the queued, scheduled, retrying or running jobs the filter matches, newest first; `more` says whether more matched.
     */
    post: operations["postAdminWorkerJobsBulkCancel"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/api/v1/admin/worker/periodic": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * The periodic housekeeping jobs: each type's schedule, its last run and outcome, and its next run
     * @description The periodic housekeeping jobs: each type's schedule, its last run and outcome, and its next run.
     */
    get: operations["getAdminWorkerPeriodic"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/api/v1/admin/worker/stats": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Job attempts of the last hour over every jobs replica (their engines' counters): per minute and per queue, succeeded, failed, retrying and canceled
     * @description Job attempts of the last hour over every jobs replica (their engines' counters): per minute and per queue, succeeded, failed, retrying and canceled.
     */
    get: operations["getAdminWorkerStats"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/api/v1/admin/worker/queues": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Pending, running, failed and scheduled jobs per queue
     * @description Pending, running, failed and scheduled jobs per queue.
     */
    get: operations["getAdminWorkerQueues"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/api/v1/admin/worker/queues/{name}/pause": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Pause a queue: it keeps accepting jobs, but no replica starts one until it is resumed (running jobs finish)
     * @description Pause a queue: it keeps accepting jobs, but no replica starts one until it is resumed (running jobs finish). The queue must be known (a job type's queue, one holding a job, or a paused one), otherwise 404 `queue not found`; no body. Once it answers, no replica starts a job of the queue.
     */
    post: operations["postAdminWorkerQueuesNamePause"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/api/v1/admin/worker/queues/{name}/resume": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Resume a paused queue: its waiting jobs are started again
     * @description Resume a paused queue: its waiting jobs are started again. The queue must be known (a job type's queue, one holding a job, or a paused one), otherwise 404 `queue not found`; no body.
     */
    post: operations["postAdminWorkerQueuesNameResume"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/api/v1/audit-events": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * The organization's audit log, newest first; filters type, resource_type, resource_id, actor_id, since, until; owners and admins only
     * @description The organization's audit log, newest first; filters type, resource_type, resource_id, actor_id, since, until; owners and admins only.
     */
    get: operations["getAuditEvents"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/api/v1/admin/organizations/{id}/audit-events": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Administrators: an organization's audit log, newest first, without the events' data (type, resource, actor, time, request id); the filters and paging of GET /audit-events
     * @description Administrators: an organization's audit log, newest first, without the events' data (type, resource, actor, time, request id); the filters and paging of GET /audit-events. An organization that does not exist (or no longer does) is 404 `organization not found`.
     */
    get: operations["getAdminOrganizationsIdAuditEvents"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/api/v1/webhooks": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * The organization's webhooks, newest first; owners and admins only
     * @description The organization's webhooks, newest first; owners and admins only.
     */
    get: operations["getWebhooks"];
    put?: never;
    /**
     * Subscribe a URL to event types (patterns such as `record_set.*`); the answer shows the signing secret once
     * @description Subscribe a URL to event types (patterns such as `record_set.*`); the answer shows the signing secret once.
     */
    post: operations["postWebhooks"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/api/v1/webhooks/{id}": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * One webhook (never its secret)
     * @description One webhook (never its secret).
     */
    get: operations["getWebhooksId"];
    put?: never;
    post?: never;
    /**
     * Delete a webhook and its delivery history
     * @description Delete a webhook and its delivery history.
     */
    delete: operations["deleteWebhooksId"];
    options?: never;
    head?: never;
    /**
     * Change a webhook's URL, event patterns, description or active flag
     * @description Change a webhook's URL, event patterns, description or active flag.
     */
    patch: operations["patchWebhooksId"];
    trace?: never;
  };
  "/api/v1/webhooks/{id}/rotate-secret": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * A new signing secret (shown once); the previous one keeps signing, next to it, for WEBHOOK_SECRET_GRACE_S
     * @description A new signing secret (shown once); the previous one keeps signing, next to it, for WEBHOOK_SECRET_GRACE_S.
     */
    post: operations["postWebhooksIdRotateSecret"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/api/v1/webhooks/{id}/deliveries": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * A webhook's deliveries, newest first: attempts, status codes and errors
     * @description A webhook's deliveries, newest first: attempts, status codes and errors.
     */
    get: operations["getWebhooksIdDeliveries"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/api/v1/webhooks/{id}/test": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Send a `webhook.ping` event to the webhook (through the queue, like any delivery); answers the delivery
     * @description Send a `webhook.ping` event to the webhook (through the queue, like any delivery); answers the delivery.
     */
    post: operations["postWebhooksIdTest"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/api/v1/admin/actions": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * The actions administrators defined (label, description, make_target), newest first
     * @description The actions administrators defined (label, description, make_target), newest first.
     */
    get: operations["getAdminActions"];
    put?: never;
    /**
     * Define an action: a make target runs against a cluster through its bastion
     * @description Define an action: a make target runs against a cluster through its bastion. Labels are unique (409).
     */
    post: operations["postAdminActions"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/api/v1/actions": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * The actions an organization can run on its clusters (the ones administrators defined: label, description, make_target), newest first; any member reads them
     * @description The actions an organization can run on its clusters (the ones administrators defined: label, description, make_target), newest first; any member reads them.
     */
    get: operations["getActions"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/api/v1/admin/actions/{actionID}": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * One action
     * @description One action.
     */
    get: operations["getAdminActionsActionID"];
    put?: never;
    post?: never;
    /**
     * Delete an action; runs already started keep what they were started with
     * @description Delete an action; runs already started keep what they were started with.
     */
    delete: operations["deleteAdminActionsActionID"];
    options?: never;
    head?: never;
    /**
     * Change an action (partial); runs already started keep what they were started with
     * @description Change an action (partial); runs already started keep what they were started with.
     */
    patch: operations["patchAdminActionsActionID"];
    trace?: never;
  };
  "/api/v1/clusters/{clusterID}/actions/{actionID}/runs": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Run an action against the cluster through its bastion (owners and admins)
     * @description Run an action against the cluster through its bastion (owners and admins). One run at a time per cluster: 409 while one is queued or running.
     */
    post: operations["postClustersClusterIDActionsActionIDRuns"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/api/v1/clusters/{clusterID}/runs": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * The cluster's runs, newest first
     * @description The cluster's runs, newest first.
     */
    get: operations["getClustersClusterIDRuns"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/api/v1/clusters/{clusterID}/runs/{runID}": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * One run of the cluster
     * @description One run of the cluster.
     */
    get: operations["getClustersClusterIDRunsRunID"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/api/v1/clusters/{clusterID}/runs/{runID}/logs": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * The run's output: a page after `after`, or a live tail (Accept: text/event-stream)
     * @description The run's output: a page after `after`, or a live tail (Accept: text/event-stream).
     */
    get: operations["getClustersClusterIDRunsRunIDLogs"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/api/v1/clusters/{clusterID}/runs/{runID}/cancel": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Cancel a queued or running run (owners and admins): a running one is sent a signal and its channel closed; it ends `canceled`
     * @description Cancel a queued or running run (owners and admins): a running one is sent a signal and its channel closed; it ends `canceled`. 409 when it has already ended.
     */
    post: operations["postClustersClusterIDRunsRunIDCancel"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/api/v1/servers/{id}/logs": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * A server's bootstrap output: a page after `after`, or a live tail (Accept: text/event-stream)
     * @description A server's bootstrap output: a page after `after`, or a live tail (Accept: text/event-stream).
     */
    get: operations["getServersIdLogs"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
}
export interface webhooks {
  event: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * An event of the organization, delivered to a webhook
     * @description A POST per event matching the webhook's patterns, following the Standard Webhooks specification (verify it with any Standard Webhooks library and the webhook's `whsec_` secret). Answer 2xx within WEBHOOK_TIMEOUT_MS; anything else (a timeout, a non-2xx answer; redirects are not followed) is retried with backoff for WEBHOOK_RETRY_WINDOW_S (24 h), then the delivery is failed. Deduplicate on `webhook-id`: the same on every retry.
     */
    post: operations["webhookEvent"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
}
export interface components {
  schemas: {
    ErrorResponse: {
      /** @description machine-readable code, also in the X-Error-Code header */
      code: string;
      /** @description human-readable message */
      message: string;
    };
    CreateDomainRequest: {
      /**
       * Format: uuid
       * @description a credential of the organization scoped to a DNS hosting service (route53 or powerdns)
       */
      credential_id: string;
      /** @description a DNS name of at least two labels; lower-cased, a trailing dot dropped */
      domain_name: string;
      /** @description the hosted zone's id (`/hostedzone/` dropped); backfilled asynchronously when omitted */
      zone_id?: string;
    };
    UpdateDomainRequest: {
      /**
       * Format: uuid
       * @description a credential of the organization scoped to a DNS hosting service (route53 or powerdns)
       */
      credential_id?: string;
      /** @description a DNS name of at least two labels; lower-cased, a trailing dot dropped */
      domain_name?: string;
      /** @description the hosted zone's id (`/hostedzone/` dropped); backfilled asynchronously when omitted */
      zone_id?: string;
      /** @enum {string} */
      status?: "pending" | "provisioning" | "ready" | "failed";
    };
    CreateRecordSetRequest: {
      /** @description relative to the domain or an FQDN inside it (stored relative; `@` is the apex) */
      name: string;
      /**
       * @description case-insensitive
       * @enum {string}
       */
      type: "A" | "AAAA" | "CNAME" | "TXT" | "MX" | "NS" | "SRV" | "CAA";
      /** @description seconds; 300 when omitted */
      ttl?: number;
      /** @description distinct values in the type's syntax; a CNAME takes exactly one */
      values: string[];
    };
    UpdateRecordSetRequest: {
      /** @description relative to the domain or an FQDN inside it (stored relative; `@` is the apex) */
      name?: string;
      /**
       * @description case-insensitive
       * @enum {string}
       */
      type?: "A" | "AAAA" | "CNAME" | "TXT" | "MX" | "NS" | "SRV" | "CAA";
      /** @description seconds; 300 when omitted */
      ttl?: number;
      /** @description distinct values in the type's syntax; a CNAME takes exactly one */
      values?: string[];
      /** @enum {string} */
      status?: "pending" | "provisioning" | "ready" | "failed";
    };
    DomainEvent: {
      /** Format: uuid */
      id: string;
      /** Format: uuid */
      organization_id: string;
      type: string;
      resource_type: string;
      resource_id: string;
      actor: {
        /** @enum {string} */
        type: "user" | "org_key" | "system";
        id: string;
        email?: string;
      };
      request_id: string;
      /** Format: date-time */
      occurred_at: string;
      data: {
        [key: string]: unknown;
      };
    };
  };
  responses: never;
  parameters: never;
  requestBodies: never;
  headers: {
    /** @description machine-readable error code */
    "X-Error-Code": string;
  };
  pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
  getHealthz: {
    parameters: {
      query?: never;
      header?: {
        /** @description the ETag of a copy held: while it is still current the answer is 304 without a body */
        "If-None-Match"?: string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          /** @description the answer's strong entity tag (RFC 9110): send it back in If-None-Match (GET: 304 while unchanged) or If-Match (a write: 412 when the resource changed since) */
          ETag?: string;
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            /** @constant */
            status: "ok";
          };
        };
      };
      /** @description Not Modified: the If-None-Match tag is current */
      304: {
        headers: {
          /** @description the answer's strong entity tag (RFC 9110): send it back in If-None-Match (GET: 304 while unchanged) or If-Match (a write: 412 when the resource changed since) */
          ETag?: string;
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description invalid input, invalid id or invalid json */
      400: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description rate limit exceeded (see Retry-After) */
      429: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          /** @description seconds until the window resets */
          "Retry-After"?: number;
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description request line or headers too large (plain text: the parser refuses it before routing) */
      431: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description operation failure */
      500: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
    };
  };
  getVersion: {
    parameters: {
      query?: never;
      header?: {
        /** @description the ETag of a copy held: while it is still current the answer is 304 without a body */
        "If-None-Match"?: string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          /** @description the answer's strong entity tag (RFC 9110): send it back in If-None-Match (GET: 304 while unchanged) or If-Match (a write: 412 when the resource changed since) */
          ETag?: string;
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            version: string;
            commit: string;
            commitTime: string;
            revision: string;
            vcs: string;
            built: string;
            builtBy: string;
            go: string;
            goArch: string;
            goOS: string;
            modified: boolean;
          };
        };
      };
      /** @description Not Modified: the If-None-Match tag is current */
      304: {
        headers: {
          /** @description the answer's strong entity tag (RFC 9110): send it back in If-None-Match (GET: 304 while unchanged) or If-Match (a write: 412 when the resource changed since) */
          ETag?: string;
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description invalid input, invalid id or invalid json */
      400: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description rate limit exceeded (see Retry-After) */
      429: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          /** @description seconds until the window resets */
          "Retry-After"?: number;
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description request line or headers too large (plain text: the parser refuses it before routing) */
      431: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description operation failure */
      500: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
    };
  };
  getOpenapiJson: {
    parameters: {
      query?: never;
      header?: {
        /** @description the ETag of a copy held: while it is still current the answer is 304 without a body */
        "If-None-Match"?: string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          /** @description the answer's strong entity tag (RFC 9110): send it back in If-None-Match (GET: 304 while unchanged) or If-Match (a write: 412 when the resource changed since) */
          ETag?: string;
          [name: string]: unknown;
        };
        content: {
          "application/json": unknown;
        };
      };
      /** @description Not Modified: the If-None-Match tag is current */
      304: {
        headers: {
          /** @description the answer's strong entity tag (RFC 9110): send it back in If-None-Match (GET: 304 while unchanged) or If-Match (a write: 412 when the resource changed since) */
          ETag?: string;
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description invalid input, invalid id or invalid json */
      400: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description rate limit exceeded (see Retry-After) */
      429: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          /** @description seconds until the window resets */
          "Retry-After"?: number;
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description request line or headers too large (plain text: the parser refuses it before routing) */
      431: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description operation failure */
      500: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
    };
  };
  getDocs: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "text/html": string;
        };
      };
      /** @description invalid input, invalid id or invalid json */
      400: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description rate limit exceeded (see Retry-After) */
      429: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          /** @description seconds until the window resets */
          "Retry-After"?: number;
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description request line or headers too large (plain text: the parser refuses it before routing) */
      431: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description operation failure */
      500: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
    };
  };
  getEvents: {
    parameters: {
      query?: {
        types?: string;
      };
      header?: {
        /** @description the `id` of the last event received: the stream replays what the audit log recorded since (EventSource sends it when it reconnects); 400 `invalid last-event-id` when not a UUID */
        "Last-Event-ID"?: string;
        /** @description the organization (UUID); required with a bearer token or user API key, implied by an org key */
        "X-Org-ID"?: string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Server-Sent Events. Each event is one frame: `event: <type>`, `id: <event id>`, `data: <the event as JSON, a DomainEvent>`, then a blank line. A `: heartbeat` comment line comes every EVENTS_HEARTBEAT_S (15 s). With `Last-Event-ID`, what the audit log recorded since that event comes first, then the live events; the replay starts a little before that event (EVENTS_RESUME_OVERLAP_S), so a resumed stream may repeat events: deduplicate by `id`. When the backlog cannot be replayed (over EVENTS_REPLAY_MAX events, or an id the audit log no longer keeps), one `event: resync` frame (`id:` empty, `data: {"reason": …, "audit_log": "/api/v1/audit-events"}`) says to read the audit log; the live events follow. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "text/event-stream": string;
        };
      };
      /** @description invalid input, invalid id or invalid json */
      400: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description missing or invalid authentication */
      401: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description organization required, or forbidden */
      403: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description rate limit exceeded (see Retry-After) */
      429: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          /** @description seconds until the window resets */
          "Retry-After"?: number;
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description request line or headers too large (plain text: the parser refuses it before routing) */
      431: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description operation failure */
      500: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description service unavailable */
      503: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
    };
  };
  getDocsFile: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        file: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "*/*": string;
        };
      };
      /** @description invalid input, invalid id or invalid json */
      400: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description not found */
      404: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description rate limit exceeded (see Retry-After) */
      429: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          /** @description seconds until the window resets */
          "Retry-After"?: number;
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description request line or headers too large (plain text: the parser refuses it before routing) */
      431: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description operation failure */
      500: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
    };
  };
  getWellKnownJwksJson: {
    parameters: {
      query?: never;
      header?: {
        /** @description the ETag of a copy held: while it is still current the answer is 304 without a body */
        "If-None-Match"?: string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          /** @description the answer's strong entity tag (RFC 9110): send it back in If-None-Match (GET: 304 while unchanged) or If-Match (a write: 412 when the resource changed since) */
          ETag?: string;
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            keys: {
              kty: string;
              alg: string;
              use: string;
              kid: string;
              n?: string;
              e?: string;
              crv?: string;
              x?: string;
            }[];
          };
        };
      };
      /** @description Not Modified: the If-None-Match tag is current */
      304: {
        headers: {
          /** @description the answer's strong entity tag (RFC 9110): send it back in If-None-Match (GET: 304 while unchanged) or If-Match (a write: 412 when the resource changed since) */
          ETag?: string;
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description invalid input, invalid id or invalid json */
      400: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorResponse"];
        };
      };
      /** @description rate limit exceeded (see Retry-After) */
      429: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          /** @description seconds until the window resets */
          "Retry-After"?: number;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorResponse"];
        };
      };
      /** @description request line or headers too large (plain text: the parser refuses it before routing) */
      431: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description operation failure */
      500: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorResponse"];
        };
      };
      /** @description service unavailable */
      503: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorResponse"];
        };
      };
    };
  };
  getWellKnownJwksJsonAtRoot: {
    parameters: {
      query?: never;
      header?: {
        /** @description the ETag of a copy held: while it is still current the answer is 304 without a body */
        "If-None-Match"?: string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          /** @description the answer's strong entity tag (RFC 9110): send it back in If-None-Match (GET: 304 while unchanged) or If-Match (a write: 412 when the resource changed since) */
          ETag?: string;
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            keys: {
              kty: string;
              alg: string;
              use: string;
              kid: string;
              n?: string;
              e?: string;
              crv?: string;
              x?: string;
            }[];
          };
        };
      };
      /** @description Not Modified: the If-None-Match tag is current */
      304: {
        headers: {
          /** @description the answer's strong entity tag (RFC 9110): send it back in If-None-Match (GET: 304 while unchanged) or If-Match (a write: 412 when the resource changed since) */
          ETag?: string;
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description invalid input, invalid id or invalid json */
      400: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorResponse"];
        };
      };
      /** @description rate limit exceeded (see Retry-After) */
      429: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          /** @description seconds until the window resets */
          "Retry-After"?: number;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorResponse"];
        };
      };
      /** @description request line or headers too large (plain text: the parser refuses it before routing) */
      431: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description operation failure */
      500: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorResponse"];
        };
      };
      /** @description service unavailable */
      503: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorResponse"];
        };
      };
    };
  };
  postAuthRefresh: {
    parameters: {
      query?: never;
      header?: {
        /** @description this route has no entity tag: only `*` holds, any other value is 412 */
        "If-Match"?: string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": {
          refresh_token: string;
        };
      };
    };
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            access_token: string;
            refresh_token: string;
            /** @constant */
            token_type: "Bearer";
            expires_in: number;
          };
        };
      };
      /** @description invalid input, invalid id or invalid json */
      400: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorResponse"];
        };
      };
      /** @description missing or invalid authentication */
      401: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorResponse"];
        };
      };
      /** @description If-Match names no current entity tag of the resource (the ETag header gives the current one); on a route without one, any If-Match but * */
      412: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          /** @description the resource's current entity tag (absent on a route without one) */
          ETag?: string;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorResponse"];
        };
      };
      /** @description request body over 1 MiB */
      413: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorResponse"];
        };
      };
      /** @description rate limit exceeded (see Retry-After) */
      429: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          /** @description seconds until the window resets */
          "Retry-After"?: number;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorResponse"];
        };
      };
      /** @description request line or headers too large (plain text: the parser refuses it before routing) */
      431: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description operation failure */
      500: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorResponse"];
        };
      };
      /** @description service unavailable */
      503: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorResponse"];
        };
      };
    };
  };
  postAuthLogout: {
    parameters: {
      query?: never;
      header?: {
        /** @description this route has no entity tag: only `*` holds, any other value is 412 */
        "If-Match"?: string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": {
          refresh_token: string;
        };
      };
    };
    responses: {
      /** @description No Content */
      204: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description invalid input, invalid id or invalid json */
      400: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorResponse"];
        };
      };
      /** @description If-Match names no current entity tag of the resource (the ETag header gives the current one); on a route without one, any If-Match but * */
      412: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          /** @description the resource's current entity tag (absent on a route without one) */
          ETag?: string;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorResponse"];
        };
      };
      /** @description request body over 1 MiB */
      413: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorResponse"];
        };
      };
      /** @description rate limit exceeded (see Retry-After) */
      429: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          /** @description seconds until the window resets */
          "Retry-After"?: number;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorResponse"];
        };
      };
      /** @description request line or headers too large (plain text: the parser refuses it before routing) */
      431: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description operation failure */
      500: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorResponse"];
        };
      };
      /** @description service unavailable */
      503: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorResponse"];
        };
      };
    };
  };
  getAuthProviders: {
    parameters: {
      query?: never;
      header?: {
        /** @description the ETag of a copy held: while it is still current the answer is 304 without a body */
        "If-None-Match"?: string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          /** @description the answer's strong entity tag (RFC 9110): send it back in If-None-Match (GET: 304 while unchanged) or If-Match (a write: 412 when the resource changed since) */
          ETag?: string;
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            name: string;
            display_name: string;
          }[];
        };
      };
      /** @description Not Modified: the If-None-Match tag is current */
      304: {
        headers: {
          /** @description the answer's strong entity tag (RFC 9110): send it back in If-None-Match (GET: 304 while unchanged) or If-Match (a write: 412 when the resource changed since) */
          ETag?: string;
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description invalid input, invalid id or invalid json */
      400: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorResponse"];
        };
      };
      /** @description rate limit exceeded (see Retry-After) */
      429: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          /** @description seconds until the window resets */
          "Retry-After"?: number;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorResponse"];
        };
      };
      /** @description request line or headers too large (plain text: the parser refuses it before routing) */
      431: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description operation failure */
      500: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorResponse"];
        };
      };
      /** @description service unavailable */
      503: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorResponse"];
        };
      };
    };
  };
  postAuthProviderStart: {
    parameters: {
      query?: never;
      header?: {
        /** @description this route has no entity tag: only `*` holds, any other value is 412 */
        "If-Match"?: string;
      };
      path: {
        provider: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": {
          /** @enum {string} */
          return_to?: "console";
        };
      };
    };
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            auth_url: string;
          };
        };
      };
      /** @description invalid input, invalid id or invalid json */
      400: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorResponse"];
        };
      };
      /** @description not found */
      404: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorResponse"];
        };
      };
      /** @description If-Match names no current entity tag of the resource (the ETag header gives the current one); on a route without one, any If-Match but * */
      412: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          /** @description the resource's current entity tag (absent on a route without one) */
          ETag?: string;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorResponse"];
        };
      };
      /** @description request body over 1 MiB */
      413: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorResponse"];
        };
      };
      /** @description rate limit exceeded (see Retry-After) */
      429: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          /** @description seconds until the window resets */
          "Retry-After"?: number;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorResponse"];
        };
      };
      /** @description request line or headers too large (plain text: the parser refuses it before routing) */
      431: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description operation failure */
      500: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorResponse"];
        };
      };
      /** @description service unavailable */
      503: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorResponse"];
        };
      };
    };
  };
  getAuthProviderCallback: {
    parameters: {
      query?: {
        code?: string;
        state?: string;
        iss?: string;
        error?: string;
        error_description?: string;
      };
      header?: {
        /** @description the ETag of a copy held: while it is still current the answer is 304 without a body */
        "If-None-Match"?: string;
      };
      path: {
        provider: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          /** @description the answer's strong entity tag (RFC 9110): send it back in If-None-Match (GET: 304 while unchanged) or If-Match (a write: 412 when the resource changed since) */
          ETag?: string;
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            access_token: string;
            refresh_token: string;
            /** @constant */
            token_type: "Bearer";
            expires_in: number;
          };
        };
      };
      /** @description Not Modified: the If-None-Match tag is current */
      304: {
        headers: {
          /** @description the answer's strong entity tag (RFC 9110): send it back in If-None-Match (GET: 304 while unchanged) or If-Match (a write: 412 when the resource changed since) */
          ETag?: string;
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description invalid input, invalid id or invalid json */
      400: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorResponse"];
        };
      };
      /** @description missing or invalid authentication */
      401: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorResponse"];
        };
      };
      /** @description not found */
      404: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorResponse"];
        };
      };
      /** @description rate limit exceeded (see Retry-After) */
      429: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          /** @description seconds until the window resets */
          "Retry-After"?: number;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorResponse"];
        };
      };
      /** @description request line or headers too large (plain text: the parser refuses it before routing) */
      431: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description operation failure */
      500: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorResponse"];
        };
      };
      /** @description service unavailable */
      503: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorResponse"];
        };
      };
    };
  };
  getMe: {
    parameters: {
      query?: never;
      header?: {
        /** @description the ETag of a copy held: while it is still current the answer is 304 without a body */
        "If-None-Match"?: string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          /** @description the answer's strong entity tag (RFC 9110): send it back in If-None-Match (GET: 304 while unchanged) or If-Match (a write: 412 when the resource changed since) */
          ETag?: string;
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            id: string;
            display_name: string;
            primary_email: string;
            avatar_url: string;
            is_admin: boolean;
            is_disabled: boolean;
            created_at: string;
            updated_at: string;
            emails: {
              id: string;
              user_id: string;
              email: string;
              is_primary: boolean;
              is_verified: boolean;
              created_at: string;
              updated_at: string;
            }[];
            organizations: {
              id: string;
              name: string;
              domain: string;
              created_at: string;
              updated_at: string;
            }[];
          };
        };
      };
      /** @description Not Modified: the If-None-Match tag is current */
      304: {
        headers: {
          /** @description the answer's strong entity tag (RFC 9110): send it back in If-None-Match (GET: 304 while unchanged) or If-Match (a write: 412 when the resource changed since) */
          ETag?: string;
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description invalid input, invalid id or invalid json */
      400: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorResponse"];
        };
      };
      /** @description missing or invalid authentication */
      401: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorResponse"];
        };
      };
      /** @description rate limit exceeded (see Retry-After) */
      429: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          /** @description seconds until the window resets */
          "Retry-After"?: number;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorResponse"];
        };
      };
      /** @description request line or headers too large (plain text: the parser refuses it before routing) */
      431: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description operation failure */
      500: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorResponse"];
        };
      };
      /** @description service unavailable */
      503: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorResponse"];
        };
      };
    };
  };
  patchMe: {
    parameters: {
      query?: never;
      header?: {
        /** @description a key of at most 255 characters (IETF httpapi Idempotency-Key draft) that makes a retry safe: the first request's answer (status, Location, body, or its 4xx) is recorded with the change for 24 h, per caller and organization, and a repeat with the same key and body answers it again with `Idempotent-Replayed: true`, through any gateway, also when the first answer was lost or a 503; the same key with another body is 422, a repeat while the first still runs 409, a longer key 400 */
        "Idempotency-Key"?: string;
        /** @description make the write conditional: it happens only while the resource's current ETag (GET /api/v1/me) is one of these tags (or for `*`); otherwise 412 with the current ETag and nothing changes. Checked by the database write itself: of two concurrent writes with the same tag, one wins */
        "If-Match"?: string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": {
          display_name?: string;
        };
      };
    };
    responses: {
      /** @description OK */
      200: {
        headers: {
          /** @description the answer's strong entity tag (RFC 9110): send it back in If-None-Match (GET: 304 while unchanged) or If-Match (a write: 412 when the resource changed since) */
          ETag?: string;
          /** @description `true` when this is the recorded answer to an earlier request with the same Idempotency-Key */
          "Idempotent-Replayed"?: "true";
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            id: string;
            display_name: string;
            primary_email: string;
            avatar_url: string;
            is_admin: boolean;
            is_disabled: boolean;
            created_at: string;
            updated_at: string;
          };
        };
      };
      /** @description invalid input, invalid id or invalid json */
      400: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorResponse"];
        };
      };
      /** @description missing or invalid authentication */
      401: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorResponse"];
        };
      };
      /** @description conflict; or a request with the same Idempotency-Key is still being processed */
      409: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorResponse"];
        };
      };
      /** @description If-Match names no current entity tag of the resource (the ETag header gives the current one); on a route without one, any If-Match but * */
      412: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          /** @description the resource's current entity tag (absent on a route without one) */
          ETag?: string;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorResponse"];
        };
      };
      /** @description request body over 1 MiB */
      413: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorResponse"];
        };
      };
      /** @description the Idempotency-Key was used for another request */
      422: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorResponse"];
        };
      };
      /** @description rate limit exceeded (see Retry-After) */
      429: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          /** @description seconds until the window resets */
          "Retry-After"?: number;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorResponse"];
        };
      };
      /** @description request line or headers too large (plain text: the parser refuses it before routing) */
      431: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description operation failure */
      500: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorResponse"];
        };
      };
      /** @description service unavailable */
      503: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorResponse"];
        };
      };
    };
  };
  getMeApiKeys: {
    parameters: {
      query?: never;
      header?: {
        /** @description the ETag of a copy held: while it is still current the answer is 304 without a body */
        "If-None-Match"?: string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          /** @description the answer's strong entity tag (RFC 9110): send it back in If-None-Match (GET: 304 while unchanged) or If-Match (a write: 412 when the resource changed since) */
          ETag?: string;
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            id: string;
            name: string;
            /** @constant */
            scope: "user";
            created_at: string;
            expires_at: string | null;
            last_used_at: string | null;
            plain?: string;
          }[];
        };
      };
      /** @description Not Modified: the If-None-Match tag is current */
      304: {
        headers: {
          /** @description the answer's strong entity tag (RFC 9110): send it back in If-None-Match (GET: 304 while unchanged) or If-Match (a write: 412 when the resource changed since) */
          ETag?: string;
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description invalid input, invalid id or invalid json */
      400: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorResponse"];
        };
      };
      /** @description missing or invalid authentication */
      401: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorResponse"];
        };
      };
      /** @description rate limit exceeded (see Retry-After) */
      429: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          /** @description seconds until the window resets */
          "Retry-After"?: number;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorResponse"];
        };
      };
      /** @description request line or headers too large (plain text: the parser refuses it before routing) */
      431: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description operation failure */
      500: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorResponse"];
        };
      };
      /** @description service unavailable */
      503: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorResponse"];
        };
      };
    };
  };
  postMeApiKeys: {
    parameters: {
      query?: never;
      header?: {
        /** @description a key of at most 255 characters (IETF httpapi Idempotency-Key draft) that makes a retry safe: the first request's answer (status, Location, body, or its 4xx) is recorded with the change for 24 h, per caller and organization, and a repeat with the same key and body answers it again with `Idempotent-Replayed: true`, through any gateway, also when the first answer was lost or a 503; the same key with another body is 422, a repeat while the first still runs 409, a longer key 400 */
        "Idempotency-Key"?: string;
        /** @description this route has no entity tag: only `*` holds, any other value is 412 */
        "If-Match"?: string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": {
          name?: string;
          expires_in_hours?: number;
        };
      };
    };
    responses: {
      /** @description Created */
      201: {
        headers: {
          /** @description the created object's URL (/api/v1/me/api-keys/{id}) */
          Location?: string;
          /** @description the answer's strong entity tag (RFC 9110): send it back in If-None-Match (GET: 304 while unchanged) or If-Match (a write: 412 when the resource changed since) */
          ETag?: string;
          /** @description `true` when this is the recorded answer to an earlier request with the same Idempotency-Key */
          "Idempotent-Replayed"?: "true";
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            id: string;
            name: string;
            /** @constant */
            scope: "user";
            created_at: string;
            expires_at: string | null;
            last_used_at: string | null;
            plain?: string;
          };
        };
      };
      /** @description invalid input, invalid id or invalid json */
      400: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorResponse"];
        };
      };
      /** @description missing or invalid authentication */
      401: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorResponse"];
        };
      };
      /** @description conflict; or a request with the same Idempotency-Key is still being processed */
      409: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorResponse"];
        };
      };
      /** @description If-Match names no current entity tag of the resource (the ETag header gives the current one); on a route without one, any If-Match but * */
      412: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          /** @description the resource's current entity tag (absent on a route without one) */
          ETag?: string;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorResponse"];
        };
      };
      /** @description request body over 1 MiB */
      413: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorResponse"];
        };
      };
      /** @description the Idempotency-Key was used for another request */
      422: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorResponse"];
        };
      };
      /** @description rate limit exceeded (see Retry-After) */
      429: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          /** @description seconds until the window resets */
          "Retry-After"?: number;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorResponse"];
        };
      };
      /** @description request line or headers too large (plain text: the parser refuses it before routing) */
      431: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description operation failure */
      500: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorResponse"];
        };
      };
      /** @description service unavailable */
      503: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorResponse"];
        };
      };
    };
  };
  deleteMeApiKeysId: {
    parameters: {
      query?: never;
      header?: {
        /** @description this route has no entity tag: only `*` holds, any other value is 412 */
        "If-Match"?: string;
      };
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description No Content */
      204: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description invalid input, invalid id or invalid json */
      400: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorResponse"];
        };
      };
      /** @description missing or invalid authentication */
      401: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorResponse"];
        };
      };
      /** @description not found */
      404: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorResponse"];
        };
      };
      /** @description If-Match names no current entity tag of the resource (the ETag header gives the current one); on a route without one, any If-Match but * */
      412: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          /** @description the resource's current entity tag (absent on a route without one) */
          ETag?: string;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorResponse"];
        };
      };
      /** @description rate limit exceeded (see Retry-After) */
      429: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          /** @description seconds until the window resets */
          "Retry-After"?: number;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorResponse"];
        };
      };
      /** @description request line or headers too large (plain text: the parser refuses it before routing) */
      431: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description operation failure */
      500: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorResponse"];
        };
      };
      /** @description service unavailable */
      503: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorResponse"];
        };
      };
    };
  };
  getAdminUsers: {
    parameters: {
      query?: {
        /** @description at most this many items, newest first (1 to 1000; without it, at most 1000); 400 `invalid limit` otherwise */
        limit?: number;
        /** @description continues a list after the page that gave it (opaque, from the `Link` header); 400 `invalid cursor` otherwise */
        cursor?: string;
        q?: string;
      };
      header?: {
        /** @description the ETag of a copy held: while it is still current the answer is 304 without a body */
        "If-None-Match"?: string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          /** @description present while more items remain: `<path?…&cursor=…>; rel="next"` (RFC 8288), the same request for the next page */
          Link?: string;
          /** @description the answer's strong entity tag (RFC 9110): send it back in If-None-Match (GET: 304 while unchanged) or If-Match (a write: 412 when the resource changed since) */
          ETag?: string;
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            id: string;
            display_name: string;
            primary_email: string;
            is_admin: boolean;
            is_disabled: boolean;
            created_at: string;
          }[];
        };
      };
      /** @description Not Modified: the If-None-Match tag is current */
      304: {
        headers: {
          /** @description the answer's strong entity tag (RFC 9110): send it back in If-None-Match (GET: 304 while unchanged) or If-Match (a write: 412 when the resource changed since) */
          ETag?: string;
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description invalid input, invalid id or invalid json */
      400: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description missing or invalid authentication */
      401: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description organization required, or forbidden */
      403: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description rate limit exceeded (see Retry-After) */
      429: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          /** @description seconds until the window resets */
          "Retry-After"?: number;
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description request line or headers too large (plain text: the parser refuses it before routing) */
      431: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description operation failure */
      500: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description service unavailable */
      503: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
    };
  };
  getAdminUsersId: {
    parameters: {
      query?: never;
      header?: {
        /** @description the ETag of a copy held: while it is still current the answer is 304 without a body */
        "If-None-Match"?: string;
      };
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          /** @description the answer's strong entity tag (RFC 9110): send it back in If-None-Match (GET: 304 while unchanged) or If-Match (a write: 412 when the resource changed since) */
          ETag?: string;
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            id: string;
            display_name: string;
            primary_email: string;
            is_admin: boolean;
            is_disabled: boolean;
            created_at: string;
          };
        };
      };
      /** @description Not Modified: the If-None-Match tag is current */
      304: {
        headers: {
          /** @description the answer's strong entity tag (RFC 9110): send it back in If-None-Match (GET: 304 while unchanged) or If-Match (a write: 412 when the resource changed since) */
          ETag?: string;
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description invalid input, invalid id or invalid json */
      400: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description missing or invalid authentication */
      401: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description organization required, or forbidden */
      403: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description not found */
      404: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description rate limit exceeded (see Retry-After) */
      429: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          /** @description seconds until the window resets */
          "Retry-After"?: number;
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description request line or headers too large (plain text: the parser refuses it before routing) */
      431: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description operation failure */
      500: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description service unavailable */
      503: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
    };
  };
  patchAdminUsersId: {
    parameters: {
      query?: never;
      header?: {
        /** @description a key of at most 255 characters (IETF httpapi Idempotency-Key draft) that makes a retry safe: the first request's answer (status, Location, body, or its 4xx) is recorded with the change for 24 h, per caller and organization, and a repeat with the same key and body answers it again with `Idempotent-Replayed: true`, through any gateway, also when the first answer was lost or a 503; the same key with another body is 422, a repeat while the first still runs 409, a longer key 400 */
        "Idempotency-Key"?: string;
        /** @description make the write conditional: it happens only while the resource's current ETag (GET /api/v1/admin/users/{id}) is one of these tags (or for `*`); otherwise 412 with the current ETag and nothing changes. Checked by the database write itself: of two concurrent writes with the same tag, one wins */
        "If-Match"?: string;
      };
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": {
          is_admin?: boolean;
          is_disabled?: boolean;
        };
      };
    };
    responses: {
      /** @description OK */
      200: {
        headers: {
          /** @description the answer's strong entity tag (RFC 9110): send it back in If-None-Match (GET: 304 while unchanged) or If-Match (a write: 412 when the resource changed since) */
          ETag?: string;
          /** @description `true` when this is the recorded answer to an earlier request with the same Idempotency-Key */
          "Idempotent-Replayed"?: "true";
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            id: string;
            display_name: string;
            primary_email: string;
            is_admin: boolean;
            is_disabled: boolean;
            created_at: string;
          };
        };
      };
      /** @description invalid input, invalid id or invalid json */
      400: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description missing or invalid authentication */
      401: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description organization required, or forbidden */
      403: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description not found */
      404: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description conflict; or a request with the same Idempotency-Key is still being processed */
      409: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description If-Match names no current entity tag of the resource (the ETag header gives the current one); on a route without one, any If-Match but * */
      412: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          /** @description the resource's current entity tag (absent on a route without one) */
          ETag?: string;
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description request body over 1 MiB */
      413: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description the Idempotency-Key was used for another request */
      422: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description rate limit exceeded (see Retry-After) */
      429: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          /** @description seconds until the window resets */
          "Retry-After"?: number;
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description request line or headers too large (plain text: the parser refuses it before routing) */
      431: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description operation failure */
      500: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description service unavailable */
      503: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
    };
  };
  getOrgs: {
    parameters: {
      query?: never;
      header?: {
        /** @description the ETag of a copy held: while it is still current the answer is 304 without a body */
        "If-None-Match"?: string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          /** @description the answer's strong entity tag (RFC 9110): send it back in If-None-Match (GET: 304 while unchanged) or If-Match (a write: 412 when the resource changed since) */
          ETag?: string;
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            id: string;
            name: string;
            domain: string;
            created_at: string;
            updated_at: string;
          }[];
        };
      };
      /** @description Not Modified: the If-None-Match tag is current */
      304: {
        headers: {
          /** @description the answer's strong entity tag (RFC 9110): send it back in If-None-Match (GET: 304 while unchanged) or If-Match (a write: 412 when the resource changed since) */
          ETag?: string;
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description invalid input, invalid id or invalid json */
      400: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorResponse"];
        };
      };
      /** @description missing or invalid authentication */
      401: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorResponse"];
        };
      };
      /** @description rate limit exceeded (see Retry-After) */
      429: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          /** @description seconds until the window resets */
          "Retry-After"?: number;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorResponse"];
        };
      };
      /** @description request line or headers too large (plain text: the parser refuses it before routing) */
      431: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description operation failure */
      500: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorResponse"];
        };
      };
      /** @description service unavailable */
      503: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorResponse"];
        };
      };
    };
  };
  postOrgs: {
    parameters: {
      query?: never;
      header?: {
        /** @description a key of at most 255 characters (IETF httpapi Idempotency-Key draft) that makes a retry safe: the first request's answer (status, Location, body, or its 4xx) is recorded with the change for 24 h, per caller and organization, and a repeat with the same key and body answers it again with `Idempotent-Replayed: true`, through any gateway, also when the first answer was lost or a 503; the same key with another body is 422, a repeat while the first still runs 409, a longer key 400 */
        "Idempotency-Key"?: string;
        /** @description this route has no entity tag: only `*` holds, any other value is 412 */
        "If-Match"?: string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": {
          name: string;
          domain?: string | "";
        };
      };
    };
    responses: {
      /** @description Created */
      201: {
        headers: {
          /** @description the created object's URL (/api/v1/orgs/{id}) */
          Location?: string;
          /** @description the answer's strong entity tag (RFC 9110): send it back in If-None-Match (GET: 304 while unchanged) or If-Match (a write: 412 when the resource changed since) */
          ETag?: string;
          /** @description `true` when this is the recorded answer to an earlier request with the same Idempotency-Key */
          "Idempotent-Replayed"?: "true";
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            id: string;
            name: string;
            domain: string;
            created_at: string;
            updated_at: string;
          };
        };
      };
      /** @description invalid input, invalid id or invalid json */
      400: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorResponse"];
        };
      };
      /** @description missing or invalid authentication */
      401: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorResponse"];
        };
      };
      /** @description conflict; or a request with the same Idempotency-Key is still being processed */
      409: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorResponse"];
        };
      };
      /** @description If-Match names no current entity tag of the resource (the ETag header gives the current one); on a route without one, any If-Match but * */
      412: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          /** @description the resource's current entity tag (absent on a route without one) */
          ETag?: string;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorResponse"];
        };
      };
      /** @description request body over 1 MiB */
      413: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorResponse"];
        };
      };
      /** @description the Idempotency-Key was used for another request */
      422: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorResponse"];
        };
      };
      /** @description rate limit exceeded (see Retry-After) */
      429: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          /** @description seconds until the window resets */
          "Retry-After"?: number;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorResponse"];
        };
      };
      /** @description request line or headers too large (plain text: the parser refuses it before routing) */
      431: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description operation failure */
      500: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorResponse"];
        };
      };
      /** @description service unavailable */
      503: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorResponse"];
        };
      };
    };
  };
  getOrgsId: {
    parameters: {
      query?: never;
      header?: {
        /** @description the ETag of a copy held: while it is still current the answer is 304 without a body */
        "If-None-Match"?: string;
      };
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          /** @description the answer's strong entity tag (RFC 9110): send it back in If-None-Match (GET: 304 while unchanged) or If-Match (a write: 412 when the resource changed since) */
          ETag?: string;
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            id: string;
            name: string;
            domain: string;
            created_at: string;
            updated_at: string;
          };
        };
      };
      /** @description Not Modified: the If-None-Match tag is current */
      304: {
        headers: {
          /** @description the answer's strong entity tag (RFC 9110): send it back in If-None-Match (GET: 304 while unchanged) or If-Match (a write: 412 when the resource changed since) */
          ETag?: string;
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description invalid input, invalid id or invalid json */
      400: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorResponse"];
        };
      };
      /** @description missing or invalid authentication */
      401: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorResponse"];
        };
      };
      /** @description not found */
      404: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorResponse"];
        };
      };
      /** @description rate limit exceeded (see Retry-After) */
      429: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          /** @description seconds until the window resets */
          "Retry-After"?: number;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorResponse"];
        };
      };
      /** @description request line or headers too large (plain text: the parser refuses it before routing) */
      431: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description operation failure */
      500: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorResponse"];
        };
      };
      /** @description service unavailable */
      503: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorResponse"];
        };
      };
    };
  };
  deleteOrgsId: {
    parameters: {
      query?: never;
      header?: {
        /** @description make the write conditional: it happens only while the resource's current ETag (GET /api/v1/orgs/{id}) is one of these tags (or for `*`); otherwise 412 with the current ETag and nothing changes. Checked by the database write itself: of two concurrent writes with the same tag, one wins */
        "If-Match"?: string;
      };
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description No Content */
      204: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description invalid input, invalid id or invalid json */
      400: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorResponse"];
        };
      };
      /** @description missing or invalid authentication */
      401: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorResponse"];
        };
      };
      /** @description organization required, or forbidden */
      403: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorResponse"];
        };
      };
      /** @description not found */
      404: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorResponse"];
        };
      };
      /** @description If-Match names no current entity tag of the resource (the ETag header gives the current one); on a route without one, any If-Match but * */
      412: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          /** @description the resource's current entity tag (absent on a route without one) */
          ETag?: string;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorResponse"];
        };
      };
      /** @description rate limit exceeded (see Retry-After) */
      429: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          /** @description seconds until the window resets */
          "Retry-After"?: number;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorResponse"];
        };
      };
      /** @description request line or headers too large (plain text: the parser refuses it before routing) */
      431: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description operation failure */
      500: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorResponse"];
        };
      };
      /** @description service unavailable */
      503: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorResponse"];
        };
      };
    };
  };
  patchOrgsId: {
    parameters: {
      query?: never;
      header?: {
        /** @description a key of at most 255 characters (IETF httpapi Idempotency-Key draft) that makes a retry safe: the first request's answer (status, Location, body, or its 4xx) is recorded with the change for 24 h, per caller and organization, and a repeat with the same key and body answers it again with `Idempotent-Replayed: true`, through any gateway, also when the first answer was lost or a 503; the same key with another body is 422, a repeat while the first still runs 409, a longer key 400 */
        "Idempotency-Key"?: string;
        /** @description make the write conditional: it happens only while the resource's current ETag (GET /api/v1/orgs/{id}) is one of these tags (or for `*`); otherwise 412 with the current ETag and nothing changes. Checked by the database write itself: of two concurrent writes with the same tag, one wins */
        "If-Match"?: string;
      };
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": {
          name?: string;
          domain?: string | "";
        };
      };
    };
    responses: {
      /** @description OK */
      200: {
        headers: {
          /** @description the answer's strong entity tag (RFC 9110): send it back in If-None-Match (GET: 304 while unchanged) or If-Match (a write: 412 when the resource changed since) */
          ETag?: string;
          /** @description `true` when this is the recorded answer to an earlier request with the same Idempotency-Key */
          "Idempotent-Replayed"?: "true";
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            id: string;
            name: string;
            domain: string;
            created_at: string;
            updated_at: string;
          };
        };
      };
      /** @description invalid input, invalid id or invalid json */
      400: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorResponse"];
        };
      };
      /** @description missing or invalid authentication */
      401: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorResponse"];
        };
      };
      /** @description organization required, or forbidden */
      403: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorResponse"];
        };
      };
      /** @description not found */
      404: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorResponse"];
        };
      };
      /** @description conflict; or a request with the same Idempotency-Key is still being processed */
      409: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorResponse"];
        };
      };
      /** @description If-Match names no current entity tag of the resource (the ETag header gives the current one); on a route without one, any If-Match but * */
      412: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          /** @description the resource's current entity tag (absent on a route without one) */
          ETag?: string;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorResponse"];
        };
      };
      /** @description request body over 1 MiB */
      413: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorResponse"];
        };
      };
      /** @description the Idempotency-Key was used for another request */
      422: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorResponse"];
        };
      };
      /** @description rate limit exceeded (see Retry-After) */
      429: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          /** @description seconds until the window resets */
          "Retry-After"?: number;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorResponse"];
        };
      };
      /** @description request line or headers too large (plain text: the parser refuses it before routing) */
      431: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description operation failure */
      500: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorResponse"];
        };
      };
      /** @description service unavailable */
      503: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorResponse"];
        };
      };
    };
  };
  getOrgsIdApiKeys: {
    parameters: {
      query?: never;
      header?: {
        /** @description the ETag of a copy held: while it is still current the answer is 304 without a body */
        "If-None-Match"?: string;
      };
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          /** @description the answer's strong entity tag (RFC 9110): send it back in If-None-Match (GET: 304 while unchanged) or If-Match (a write: 412 when the resource changed since) */
          ETag?: string;
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            id: string;
            name: string;
            prefix: string;
            /** @constant */
            scope: "org";
            org_id: string;
            user_id: string | null;
            revoked: boolean;
            created_at: string;
            updated_at: string;
            expires_at: string | null;
            last_used_at: string | null;
          }[];
        };
      };
      /** @description Not Modified: the If-None-Match tag is current */
      304: {
        headers: {
          /** @description the answer's strong entity tag (RFC 9110): send it back in If-None-Match (GET: 304 while unchanged) or If-Match (a write: 412 when the resource changed since) */
          ETag?: string;
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description invalid input, invalid id or invalid json */
      400: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorResponse"];
        };
      };
      /** @description missing or invalid authentication */
      401: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorResponse"];
        };
      };
      /** @description not found */
      404: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorResponse"];
        };
      };
      /** @description rate limit exceeded (see Retry-After) */
      429: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          /** @description seconds until the window resets */
          "Retry-After"?: number;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorResponse"];
        };
      };
      /** @description request line or headers too large (plain text: the parser refuses it before routing) */
      431: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description operation failure */
      500: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorResponse"];
        };
      };
      /** @description service unavailable */
      503: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorResponse"];
        };
      };
    };
  };
  postOrgsIdApiKeys: {
    parameters: {
      query?: never;
      header?: {
        /** @description a key of at most 255 characters (IETF httpapi Idempotency-Key draft) that makes a retry safe: the first request's answer (status, Location, body, or its 4xx) is recorded with the change for 24 h, per caller and organization, and a repeat with the same key and body answers it again with `Idempotent-Replayed: true`, through any gateway, also when the first answer was lost or a 503; the same key with another body is 422, a repeat while the first still runs 409, a longer key 400 */
        "Idempotency-Key"?: string;
        /** @description this route has no entity tag: only `*` holds, any other value is 412 */
        "If-Match"?: string;
      };
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": {
          name?: string;
          expires_in_hours?: number;
        };
      };
    };
    responses: {
      /** @description Created */
      201: {
        headers: {
          /** @description the created object's URL (/api/v1/orgs/{id}/api-keys/{key_id}) */
          Location?: string;
          /** @description the answer's strong entity tag (RFC 9110): send it back in If-None-Match (GET: 304 while unchanged) or If-Match (a write: 412 when the resource changed since) */
          ETag?: string;
          /** @description `true` when this is the recorded answer to an earlier request with the same Idempotency-Key */
          "Idempotent-Replayed"?: "true";
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            id: string;
            name: string;
            /** @constant */
            scope: "org";
            created_at: string;
            expires_at: string | null;
            org_key: string;
            org_secret: string;
          };
        };
      };
      /** @description invalid input, invalid id or invalid json */
      400: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorResponse"];
        };
      };
      /** @description missing or invalid authentication */
      401: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorResponse"];
        };
      };
      /** @description organization required, or forbidden */
      403: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorResponse"];
        };
      };
      /** @description not found */
      404: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorResponse"];
        };
      };
      /** @description conflict; or a request with the same Idempotency-Key is still being processed */
      409: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorResponse"];
        };
      };
      /** @description If-Match names no current entity tag of the resource (the ETag header gives the current one); on a route without one, any If-Match but * */
      412: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          /** @description the resource's current entity tag (absent on a route without one) */
          ETag?: string;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorResponse"];
        };
      };
      /** @description request body over 1 MiB */
      413: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorResponse"];
        };
      };
      /** @description the Idempotency-Key was used for another request */
      422: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorResponse"];
        };
      };
      /** @description rate limit exceeded (see Retry-After) */
      429: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          /** @description seconds until the window resets */
          "Retry-After"?: number;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorResponse"];
        };
      };
      /** @description request line or headers too large (plain text: the parser refuses it before routing) */
      431: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description operation failure */
      500: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorResponse"];
        };
      };
      /** @description service unavailable */
      503: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorResponse"];
        };
      };
    };
  };
  deleteOrgsIdApiKeysKeyId: {
    parameters: {
      query?: never;
      header?: {
        /** @description this route has no entity tag: only `*` holds, any other value is 412 */
        "If-Match"?: string;
      };
      path: {
        id: string;
        key_id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description No Content */
      204: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description invalid input, invalid id or invalid json */
      400: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorResponse"];
        };
      };
      /** @description missing or invalid authentication */
      401: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorResponse"];
        };
      };
      /** @description organization required, or forbidden */
      403: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorResponse"];
        };
      };
      /** @description not found */
      404: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorResponse"];
        };
      };
      /** @description If-Match names no current entity tag of the resource (the ETag header gives the current one); on a route without one, any If-Match but * */
      412: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          /** @description the resource's current entity tag (absent on a route without one) */
          ETag?: string;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorResponse"];
        };
      };
      /** @description rate limit exceeded (see Retry-After) */
      429: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          /** @description seconds until the window resets */
          "Retry-After"?: number;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorResponse"];
        };
      };
      /** @description request line or headers too large (plain text: the parser refuses it before routing) */
      431: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description operation failure */
      500: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorResponse"];
        };
      };
      /** @description service unavailable */
      503: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorResponse"];
        };
      };
    };
  };
  getOrgsIdMembers: {
    parameters: {
      query?: never;
      header?: {
        /** @description the ETag of a copy held: while it is still current the answer is 304 without a body */
        "If-None-Match"?: string;
      };
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          /** @description the answer's strong entity tag (RFC 9110): send it back in If-None-Match (GET: 304 while unchanged) or If-Match (a write: 412 when the resource changed since) */
          ETag?: string;
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            user_id: string;
            email: string;
            /** @enum {string} */
            role: "owner" | "admin" | "member";
          }[];
        };
      };
      /** @description Not Modified: the If-None-Match tag is current */
      304: {
        headers: {
          /** @description the answer's strong entity tag (RFC 9110): send it back in If-None-Match (GET: 304 while unchanged) or If-Match (a write: 412 when the resource changed since) */
          ETag?: string;
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description invalid input, invalid id or invalid json */
      400: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorResponse"];
        };
      };
      /** @description missing or invalid authentication */
      401: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorResponse"];
        };
      };
      /** @description not found */
      404: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorResponse"];
        };
      };
      /** @description rate limit exceeded (see Retry-After) */
      429: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          /** @description seconds until the window resets */
          "Retry-After"?: number;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorResponse"];
        };
      };
      /** @description request line or headers too large (plain text: the parser refuses it before routing) */
      431: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description operation failure */
      500: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorResponse"];
        };
      };
      /** @description service unavailable */
      503: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorResponse"];
        };
      };
    };
  };
  postOrgsIdMembers: {
    parameters: {
      query?: never;
      header?: {
        /** @description a key of at most 255 characters (IETF httpapi Idempotency-Key draft) that makes a retry safe: the first request's answer (status, Location, body, or its 4xx) is recorded with the change for 24 h, per caller and organization, and a repeat with the same key and body answers it again with `Idempotent-Replayed: true`, through any gateway, also when the first answer was lost or a 503; the same key with another body is 422, a repeat while the first still runs 409, a longer key 400 */
        "Idempotency-Key"?: string;
        /** @description this route has no entity tag: only `*` holds, any other value is 412 */
        "If-Match"?: string;
      };
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": {
          /** Format: uuid */
          user_id: string;
          /** @enum {string} */
          role: "owner" | "admin" | "member";
        };
      };
    };
    responses: {
      /** @description OK */
      200: {
        headers: {
          /** @description `true` when this is the recorded answer to an earlier request with the same Idempotency-Key */
          "Idempotent-Replayed"?: "true";
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            user_id: string;
            email: string;
            /** @enum {string} */
            role: "owner" | "admin" | "member";
          };
        };
      };
      /** @description invalid input, invalid id or invalid json */
      400: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorResponse"];
        };
      };
      /** @description missing or invalid authentication */
      401: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorResponse"];
        };
      };
      /** @description organization required, or forbidden */
      403: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorResponse"];
        };
      };
      /** @description not found */
      404: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorResponse"];
        };
      };
      /** @description conflict; or a request with the same Idempotency-Key is still being processed */
      409: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorResponse"];
        };
      };
      /** @description If-Match names no current entity tag of the resource (the ETag header gives the current one); on a route without one, any If-Match but * */
      412: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          /** @description the resource's current entity tag (absent on a route without one) */
          ETag?: string;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorResponse"];
        };
      };
      /** @description request body over 1 MiB */
      413: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorResponse"];
        };
      };
      /** @description the Idempotency-Key was used for another request */
      422: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorResponse"];
        };
      };
      /** @description rate limit exceeded (see Retry-After) */
      429: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          /** @description seconds until the window resets */
          "Retry-After"?: number;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorResponse"];
        };
      };
      /** @description request line or headers too large (plain text: the parser refuses it before routing) */
      431: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description operation failure */
      500: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorResponse"];
        };
      };
      /** @description service unavailable */
      503: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorResponse"];
        };
      };
    };
  };
  deleteOrgsIdMembersUserId: {
    parameters: {
      query?: never;
      header?: {
        /** @description this route has no entity tag: only `*` holds, any other value is 412 */
        "If-Match"?: string;
      };
      path: {
        id: string;
        user_id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description No Content */
      204: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description invalid input, invalid id or invalid json */
      400: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorResponse"];
        };
      };
      /** @description missing or invalid authentication */
      401: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorResponse"];
        };
      };
      /** @description organization required, or forbidden */
      403: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorResponse"];
        };
      };
      /** @description not found */
      404: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorResponse"];
        };
      };
      /** @description conflict */
      409: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorResponse"];
        };
      };
      /** @description If-Match names no current entity tag of the resource (the ETag header gives the current one); on a route without one, any If-Match but * */
      412: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          /** @description the resource's current entity tag (absent on a route without one) */
          ETag?: string;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorResponse"];
        };
      };
      /** @description rate limit exceeded (see Retry-After) */
      429: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          /** @description seconds until the window resets */
          "Retry-After"?: number;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorResponse"];
        };
      };
      /** @description request line or headers too large (plain text: the parser refuses it before routing) */
      431: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description operation failure */
      500: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorResponse"];
        };
      };
      /** @description service unavailable */
      503: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorResponse"];
        };
      };
    };
  };
  getAdminOrganizations: {
    parameters: {
      query?: {
        /** @description at most this many items, newest first (1 to 1000; without it, at most 1000); 400 `invalid limit` otherwise */
        limit?: number;
        /** @description continues a list after the page that gave it (opaque, from the `Link` header); 400 `invalid cursor` otherwise */
        cursor?: string;
        q?: string;
      };
      header?: {
        /** @description the ETag of a copy held: while it is still current the answer is 304 without a body */
        "If-None-Match"?: string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          /** @description present while more items remain: `<path?…&cursor=…>; rel="next"` (RFC 8288), the same request for the next page */
          Link?: string;
          /** @description the answer's strong entity tag (RFC 9110): send it back in If-None-Match (GET: 304 while unchanged) or If-Match (a write: 412 when the resource changed since) */
          ETag?: string;
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            id: string;
            name: string;
            domain: string;
            status: string;
            created_at: string;
          }[];
        };
      };
      /** @description Not Modified: the If-None-Match tag is current */
      304: {
        headers: {
          /** @description the answer's strong entity tag (RFC 9110): send it back in If-None-Match (GET: 304 while unchanged) or If-Match (a write: 412 when the resource changed since) */
          ETag?: string;
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description invalid input, invalid id or invalid json */
      400: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description missing or invalid authentication */
      401: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description organization required, or forbidden */
      403: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description rate limit exceeded (see Retry-After) */
      429: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          /** @description seconds until the window resets */
          "Retry-After"?: number;
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description request line or headers too large (plain text: the parser refuses it before routing) */
      431: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description operation failure */
      500: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description service unavailable */
      503: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
    };
  };
  getAdminOrganizationsId: {
    parameters: {
      query?: never;
      header?: {
        /** @description the ETag of a copy held: while it is still current the answer is 304 without a body */
        "If-None-Match"?: string;
      };
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          /** @description the answer's strong entity tag (RFC 9110): send it back in If-None-Match (GET: 304 while unchanged) or If-Match (a write: 412 when the resource changed since) */
          ETag?: string;
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            id: string;
            name: string;
            domain: string;
            status: string;
            created_at: string | null;
            updated_at: string | null;
            deletion: {
              requested_by: string;
              requested_at: string;
              purges: {
                type: string;
                job_id: string;
                rounds: number;
                job: {
                  /** @enum {string} */
                  status: "queued" | "running" | "succeeded" | "failed" | "canceled" | "retrying" | "scheduled";
                  attempts: number;
                  max_attempts: number;
                  last_error: string;
                  run_at: string;
                  updated_at: string;
                } | null;
              }[];
            } | null;
            members: {
              user_id: string;
              email: string;
              role: string;
              since: string;
            }[];
            api_keys: {
              id: string;
              name: string;
              prefix: string;
              /** @constant */
              scope: "org";
              org_id: string;
              user_id: string | null;
              revoked: boolean;
              created_at: string;
              updated_at: string;
              expires_at: string | null;
              last_used_at: string | null;
              created_by: string;
            }[];
          };
        };
      };
      /** @description Not Modified: the If-None-Match tag is current */
      304: {
        headers: {
          /** @description the answer's strong entity tag (RFC 9110): send it back in If-None-Match (GET: 304 while unchanged) or If-Match (a write: 412 when the resource changed since) */
          ETag?: string;
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description invalid input, invalid id or invalid json */
      400: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description missing or invalid authentication */
      401: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description organization required, or forbidden */
      403: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description not found */
      404: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description rate limit exceeded (see Retry-After) */
      429: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          /** @description seconds until the window resets */
          "Retry-After"?: number;
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description request line or headers too large (plain text: the parser refuses it before routing) */
      431: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description operation failure */
      500: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description service unavailable */
      503: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
    };
  };
  getLabels: {
    parameters: {
      query?: {
        key?: string;
        value?: string;
        q?: string;
        include?: "node_pools";
        /** @description at most this many items, newest first (1 to 1000; without it, at most 1000); 400 `invalid limit` otherwise */
        limit?: number;
        /** @description continues a list after the page that gave it (opaque, from the `Link` header); 400 `invalid cursor` otherwise */
        cursor?: string;
      };
      header?: {
        /** @description the ETag of a copy held: while it is still current the answer is 304 without a body */
        "If-None-Match"?: string;
        /** @description the organization (UUID); required with a bearer token or user API key, implied by an org key */
        "X-Org-ID"?: string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          /** @description present while more items remain: `<path?…&cursor=…>; rel="next"` (RFC 8288), the same request for the next page */
          Link?: string;
          /** @description the answer's strong entity tag (RFC 9110): send it back in If-None-Match (GET: 304 while unchanged) or If-Match (a write: 412 when the resource changed since) */
          ETag?: string;
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            id: string;
            organization_id: string;
            key: string;
            value: string;
            created_at: string;
            updated_at: string;
            node_pools?: {
              id: string;
              name: string;
              role: string;
            }[];
          }[];
        };
      };
      /** @description Not Modified: the If-None-Match tag is current */
      304: {
        headers: {
          /** @description the answer's strong entity tag (RFC 9110): send it back in If-None-Match (GET: 304 while unchanged) or If-Match (a write: 412 when the resource changed since) */
          ETag?: string;
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description invalid input, invalid id or invalid json */
      400: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description missing or invalid authentication */
      401: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description organization required, or forbidden */
      403: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description rate limit exceeded (see Retry-After) */
      429: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          /** @description seconds until the window resets */
          "Retry-After"?: number;
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description request line or headers too large (plain text: the parser refuses it before routing) */
      431: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description operation failure */
      500: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description service unavailable */
      503: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
    };
  };
  postLabels: {
    parameters: {
      query?: never;
      header?: {
        /** @description a key of at most 255 characters (IETF httpapi Idempotency-Key draft) that makes a retry safe: the first request's answer (status, Location, body, or its 4xx) is recorded with the change for 24 h, per caller and organization, and a repeat with the same key and body answers it again with `Idempotent-Replayed: true`, through any gateway, also when the first answer was lost or a 503; the same key with another body is 422, a repeat while the first still runs 409, a longer key 400 */
        "Idempotency-Key"?: string;
        /** @description this route has no entity tag: only `*` holds, any other value is 412 */
        "If-Match"?: string;
        /** @description the organization (UUID); required with a bearer token or user API key, implied by an org key */
        "X-Org-ID"?: string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": {
          key: string;
          value: string;
        };
      };
    };
    responses: {
      /** @description Created */
      201: {
        headers: {
          /** @description the created object's URL (/api/v1/labels/{id}) */
          Location?: string;
          /** @description the answer's strong entity tag (RFC 9110): send it back in If-None-Match (GET: 304 while unchanged) or If-Match (a write: 412 when the resource changed since) */
          ETag?: string;
          /** @description `true` when this is the recorded answer to an earlier request with the same Idempotency-Key */
          "Idempotent-Replayed"?: "true";
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            id: string;
            organization_id: string;
            key: string;
            value: string;
            created_at: string;
            updated_at: string;
          };
        };
      };
      /** @description invalid input, invalid id or invalid json */
      400: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description missing or invalid authentication */
      401: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description organization required, or forbidden */
      403: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description conflict; or a request with the same Idempotency-Key is still being processed */
      409: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description If-Match names no current entity tag of the resource (the ETag header gives the current one); on a route without one, any If-Match but * */
      412: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          /** @description the resource's current entity tag (absent on a route without one) */
          ETag?: string;
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description request body over 1 MiB */
      413: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description the Idempotency-Key was used for another request */
      422: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description rate limit exceeded (see Retry-After) */
      429: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          /** @description seconds until the window resets */
          "Retry-After"?: number;
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description request line or headers too large (plain text: the parser refuses it before routing) */
      431: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description operation failure */
      500: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description service unavailable */
      503: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
    };
  };
  getLabelsId: {
    parameters: {
      query?: never;
      header?: {
        /** @description the ETag of a copy held: while it is still current the answer is 304 without a body */
        "If-None-Match"?: string;
        /** @description the organization (UUID); required with a bearer token or user API key, implied by an org key */
        "X-Org-ID"?: string;
      };
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          /** @description the answer's strong entity tag (RFC 9110): send it back in If-None-Match (GET: 304 while unchanged) or If-Match (a write: 412 when the resource changed since) */
          ETag?: string;
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            id: string;
            organization_id: string;
            key: string;
            value: string;
            created_at: string;
            updated_at: string;
          };
        };
      };
      /** @description Not Modified: the If-None-Match tag is current */
      304: {
        headers: {
          /** @description the answer's strong entity tag (RFC 9110): send it back in If-None-Match (GET: 304 while unchanged) or If-Match (a write: 412 when the resource changed since) */
          ETag?: string;
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description invalid input, invalid id or invalid json */
      400: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description missing or invalid authentication */
      401: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description organization required, or forbidden */
      403: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description not found */
      404: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description rate limit exceeded (see Retry-After) */
      429: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          /** @description seconds until the window resets */
          "Retry-After"?: number;
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description request line or headers too large (plain text: the parser refuses it before routing) */
      431: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description operation failure */
      500: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description service unavailable */
      503: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
    };
  };
  deleteLabelsId: {
    parameters: {
      query?: never;
      header?: {
        /** @description make the write conditional: it happens only while the resource's current ETag (GET /api/v1/labels/{id}) is one of these tags (or for `*`); otherwise 412 with the current ETag and nothing changes. Checked by the database write itself: of two concurrent writes with the same tag, one wins */
        "If-Match"?: string;
        /** @description the organization (UUID); required with a bearer token or user API key, implied by an org key */
        "X-Org-ID"?: string;
      };
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description No Content */
      204: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description invalid input, invalid id or invalid json */
      400: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description missing or invalid authentication */
      401: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description organization required, or forbidden */
      403: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description not found */
      404: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description If-Match names no current entity tag of the resource (the ETag header gives the current one); on a route without one, any If-Match but * */
      412: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          /** @description the resource's current entity tag (absent on a route without one) */
          ETag?: string;
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description rate limit exceeded (see Retry-After) */
      429: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          /** @description seconds until the window resets */
          "Retry-After"?: number;
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description request line or headers too large (plain text: the parser refuses it before routing) */
      431: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description operation failure */
      500: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description service unavailable */
      503: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
    };
  };
  patchLabelsId: {
    parameters: {
      query?: never;
      header?: {
        /** @description a key of at most 255 characters (IETF httpapi Idempotency-Key draft) that makes a retry safe: the first request's answer (status, Location, body, or its 4xx) is recorded with the change for 24 h, per caller and organization, and a repeat with the same key and body answers it again with `Idempotent-Replayed: true`, through any gateway, also when the first answer was lost or a 503; the same key with another body is 422, a repeat while the first still runs 409, a longer key 400 */
        "Idempotency-Key"?: string;
        /** @description make the write conditional: it happens only while the resource's current ETag (GET /api/v1/labels/{id}) is one of these tags (or for `*`); otherwise 412 with the current ETag and nothing changes. Checked by the database write itself: of two concurrent writes with the same tag, one wins */
        "If-Match"?: string;
        /** @description the organization (UUID); required with a bearer token or user API key, implied by an org key */
        "X-Org-ID"?: string;
      };
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": {
          key?: string;
          value?: string;
        };
      };
    };
    responses: {
      /** @description OK */
      200: {
        headers: {
          /** @description the answer's strong entity tag (RFC 9110): send it back in If-None-Match (GET: 304 while unchanged) or If-Match (a write: 412 when the resource changed since) */
          ETag?: string;
          /** @description `true` when this is the recorded answer to an earlier request with the same Idempotency-Key */
          "Idempotent-Replayed"?: "true";
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            id: string;
            organization_id: string;
            key: string;
            value: string;
            created_at: string;
            updated_at: string;
          };
        };
      };
      /** @description invalid input, invalid id or invalid json */
      400: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description missing or invalid authentication */
      401: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description organization required, or forbidden */
      403: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description not found */
      404: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description conflict; or a request with the same Idempotency-Key is still being processed */
      409: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description If-Match names no current entity tag of the resource (the ETag header gives the current one); on a route without one, any If-Match but * */
      412: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          /** @description the resource's current entity tag (absent on a route without one) */
          ETag?: string;
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description request body over 1 MiB */
      413: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description the Idempotency-Key was used for another request */
      422: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description rate limit exceeded (see Retry-After) */
      429: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          /** @description seconds until the window resets */
          "Retry-After"?: number;
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description request line or headers too large (plain text: the parser refuses it before routing) */
      431: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description operation failure */
      500: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description service unavailable */
      503: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
    };
  };
  getAnnotations: {
    parameters: {
      query?: {
        key?: string;
        value?: string;
        q?: string;
        include?: "node_pools";
        /** @description at most this many items, newest first (1 to 1000; without it, at most 1000); 400 `invalid limit` otherwise */
        limit?: number;
        /** @description continues a list after the page that gave it (opaque, from the `Link` header); 400 `invalid cursor` otherwise */
        cursor?: string;
      };
      header?: {
        /** @description the ETag of a copy held: while it is still current the answer is 304 without a body */
        "If-None-Match"?: string;
        /** @description the organization (UUID); required with a bearer token or user API key, implied by an org key */
        "X-Org-ID"?: string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          /** @description present while more items remain: `<path?…&cursor=…>; rel="next"` (RFC 8288), the same request for the next page */
          Link?: string;
          /** @description the answer's strong entity tag (RFC 9110): send it back in If-None-Match (GET: 304 while unchanged) or If-Match (a write: 412 when the resource changed since) */
          ETag?: string;
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            id: string;
            organization_id: string;
            key: string;
            value: string;
            created_at: string;
            updated_at: string;
            node_pools?: {
              id: string;
              name: string;
              role: string;
            }[];
          }[];
        };
      };
      /** @description Not Modified: the If-None-Match tag is current */
      304: {
        headers: {
          /** @description the answer's strong entity tag (RFC 9110): send it back in If-None-Match (GET: 304 while unchanged) or If-Match (a write: 412 when the resource changed since) */
          ETag?: string;
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description invalid input, invalid id or invalid json */
      400: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description missing or invalid authentication */
      401: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description organization required, or forbidden */
      403: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description rate limit exceeded (see Retry-After) */
      429: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          /** @description seconds until the window resets */
          "Retry-After"?: number;
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description request line or headers too large (plain text: the parser refuses it before routing) */
      431: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description operation failure */
      500: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description service unavailable */
      503: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
    };
  };
  postAnnotations: {
    parameters: {
      query?: never;
      header?: {
        /** @description a key of at most 255 characters (IETF httpapi Idempotency-Key draft) that makes a retry safe: the first request's answer (status, Location, body, or its 4xx) is recorded with the change for 24 h, per caller and organization, and a repeat with the same key and body answers it again with `Idempotent-Replayed: true`, through any gateway, also when the first answer was lost or a 503; the same key with another body is 422, a repeat while the first still runs 409, a longer key 400 */
        "Idempotency-Key"?: string;
        /** @description this route has no entity tag: only `*` holds, any other value is 412 */
        "If-Match"?: string;
        /** @description the organization (UUID); required with a bearer token or user API key, implied by an org key */
        "X-Org-ID"?: string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": {
          key: string;
          value: string;
        };
      };
    };
    responses: {
      /** @description Created */
      201: {
        headers: {
          /** @description the created object's URL (/api/v1/annotations/{id}) */
          Location?: string;
          /** @description the answer's strong entity tag (RFC 9110): send it back in If-None-Match (GET: 304 while unchanged) or If-Match (a write: 412 when the resource changed since) */
          ETag?: string;
          /** @description `true` when this is the recorded answer to an earlier request with the same Idempotency-Key */
          "Idempotent-Replayed"?: "true";
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            id: string;
            organization_id: string;
            key: string;
            value: string;
            created_at: string;
            updated_at: string;
          };
        };
      };
      /** @description invalid input, invalid id or invalid json */
      400: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description missing or invalid authentication */
      401: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description organization required, or forbidden */
      403: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description conflict; or a request with the same Idempotency-Key is still being processed */
      409: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description If-Match names no current entity tag of the resource (the ETag header gives the current one); on a route without one, any If-Match but * */
      412: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          /** @description the resource's current entity tag (absent on a route without one) */
          ETag?: string;
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description request body over 1 MiB */
      413: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description the Idempotency-Key was used for another request */
      422: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description rate limit exceeded (see Retry-After) */
      429: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          /** @description seconds until the window resets */
          "Retry-After"?: number;
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description request line or headers too large (plain text: the parser refuses it before routing) */
      431: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description operation failure */
      500: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description service unavailable */
      503: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
    };
  };
  getAnnotationsId: {
    parameters: {
      query?: never;
      header?: {
        /** @description the ETag of a copy held: while it is still current the answer is 304 without a body */
        "If-None-Match"?: string;
        /** @description the organization (UUID); required with a bearer token or user API key, implied by an org key */
        "X-Org-ID"?: string;
      };
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          /** @description the answer's strong entity tag (RFC 9110): send it back in If-None-Match (GET: 304 while unchanged) or If-Match (a write: 412 when the resource changed since) */
          ETag?: string;
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            id: string;
            organization_id: string;
            key: string;
            value: string;
            created_at: string;
            updated_at: string;
          };
        };
      };
      /** @description Not Modified: the If-None-Match tag is current */
      304: {
        headers: {
          /** @description the answer's strong entity tag (RFC 9110): send it back in If-None-Match (GET: 304 while unchanged) or If-Match (a write: 412 when the resource changed since) */
          ETag?: string;
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description invalid input, invalid id or invalid json */
      400: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description missing or invalid authentication */
      401: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description organization required, or forbidden */
      403: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description not found */
      404: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description rate limit exceeded (see Retry-After) */
      429: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          /** @description seconds until the window resets */
          "Retry-After"?: number;
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description request line or headers too large (plain text: the parser refuses it before routing) */
      431: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description operation failure */
      500: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description service unavailable */
      503: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
    };
  };
  deleteAnnotationsId: {
    parameters: {
      query?: never;
      header?: {
        /** @description make the write conditional: it happens only while the resource's current ETag (GET /api/v1/annotations/{id}) is one of these tags (or for `*`); otherwise 412 with the current ETag and nothing changes. Checked by the database write itself: of two concurrent writes with the same tag, one wins */
        "If-Match"?: string;
        /** @description the organization (UUID); required with a bearer token or user API key, implied by an org key */
        "X-Org-ID"?: string;
      };
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description No Content */
      204: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description invalid input, invalid id or invalid json */
      400: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description missing or invalid authentication */
      401: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description organization required, or forbidden */
      403: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description not found */
      404: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description If-Match names no current entity tag of the resource (the ETag header gives the current one); on a route without one, any If-Match but * */
      412: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          /** @description the resource's current entity tag (absent on a route without one) */
          ETag?: string;
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description rate limit exceeded (see Retry-After) */
      429: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          /** @description seconds until the window resets */
          "Retry-After"?: number;
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description request line or headers too large (plain text: the parser refuses it before routing) */
      431: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description operation failure */
      500: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description service unavailable */
      503: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
    };
  };
  patchAnnotationsId: {
    parameters: {
      query?: never;
      header?: {
        /** @description a key of at most 255 characters (IETF httpapi Idempotency-Key draft) that makes a retry safe: the first request's answer (status, Location, body, or its 4xx) is recorded with the change for 24 h, per caller and organization, and a repeat with the same key and body answers it again with `Idempotent-Replayed: true`, through any gateway, also when the first answer was lost or a 503; the same key with another body is 422, a repeat while the first still runs 409, a longer key 400 */
        "Idempotency-Key"?: string;
        /** @description make the write conditional: it happens only while the resource's current ETag (GET /api/v1/annotations/{id}) is one of these tags (or for `*`); otherwise 412 with the current ETag and nothing changes. Checked by the database write itself: of two concurrent writes with the same tag, one wins */
        "If-Match"?: string;
        /** @description the organization (UUID); required with a bearer token or user API key, implied by an org key */
        "X-Org-ID"?: string;
      };
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": {
          key?: string;
          value?: string;
        };
      };
    };
    responses: {
      /** @description OK */
      200: {
        headers: {
          /** @description the answer's strong entity tag (RFC 9110): send it back in If-None-Match (GET: 304 while unchanged) or If-Match (a write: 412 when the resource changed since) */
          ETag?: string;
          /** @description `true` when this is the recorded answer to an earlier request with the same Idempotency-Key */
          "Idempotent-Replayed"?: "true";
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            id: string;
            organization_id: string;
            key: string;
            value: string;
            created_at: string;
            updated_at: string;
          };
        };
      };
      /** @description invalid input, invalid id or invalid json */
      400: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description missing or invalid authentication */
      401: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description organization required, or forbidden */
      403: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description not found */
      404: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description conflict; or a request with the same Idempotency-Key is still being processed */
      409: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description If-Match names no current entity tag of the resource (the ETag header gives the current one); on a route without one, any If-Match but * */
      412: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          /** @description the resource's current entity tag (absent on a route without one) */
          ETag?: string;
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description request body over 1 MiB */
      413: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description the Idempotency-Key was used for another request */
      422: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description rate limit exceeded (see Retry-After) */
      429: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          /** @description seconds until the window resets */
          "Retry-After"?: number;
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description request line or headers too large (plain text: the parser refuses it before routing) */
      431: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description operation failure */
      500: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description service unavailable */
      503: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
    };
  };
  getTaints: {
    parameters: {
      query?: {
        key?: string;
        value?: string;
        q?: string;
        include?: "node_pools";
        /** @description at most this many items, newest first (1 to 1000; without it, at most 1000); 400 `invalid limit` otherwise */
        limit?: number;
        /** @description continues a list after the page that gave it (opaque, from the `Link` header); 400 `invalid cursor` otherwise */
        cursor?: string;
      };
      header?: {
        /** @description the ETag of a copy held: while it is still current the answer is 304 without a body */
        "If-None-Match"?: string;
        /** @description the organization (UUID); required with a bearer token or user API key, implied by an org key */
        "X-Org-ID"?: string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          /** @description present while more items remain: `<path?…&cursor=…>; rel="next"` (RFC 8288), the same request for the next page */
          Link?: string;
          /** @description the answer's strong entity tag (RFC 9110): send it back in If-None-Match (GET: 304 while unchanged) or If-Match (a write: 412 when the resource changed since) */
          ETag?: string;
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            id: string;
            organization_id: string;
            key: string;
            value: string;
            created_at: string;
            updated_at: string;
            effect: string;
            node_pools?: {
              id: string;
              name: string;
              role: string;
            }[];
          }[];
        };
      };
      /** @description Not Modified: the If-None-Match tag is current */
      304: {
        headers: {
          /** @description the answer's strong entity tag (RFC 9110): send it back in If-None-Match (GET: 304 while unchanged) or If-Match (a write: 412 when the resource changed since) */
          ETag?: string;
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description invalid input, invalid id or invalid json */
      400: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description missing or invalid authentication */
      401: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description organization required, or forbidden */
      403: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description rate limit exceeded (see Retry-After) */
      429: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          /** @description seconds until the window resets */
          "Retry-After"?: number;
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description request line or headers too large (plain text: the parser refuses it before routing) */
      431: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description operation failure */
      500: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description service unavailable */
      503: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
    };
  };
  postTaints: {
    parameters: {
      query?: never;
      header?: {
        /** @description a key of at most 255 characters (IETF httpapi Idempotency-Key draft) that makes a retry safe: the first request's answer (status, Location, body, or its 4xx) is recorded with the change for 24 h, per caller and organization, and a repeat with the same key and body answers it again with `Idempotent-Replayed: true`, through any gateway, also when the first answer was lost or a 503; the same key with another body is 422, a repeat while the first still runs 409, a longer key 400 */
        "Idempotency-Key"?: string;
        /** @description this route has no entity tag: only `*` holds, any other value is 412 */
        "If-Match"?: string;
        /** @description the organization (UUID); required with a bearer token or user API key, implied by an org key */
        "X-Org-ID"?: string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": {
          key: string;
          value: string;
          /** @enum {string} */
          effect: "NoSchedule" | "PreferNoSchedule" | "NoExecute";
        };
      };
    };
    responses: {
      /** @description Created */
      201: {
        headers: {
          /** @description the created object's URL (/api/v1/taints/{id}) */
          Location?: string;
          /** @description the answer's strong entity tag (RFC 9110): send it back in If-None-Match (GET: 304 while unchanged) or If-Match (a write: 412 when the resource changed since) */
          ETag?: string;
          /** @description `true` when this is the recorded answer to an earlier request with the same Idempotency-Key */
          "Idempotent-Replayed"?: "true";
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            id: string;
            organization_id: string;
            key: string;
            value: string;
            created_at: string;
            updated_at: string;
            effect: string;
          };
        };
      };
      /** @description invalid input, invalid id or invalid json */
      400: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description missing or invalid authentication */
      401: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description organization required, or forbidden */
      403: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description conflict; or a request with the same Idempotency-Key is still being processed */
      409: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description If-Match names no current entity tag of the resource (the ETag header gives the current one); on a route without one, any If-Match but * */
      412: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          /** @description the resource's current entity tag (absent on a route without one) */
          ETag?: string;
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description request body over 1 MiB */
      413: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description the Idempotency-Key was used for another request */
      422: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description rate limit exceeded (see Retry-After) */
      429: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          /** @description seconds until the window resets */
          "Retry-After"?: number;
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description request line or headers too large (plain text: the parser refuses it before routing) */
      431: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description operation failure */
      500: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description service unavailable */
      503: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
    };
  };
  getTaintsId: {
    parameters: {
      query?: never;
      header?: {
        /** @description the ETag of a copy held: while it is still current the answer is 304 without a body */
        "If-None-Match"?: string;
        /** @description the organization (UUID); required with a bearer token or user API key, implied by an org key */
        "X-Org-ID"?: string;
      };
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          /** @description the answer's strong entity tag (RFC 9110): send it back in If-None-Match (GET: 304 while unchanged) or If-Match (a write: 412 when the resource changed since) */
          ETag?: string;
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            id: string;
            organization_id: string;
            key: string;
            value: string;
            created_at: string;
            updated_at: string;
            effect: string;
          };
        };
      };
      /** @description Not Modified: the If-None-Match tag is current */
      304: {
        headers: {
          /** @description the answer's strong entity tag (RFC 9110): send it back in If-None-Match (GET: 304 while unchanged) or If-Match (a write: 412 when the resource changed since) */
          ETag?: string;
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description invalid input, invalid id or invalid json */
      400: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description missing or invalid authentication */
      401: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description organization required, or forbidden */
      403: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description not found */
      404: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description rate limit exceeded (see Retry-After) */
      429: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          /** @description seconds until the window resets */
          "Retry-After"?: number;
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description request line or headers too large (plain text: the parser refuses it before routing) */
      431: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description operation failure */
      500: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description service unavailable */
      503: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
    };
  };
  deleteTaintsId: {
    parameters: {
      query?: never;
      header?: {
        /** @description make the write conditional: it happens only while the resource's current ETag (GET /api/v1/taints/{id}) is one of these tags (or for `*`); otherwise 412 with the current ETag and nothing changes. Checked by the database write itself: of two concurrent writes with the same tag, one wins */
        "If-Match"?: string;
        /** @description the organization (UUID); required with a bearer token or user API key, implied by an org key */
        "X-Org-ID"?: string;
      };
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description No Content */
      204: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description invalid input, invalid id or invalid json */
      400: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description missing or invalid authentication */
      401: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description organization required, or forbidden */
      403: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description not found */
      404: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description If-Match names no current entity tag of the resource (the ETag header gives the current one); on a route without one, any If-Match but * */
      412: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          /** @description the resource's current entity tag (absent on a route without one) */
          ETag?: string;
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description rate limit exceeded (see Retry-After) */
      429: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          /** @description seconds until the window resets */
          "Retry-After"?: number;
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description request line or headers too large (plain text: the parser refuses it before routing) */
      431: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description operation failure */
      500: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description service unavailable */
      503: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
    };
  };
  patchTaintsId: {
    parameters: {
      query?: never;
      header?: {
        /** @description a key of at most 255 characters (IETF httpapi Idempotency-Key draft) that makes a retry safe: the first request's answer (status, Location, body, or its 4xx) is recorded with the change for 24 h, per caller and organization, and a repeat with the same key and body answers it again with `Idempotent-Replayed: true`, through any gateway, also when the first answer was lost or a 503; the same key with another body is 422, a repeat while the first still runs 409, a longer key 400 */
        "Idempotency-Key"?: string;
        /** @description make the write conditional: it happens only while the resource's current ETag (GET /api/v1/taints/{id}) is one of these tags (or for `*`); otherwise 412 with the current ETag and nothing changes. Checked by the database write itself: of two concurrent writes with the same tag, one wins */
        "If-Match"?: string;
        /** @description the organization (UUID); required with a bearer token or user API key, implied by an org key */
        "X-Org-ID"?: string;
      };
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": {
          key?: string;
          value?: string;
          /** @enum {string} */
          effect?: "NoSchedule" | "PreferNoSchedule" | "NoExecute";
        };
      };
    };
    responses: {
      /** @description OK */
      200: {
        headers: {
          /** @description the answer's strong entity tag (RFC 9110): send it back in If-None-Match (GET: 304 while unchanged) or If-Match (a write: 412 when the resource changed since) */
          ETag?: string;
          /** @description `true` when this is the recorded answer to an earlier request with the same Idempotency-Key */
          "Idempotent-Replayed"?: "true";
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            id: string;
            organization_id: string;
            key: string;
            value: string;
            created_at: string;
            updated_at: string;
            effect: string;
          };
        };
      };
      /** @description invalid input, invalid id or invalid json */
      400: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description missing or invalid authentication */
      401: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description organization required, or forbidden */
      403: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description not found */
      404: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description conflict; or a request with the same Idempotency-Key is still being processed */
      409: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description If-Match names no current entity tag of the resource (the ETag header gives the current one); on a route without one, any If-Match but * */
      412: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          /** @description the resource's current entity tag (absent on a route without one) */
          ETag?: string;
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description request body over 1 MiB */
      413: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description the Idempotency-Key was used for another request */
      422: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description rate limit exceeded (see Retry-After) */
      429: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          /** @description seconds until the window resets */
          "Retry-After"?: number;
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description request line or headers too large (plain text: the parser refuses it before routing) */
      431: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description operation failure */
      500: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description service unavailable */
      503: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
    };
  };
  getServers: {
    parameters: {
      query?: {
        status?: "pending" | "provisioning" | "ready" | "failed";
        role?: "master" | "worker" | "bastion";
        /** @description at most this many items, newest first (1 to 1000; without it, at most 1000); 400 `invalid limit` otherwise */
        limit?: number;
        /** @description continues a list after the page that gave it (opaque, from the `Link` header); 400 `invalid cursor` otherwise */
        cursor?: string;
      };
      header?: {
        /** @description the ETag of a copy held: while it is still current the answer is 304 without a body */
        "If-None-Match"?: string;
        /** @description the organization (UUID); required with a bearer token or user API key, implied by an org key */
        "X-Org-ID"?: string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          /** @description present while more items remain: `<path?…&cursor=…>; rel="next"` (RFC 8288), the same request for the next page */
          Link?: string;
          /** @description the answer's strong entity tag (RFC 9110): send it back in If-None-Match (GET: 304 while unchanged) or If-Match (a write: 412 when the resource changed since) */
          ETag?: string;
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            id: string;
            organization_id: string;
            hostname: string;
            private_ip_address: string;
            public_ip_address: string;
            /** @enum {string} */
            role: "master" | "worker" | "bastion";
            ssh_key_id: string;
            ssh_user: string;
            ssh_port: number;
            /** @enum {string} */
            status: "pending" | "provisioning" | "ready" | "failed";
            last_error: string;
            ssh_host_key_fingerprint: string;
            created_at: string;
            updated_at: string;
          }[];
        };
      };
      /** @description Not Modified: the If-None-Match tag is current */
      304: {
        headers: {
          /** @description the answer's strong entity tag (RFC 9110): send it back in If-None-Match (GET: 304 while unchanged) or If-Match (a write: 412 when the resource changed since) */
          ETag?: string;
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description invalid input, invalid id or invalid json */
      400: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description missing or invalid authentication */
      401: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description organization required, or forbidden */
      403: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description rate limit exceeded (see Retry-After) */
      429: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          /** @description seconds until the window resets */
          "Retry-After"?: number;
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description request line or headers too large (plain text: the parser refuses it before routing) */
      431: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description operation failure */
      500: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description service unavailable */
      503: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
    };
  };
  postServers: {
    parameters: {
      query?: never;
      header?: {
        /** @description a key of at most 255 characters (IETF httpapi Idempotency-Key draft) that makes a retry safe: the first request's answer (status, Location, body, or its 4xx) is recorded with the change for 24 h, per caller and organization, and a repeat with the same key and body answers it again with `Idempotent-Replayed: true`, through any gateway, also when the first answer was lost or a 503; the same key with another body is 422, a repeat while the first still runs 409, a longer key 400 */
        "Idempotency-Key"?: string;
        /** @description this route has no entity tag: only `*` holds, any other value is 412 */
        "If-Match"?: string;
        /** @description the organization (UUID); required with a bearer token or user API key, implied by an org key */
        "X-Org-ID"?: string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": {
          hostname?: string;
          private_ip_address: string;
          public_ip_address?: string;
          /** @enum {string} */
          role: "master" | "worker" | "bastion";
          /** Format: uuid */
          ssh_key_id: string;
          ssh_user: string;
          ssh_port?: number;
          /** @enum {string} */
          status?: "pending" | "provisioning" | "ready" | "failed";
        };
      };
    };
    responses: {
      /** @description Created */
      201: {
        headers: {
          /** @description the created object's URL (/api/v1/servers/{id}) */
          Location?: string;
          /** @description the answer's strong entity tag (RFC 9110): send it back in If-None-Match (GET: 304 while unchanged) or If-Match (a write: 412 when the resource changed since) */
          ETag?: string;
          /** @description `true` when this is the recorded answer to an earlier request with the same Idempotency-Key */
          "Idempotent-Replayed"?: "true";
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            id: string;
            organization_id: string;
            hostname: string;
            private_ip_address: string;
            public_ip_address: string;
            /** @enum {string} */
            role: "master" | "worker" | "bastion";
            ssh_key_id: string;
            ssh_user: string;
            ssh_port: number;
            /** @enum {string} */
            status: "pending" | "provisioning" | "ready" | "failed";
            last_error: string;
            ssh_host_key_fingerprint: string;
            created_at: string;
            updated_at: string;
          };
        };
      };
      /** @description invalid input, invalid id or invalid json */
      400: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description missing or invalid authentication */
      401: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description organization required, or forbidden */
      403: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description conflict; or a request with the same Idempotency-Key is still being processed */
      409: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description If-Match names no current entity tag of the resource (the ETag header gives the current one); on a route without one, any If-Match but * */
      412: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          /** @description the resource's current entity tag (absent on a route without one) */
          ETag?: string;
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description request body over 1 MiB */
      413: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description the Idempotency-Key was used for another request */
      422: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description rate limit exceeded (see Retry-After) */
      429: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          /** @description seconds until the window resets */
          "Retry-After"?: number;
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description request line or headers too large (plain text: the parser refuses it before routing) */
      431: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description operation failure */
      500: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description service unavailable */
      503: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
    };
  };
  getServersId: {
    parameters: {
      query?: never;
      header?: {
        /** @description the ETag of a copy held: while it is still current the answer is 304 without a body */
        "If-None-Match"?: string;
        /** @description the organization (UUID); required with a bearer token or user API key, implied by an org key */
        "X-Org-ID"?: string;
      };
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          /** @description the answer's strong entity tag (RFC 9110): send it back in If-None-Match (GET: 304 while unchanged) or If-Match (a write: 412 when the resource changed since) */
          ETag?: string;
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            id: string;
            organization_id: string;
            hostname: string;
            private_ip_address: string;
            public_ip_address: string;
            /** @enum {string} */
            role: "master" | "worker" | "bastion";
            ssh_key_id: string;
            ssh_user: string;
            ssh_port: number;
            /** @enum {string} */
            status: "pending" | "provisioning" | "ready" | "failed";
            last_error: string;
            ssh_host_key_fingerprint: string;
            created_at: string;
            updated_at: string;
          };
        };
      };
      /** @description Not Modified: the If-None-Match tag is current */
      304: {
        headers: {
          /** @description the answer's strong entity tag (RFC 9110): send it back in If-None-Match (GET: 304 while unchanged) or If-Match (a write: 412 when the resource changed since) */
          ETag?: string;
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description invalid input, invalid id or invalid json */
      400: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description missing or invalid authentication */
      401: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description organization required, or forbidden */
      403: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description not found */
      404: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description rate limit exceeded (see Retry-After) */
      429: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          /** @description seconds until the window resets */
          "Retry-After"?: number;
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description request line or headers too large (plain text: the parser refuses it before routing) */
      431: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description operation failure */
      500: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description service unavailable */
      503: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
    };
  };
  deleteServersId: {
    parameters: {
      query?: never;
      header?: {
        /** @description make the write conditional: it happens only while the resource's current ETag (GET /api/v1/servers/{id}) is one of these tags (or for `*`); otherwise 412 with the current ETag and nothing changes. Checked by the database write itself: of two concurrent writes with the same tag, one wins */
        "If-Match"?: string;
        /** @description the organization (UUID); required with a bearer token or user API key, implied by an org key */
        "X-Org-ID"?: string;
      };
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description No Content */
      204: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description invalid input, invalid id or invalid json */
      400: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description missing or invalid authentication */
      401: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description organization required, or forbidden */
      403: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description not found */
      404: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description conflict */
      409: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description If-Match names no current entity tag of the resource (the ETag header gives the current one); on a route without one, any If-Match but * */
      412: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          /** @description the resource's current entity tag (absent on a route without one) */
          ETag?: string;
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description rate limit exceeded (see Retry-After) */
      429: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          /** @description seconds until the window resets */
          "Retry-After"?: number;
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description request line or headers too large (plain text: the parser refuses it before routing) */
      431: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description operation failure */
      500: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description service unavailable */
      503: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
    };
  };
  patchServersId: {
    parameters: {
      query?: never;
      header?: {
        /** @description a key of at most 255 characters (IETF httpapi Idempotency-Key draft) that makes a retry safe: the first request's answer (status, Location, body, or its 4xx) is recorded with the change for 24 h, per caller and organization, and a repeat with the same key and body answers it again with `Idempotent-Replayed: true`, through any gateway, also when the first answer was lost or a 503; the same key with another body is 422, a repeat while the first still runs 409, a longer key 400 */
        "Idempotency-Key"?: string;
        /** @description make the write conditional: it happens only while the resource's current ETag (GET /api/v1/servers/{id}) is one of these tags (or for `*`); otherwise 412 with the current ETag and nothing changes. Checked by the database write itself: of two concurrent writes with the same tag, one wins */
        "If-Match"?: string;
        /** @description the organization (UUID); required with a bearer token or user API key, implied by an org key */
        "X-Org-ID"?: string;
      };
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": {
          hostname?: string;
          private_ip_address?: string;
          public_ip_address?: string;
          /** @enum {string} */
          role?: "master" | "worker" | "bastion";
          /** Format: uuid */
          ssh_key_id?: string;
          ssh_user?: string;
          ssh_port?: number;
          /** @enum {string} */
          status?: "pending" | "provisioning" | "ready" | "failed";
        };
      };
    };
    responses: {
      /** @description OK */
      200: {
        headers: {
          /** @description the answer's strong entity tag (RFC 9110): send it back in If-None-Match (GET: 304 while unchanged) or If-Match (a write: 412 when the resource changed since) */
          ETag?: string;
          /** @description `true` when this is the recorded answer to an earlier request with the same Idempotency-Key */
          "Idempotent-Replayed"?: "true";
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            id: string;
            organization_id: string;
            hostname: string;
            private_ip_address: string;
            public_ip_address: string;
            /** @enum {string} */
            role: "master" | "worker" | "bastion";
            ssh_key_id: string;
            ssh_user: string;
            ssh_port: number;
            /** @enum {string} */
            status: "pending" | "provisioning" | "ready" | "failed";
            last_error: string;
            ssh_host_key_fingerprint: string;
            created_at: string;
            updated_at: string;
          };
        };
      };
      /** @description invalid input, invalid id or invalid json */
      400: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description missing or invalid authentication */
      401: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description organization required, or forbidden */
      403: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description not found */
      404: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description conflict; or a request with the same Idempotency-Key is still being processed */
      409: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description If-Match names no current entity tag of the resource (the ETag header gives the current one); on a route without one, any If-Match but * */
      412: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          /** @description the resource's current entity tag (absent on a route without one) */
          ETag?: string;
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description request body over 1 MiB */
      413: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description the Idempotency-Key was used for another request */
      422: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description rate limit exceeded (see Retry-After) */
      429: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          /** @description seconds until the window resets */
          "Retry-After"?: number;
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description request line or headers too large (plain text: the parser refuses it before routing) */
      431: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description operation failure */
      500: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description service unavailable */
      503: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
    };
  };
  postServersIdResetHostkey: {
    parameters: {
      query?: never;
      header?: {
        /** @description a key of at most 255 characters (IETF httpapi Idempotency-Key draft) that makes a retry safe: the first request's answer (status, Location, body, or its 4xx) is recorded with the change for 24 h, per caller and organization, and a repeat with the same key and body answers it again with `Idempotent-Replayed: true`, through any gateway, also when the first answer was lost or a 503; the same key with another body is 422, a repeat while the first still runs 409, a longer key 400 */
        "Idempotency-Key"?: string;
        /** @description this route has no entity tag: only `*` holds, any other value is 412 */
        "If-Match"?: string;
        /** @description the organization (UUID); required with a bearer token or user API key, implied by an org key */
        "X-Org-ID"?: string;
      };
      path: {
        id: string;
      };
      cookie?: never;
    };
    /** @description nothing: leave the body out, or send `{}` */
    requestBody?: {
      content: {
        "application/json": Record<string, never>;
      };
    };
    responses: {
      /** @description OK */
      200: {
        headers: {
          /** @description `true` when this is the recorded answer to an earlier request with the same Idempotency-Key */
          "Idempotent-Replayed"?: "true";
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            id: string;
            organization_id: string;
            hostname: string;
            private_ip_address: string;
            public_ip_address: string;
            /** @enum {string} */
            role: "master" | "worker" | "bastion";
            ssh_key_id: string;
            ssh_user: string;
            ssh_port: number;
            /** @enum {string} */
            status: "pending" | "provisioning" | "ready" | "failed";
            last_error: string;
            ssh_host_key_fingerprint: string;
            created_at: string;
            updated_at: string;
          };
        };
      };
      /** @description invalid input, invalid id or invalid json */
      400: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description missing or invalid authentication */
      401: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description organization required, or forbidden */
      403: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description not found */
      404: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description conflict; or a request with the same Idempotency-Key is still being processed */
      409: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description If-Match names no current entity tag of the resource (the ETag header gives the current one); on a route without one, any If-Match but * */
      412: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          /** @description the resource's current entity tag (absent on a route without one) */
          ETag?: string;
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description request body over 1 MiB */
      413: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description the Idempotency-Key was used for another request */
      422: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description rate limit exceeded (see Retry-After) */
      429: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          /** @description seconds until the window resets */
          "Retry-After"?: number;
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description request line or headers too large (plain text: the parser refuses it before routing) */
      431: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description operation failure */
      500: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description service unavailable */
      503: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
    };
  };
  getSsh: {
    parameters: {
      query?: {
        unattached?: "true" | "false" | "1" | "0";
        /** @description at most this many items, newest first (1 to 1000; without it, at most 1000); 400 `invalid limit` otherwise */
        limit?: number;
        /** @description continues a list after the page that gave it (opaque, from the `Link` header); 400 `invalid cursor` otherwise */
        cursor?: string;
      };
      header?: {
        /** @description the ETag of a copy held: while it is still current the answer is 304 without a body */
        "If-None-Match"?: string;
        /** @description the organization (UUID); required with a bearer token or user API key, implied by an org key */
        "X-Org-ID"?: string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          /** @description present while more items remain: `<path?…&cursor=…>; rel="next"` (RFC 8288), the same request for the next page */
          Link?: string;
          /** @description the answer's strong entity tag (RFC 9110): send it back in If-None-Match (GET: 304 while unchanged) or If-Match (a write: 412 when the resource changed since) */
          ETag?: string;
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            id: string;
            organization_id: string;
            name: string;
            public_key: string;
            fingerprint: string;
            server_count: number;
            created_at: string;
            updated_at: string;
          }[];
        };
      };
      /** @description Not Modified: the If-None-Match tag is current */
      304: {
        headers: {
          /** @description the answer's strong entity tag (RFC 9110): send it back in If-None-Match (GET: 304 while unchanged) or If-Match (a write: 412 when the resource changed since) */
          ETag?: string;
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description invalid input, invalid id or invalid json */
      400: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description missing or invalid authentication */
      401: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description organization required, or forbidden */
      403: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description rate limit exceeded (see Retry-After) */
      429: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          /** @description seconds until the window resets */
          "Retry-After"?: number;
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description request line or headers too large (plain text: the parser refuses it before routing) */
      431: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description operation failure */
      500: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description service unavailable */
      503: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
    };
  };
  postSsh: {
    parameters: {
      query?: never;
      header?: {
        /** @description a key of at most 255 characters (IETF httpapi Idempotency-Key draft) that makes a retry safe: the first request's answer (status, Location, body, or its 4xx) is recorded with the change for 24 h, per caller and organization, and a repeat with the same key and body answers it again with `Idempotent-Replayed: true`, through any gateway, also when the first answer was lost or a 503; the same key with another body is 422, a repeat while the first still runs 409, a longer key 400 */
        "Idempotency-Key"?: string;
        /** @description this route has no entity tag: only `*` holds, any other value is 412 */
        "If-Match"?: string;
        /** @description the organization (UUID); required with a bearer token or user API key, implied by an org key */
        "X-Org-ID"?: string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": {
          name: string;
          /** @default  */
          comment?: string;
          /**
           * @default rsa
           * @enum {string}
           */
          type?: "rsa" | "ed25519";
          /**
           * @description RSA only (default 4096); ignored for ed25519
           * @enum {integer}
           */
          bits?: 2048 | 3072 | 4096;
        };
      };
    };
    responses: {
      /** @description Created */
      201: {
        headers: {
          /** @description the created object's URL (/api/v1/ssh/{id}) */
          Location?: string;
          /** @description the answer's strong entity tag (RFC 9110): send it back in If-None-Match (GET: 304 while unchanged) or If-Match (a write: 412 when the resource changed since) */
          ETag?: string;
          /** @description `true` when this is the recorded answer to an earlier request with the same Idempotency-Key */
          "Idempotent-Replayed"?: "true";
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            id: string;
            organization_id: string;
            name: string;
            public_key: string;
            fingerprint: string;
            server_count: number;
            created_at: string;
            updated_at: string;
          };
        };
      };
      /** @description invalid input, invalid id or invalid json */
      400: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description missing or invalid authentication */
      401: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description organization required, or forbidden */
      403: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description conflict; or a request with the same Idempotency-Key is still being processed */
      409: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description If-Match names no current entity tag of the resource (the ETag header gives the current one); on a route without one, any If-Match but * */
      412: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          /** @description the resource's current entity tag (absent on a route without one) */
          ETag?: string;
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description request body over 1 MiB */
      413: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description the Idempotency-Key was used for another request */
      422: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description rate limit exceeded (see Retry-After) */
      429: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          /** @description seconds until the window resets */
          "Retry-After"?: number;
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description request line or headers too large (plain text: the parser refuses it before routing) */
      431: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description operation failure */
      500: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description service unavailable */
      503: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
    };
  };
  getSshId: {
    parameters: {
      query?: {
        reveal?: "true" | "false" | "1" | "0";
      };
      header?: {
        /** @description the ETag of a copy held: while it is still current the answer is 304 without a body */
        "If-None-Match"?: string;
        /** @description the organization (UUID); required with a bearer token or user API key, implied by an org key */
        "X-Org-ID"?: string;
      };
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          /** @description the answer's strong entity tag (RFC 9110): send it back in If-None-Match (GET: 304 while unchanged) or If-Match (a write: 412 when the resource changed since) */
          ETag?: string;
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            id: string;
            organization_id: string;
            name: string;
            public_key: string;
            fingerprint: string;
            server_count: number;
            created_at: string;
            updated_at: string;
            private_key?: string;
          };
        };
      };
      /** @description Not Modified: the If-None-Match tag is current */
      304: {
        headers: {
          /** @description the answer's strong entity tag (RFC 9110): send it back in If-None-Match (GET: 304 while unchanged) or If-Match (a write: 412 when the resource changed since) */
          ETag?: string;
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description invalid input, invalid id or invalid json */
      400: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description missing or invalid authentication */
      401: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description organization required, or forbidden */
      403: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description not found */
      404: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description rate limit exceeded (see Retry-After) */
      429: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          /** @description seconds until the window resets */
          "Retry-After"?: number;
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description request line or headers too large (plain text: the parser refuses it before routing) */
      431: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description operation failure */
      500: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description service unavailable */
      503: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
    };
  };
  deleteSshId: {
    parameters: {
      query?: never;
      header?: {
        /** @description make the write conditional: it happens only while the resource's current ETag (GET /api/v1/ssh/{id}) is one of these tags (or for `*`); otherwise 412 with the current ETag and nothing changes. Checked by the database write itself: of two concurrent writes with the same tag, one wins */
        "If-Match"?: string;
        /** @description the organization (UUID); required with a bearer token or user API key, implied by an org key */
        "X-Org-ID"?: string;
      };
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description No Content */
      204: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description invalid input, invalid id or invalid json */
      400: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description missing or invalid authentication */
      401: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description organization required, or forbidden */
      403: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description not found */
      404: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description conflict */
      409: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description If-Match names no current entity tag of the resource (the ETag header gives the current one); on a route without one, any If-Match but * */
      412: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          /** @description the resource's current entity tag (absent on a route without one) */
          ETag?: string;
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description rate limit exceeded (see Retry-After) */
      429: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          /** @description seconds until the window resets */
          "Retry-After"?: number;
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description request line or headers too large (plain text: the parser refuses it before routing) */
      431: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description operation failure */
      500: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description service unavailable */
      503: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
    };
  };
  getSshIdDownload: {
    parameters: {
      query: {
        part: "public" | "private" | "both";
      };
      header?: {
        /** @description the organization (UUID); required with a bearer token or user API key, implied by an org key */
        "X-Org-ID"?: string;
      };
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "*/*": string;
        };
      };
      /** @description invalid input, invalid id or invalid json */
      400: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description missing or invalid authentication */
      401: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description organization required, or forbidden */
      403: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description not found */
      404: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description rate limit exceeded (see Retry-After) */
      429: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          /** @description seconds until the window resets */
          "Retry-After"?: number;
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description request line or headers too large (plain text: the parser refuses it before routing) */
      431: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description operation failure */
      500: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description service unavailable */
      503: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
    };
  };
  getNodePools: {
    parameters: {
      query?: {
        q?: string;
        /** @description at most this many items, newest first (1 to 1000; without it, at most 1000); 400 `invalid limit` otherwise */
        limit?: number;
        /** @description continues a list after the page that gave it (opaque, from the `Link` header); 400 `invalid cursor` otherwise */
        cursor?: string;
      };
      header?: {
        /** @description the ETag of a copy held: while it is still current the answer is 304 without a body */
        "If-None-Match"?: string;
        /** @description the organization (UUID); required with a bearer token or user API key, implied by an org key */
        "X-Org-ID"?: string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          /** @description present while more items remain: `<path?…&cursor=…>; rel="next"` (RFC 8288), the same request for the next page */
          Link?: string;
          /** @description the answer's strong entity tag (RFC 9110): send it back in If-None-Match (GET: 304 while unchanged) or If-Match (a write: 412 when the resource changed since) */
          ETag?: string;
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            id: string;
            organization_id: string;
            name: string;
            /** @enum {string} */
            role: "master" | "worker";
            annotations: {
              id: string;
              organization_id: string;
              key: string;
              value: string;
              created_at: string;
              updated_at: string;
            }[];
            labels: {
              id: string;
              organization_id: string;
              key: string;
              value: string;
              created_at: string;
              updated_at: string;
            }[];
            taints: {
              id: string;
              organization_id: string;
              key: string;
              value: string;
              created_at: string;
              updated_at: string;
              effect: string;
            }[];
            servers: {
              id: string;
              organization_id: string;
              hostname: string;
              private_ip_address: string;
              public_ip_address: string;
              /** @enum {string} */
              role: "master" | "worker" | "bastion";
              ssh_key_id: string;
              ssh_user: string;
              ssh_port: number;
              /** @enum {string} */
              status: "pending" | "provisioning" | "ready" | "failed";
              last_error: string;
              ssh_host_key_fingerprint: string;
              created_at: string;
              updated_at: string;
            }[];
            created_at: string;
            updated_at: string;
          }[];
        };
      };
      /** @description Not Modified: the If-None-Match tag is current */
      304: {
        headers: {
          /** @description the answer's strong entity tag (RFC 9110): send it back in If-None-Match (GET: 304 while unchanged) or If-Match (a write: 412 when the resource changed since) */
          ETag?: string;
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description invalid input, invalid id or invalid json */
      400: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description missing or invalid authentication */
      401: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description organization required, or forbidden */
      403: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description rate limit exceeded (see Retry-After) */
      429: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          /** @description seconds until the window resets */
          "Retry-After"?: number;
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description request line or headers too large (plain text: the parser refuses it before routing) */
      431: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description operation failure */
      500: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description service unavailable */
      503: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
    };
  };
  postNodePools: {
    parameters: {
      query?: never;
      header?: {
        /** @description a key of at most 255 characters (IETF httpapi Idempotency-Key draft) that makes a retry safe: the first request's answer (status, Location, body, or its 4xx) is recorded with the change for 24 h, per caller and organization, and a repeat with the same key and body answers it again with `Idempotent-Replayed: true`, through any gateway, also when the first answer was lost or a 503; the same key with another body is 422, a repeat while the first still runs 409, a longer key 400 */
        "Idempotency-Key"?: string;
        /** @description this route has no entity tag: only `*` holds, any other value is 412 */
        "If-Match"?: string;
        /** @description the organization (UUID); required with a bearer token or user API key, implied by an org key */
        "X-Org-ID"?: string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": {
          name: string;
          /** @enum {string} */
          role: "master" | "worker";
        };
      };
    };
    responses: {
      /** @description Created */
      201: {
        headers: {
          /** @description the created object's URL (/api/v1/node-pools/{id}) */
          Location?: string;
          /** @description the answer's strong entity tag (RFC 9110): send it back in If-None-Match (GET: 304 while unchanged) or If-Match (a write: 412 when the resource changed since) */
          ETag?: string;
          /** @description `true` when this is the recorded answer to an earlier request with the same Idempotency-Key */
          "Idempotent-Replayed"?: "true";
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            id: string;
            organization_id: string;
            name: string;
            /** @enum {string} */
            role: "master" | "worker";
            annotations: {
              id: string;
              organization_id: string;
              key: string;
              value: string;
              created_at: string;
              updated_at: string;
            }[];
            labels: {
              id: string;
              organization_id: string;
              key: string;
              value: string;
              created_at: string;
              updated_at: string;
            }[];
            taints: {
              id: string;
              organization_id: string;
              key: string;
              value: string;
              created_at: string;
              updated_at: string;
              effect: string;
            }[];
            servers: {
              id: string;
              organization_id: string;
              hostname: string;
              private_ip_address: string;
              public_ip_address: string;
              /** @enum {string} */
              role: "master" | "worker" | "bastion";
              ssh_key_id: string;
              ssh_user: string;
              ssh_port: number;
              /** @enum {string} */
              status: "pending" | "provisioning" | "ready" | "failed";
              last_error: string;
              ssh_host_key_fingerprint: string;
              created_at: string;
              updated_at: string;
            }[];
            created_at: string;
            updated_at: string;
          };
        };
      };
      /** @description invalid input, invalid id or invalid json */
      400: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description missing or invalid authentication */
      401: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description organization required, or forbidden */
      403: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description conflict; or a request with the same Idempotency-Key is still being processed */
      409: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description If-Match names no current entity tag of the resource (the ETag header gives the current one); on a route without one, any If-Match but * */
      412: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          /** @description the resource's current entity tag (absent on a route without one) */
          ETag?: string;
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description request body over 1 MiB */
      413: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description the Idempotency-Key was used for another request */
      422: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description rate limit exceeded (see Retry-After) */
      429: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          /** @description seconds until the window resets */
          "Retry-After"?: number;
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description request line or headers too large (plain text: the parser refuses it before routing) */
      431: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description operation failure */
      500: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description service unavailable */
      503: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
    };
  };
  getNodePoolsId: {
    parameters: {
      query?: never;
      header?: {
        /** @description the ETag of a copy held: while it is still current the answer is 304 without a body */
        "If-None-Match"?: string;
        /** @description the organization (UUID); required with a bearer token or user API key, implied by an org key */
        "X-Org-ID"?: string;
      };
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          /** @description the answer's strong entity tag (RFC 9110): send it back in If-None-Match (GET: 304 while unchanged) or If-Match (a write: 412 when the resource changed since) */
          ETag?: string;
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            id: string;
            organization_id: string;
            name: string;
            /** @enum {string} */
            role: "master" | "worker";
            annotations: {
              id: string;
              organization_id: string;
              key: string;
              value: string;
              created_at: string;
              updated_at: string;
            }[];
            labels: {
              id: string;
              organization_id: string;
              key: string;
              value: string;
              created_at: string;
              updated_at: string;
            }[];
            taints: {
              id: string;
              organization_id: string;
              key: string;
              value: string;
              created_at: string;
              updated_at: string;
              effect: string;
            }[];
            servers: {
              id: string;
              organization_id: string;
              hostname: string;
              private_ip_address: string;
              public_ip_address: string;
              /** @enum {string} */
              role: "master" | "worker" | "bastion";
              ssh_key_id: string;
              ssh_user: string;
              ssh_port: number;
              /** @enum {string} */
              status: "pending" | "provisioning" | "ready" | "failed";
              last_error: string;
              ssh_host_key_fingerprint: string;
              created_at: string;
              updated_at: string;
            }[];
            created_at: string;
            updated_at: string;
          };
        };
      };
      /** @description Not Modified: the If-None-Match tag is current */
      304: {
        headers: {
          /** @description the answer's strong entity tag (RFC 9110): send it back in If-None-Match (GET: 304 while unchanged) or If-Match (a write: 412 when the resource changed since) */
          ETag?: string;
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description invalid input, invalid id or invalid json */
      400: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description missing or invalid authentication */
      401: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description organization required, or forbidden */
      403: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description not found */
      404: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description rate limit exceeded (see Retry-After) */
      429: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          /** @description seconds until the window resets */
          "Retry-After"?: number;
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description request line or headers too large (plain text: the parser refuses it before routing) */
      431: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description operation failure */
      500: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description service unavailable */
      503: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
    };
  };
  deleteNodePoolsId: {
    parameters: {
      query?: never;
      header?: {
        /** @description make the write conditional: it happens only while the resource's current ETag (GET /api/v1/node-pools/{id}) is one of these tags (or for `*`); otherwise 412 with the current ETag and nothing changes. Checked by the database write itself: of two concurrent writes with the same tag, one wins */
        "If-Match"?: string;
        /** @description the organization (UUID); required with a bearer token or user API key, implied by an org key */
        "X-Org-ID"?: string;
      };
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description No Content */
      204: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description invalid input, invalid id or invalid json */
      400: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description missing or invalid authentication */
      401: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description organization required, or forbidden */
      403: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description not found */
      404: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description conflict */
      409: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description If-Match names no current entity tag of the resource (the ETag header gives the current one); on a route without one, any If-Match but * */
      412: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          /** @description the resource's current entity tag (absent on a route without one) */
          ETag?: string;
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description rate limit exceeded (see Retry-After) */
      429: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          /** @description seconds until the window resets */
          "Retry-After"?: number;
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description request line or headers too large (plain text: the parser refuses it before routing) */
      431: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description operation failure */
      500: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description service unavailable */
      503: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
    };
  };
  patchNodePoolsId: {
    parameters: {
      query?: never;
      header?: {
        /** @description a key of at most 255 characters (IETF httpapi Idempotency-Key draft) that makes a retry safe: the first request's answer (status, Location, body, or its 4xx) is recorded with the change for 24 h, per caller and organization, and a repeat with the same key and body answers it again with `Idempotent-Replayed: true`, through any gateway, also when the first answer was lost or a 503; the same key with another body is 422, a repeat while the first still runs 409, a longer key 400 */
        "Idempotency-Key"?: string;
        /** @description make the write conditional: it happens only while the resource's current ETag (GET /api/v1/node-pools/{id}) is one of these tags (or for `*`); otherwise 412 with the current ETag and nothing changes. Checked by the database write itself: of two concurrent writes with the same tag, one wins */
        "If-Match"?: string;
        /** @description the organization (UUID); required with a bearer token or user API key, implied by an org key */
        "X-Org-ID"?: string;
      };
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": {
          name?: string;
          /** @enum {string} */
          role?: "master" | "worker";
        };
      };
    };
    responses: {
      /** @description OK */
      200: {
        headers: {
          /** @description the answer's strong entity tag (RFC 9110): send it back in If-None-Match (GET: 304 while unchanged) or If-Match (a write: 412 when the resource changed since) */
          ETag?: string;
          /** @description `true` when this is the recorded answer to an earlier request with the same Idempotency-Key */
          "Idempotent-Replayed"?: "true";
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            id: string;
            organization_id: string;
            name: string;
            /** @enum {string} */
            role: "master" | "worker";
            annotations: {
              id: string;
              organization_id: string;
              key: string;
              value: string;
              created_at: string;
              updated_at: string;
            }[];
            labels: {
              id: string;
              organization_id: string;
              key: string;
              value: string;
              created_at: string;
              updated_at: string;
            }[];
            taints: {
              id: string;
              organization_id: string;
              key: string;
              value: string;
              created_at: string;
              updated_at: string;
              effect: string;
            }[];
            servers: {
              id: string;
              organization_id: string;
              hostname: string;
              private_ip_address: string;
              public_ip_address: string;
              /** @enum {string} */
              role: "master" | "worker" | "bastion";
              ssh_key_id: string;
              ssh_user: string;
              ssh_port: number;
              /** @enum {string} */
              status: "pending" | "provisioning" | "ready" | "failed";
              last_error: string;
              ssh_host_key_fingerprint: string;
              created_at: string;
              updated_at: string;
            }[];
            created_at: string;
            updated_at: string;
          };
        };
      };
      /** @description invalid input, invalid id or invalid json */
      400: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description missing or invalid authentication */
      401: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description organization required, or forbidden */
      403: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description not found */
      404: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description conflict; or a request with the same Idempotency-Key is still being processed */
      409: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description If-Match names no current entity tag of the resource (the ETag header gives the current one); on a route without one, any If-Match but * */
      412: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          /** @description the resource's current entity tag (absent on a route without one) */
          ETag?: string;
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description request body over 1 MiB */
      413: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description the Idempotency-Key was used for another request */
      422: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description rate limit exceeded (see Retry-After) */
      429: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          /** @description seconds until the window resets */
          "Retry-After"?: number;
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description request line or headers too large (plain text: the parser refuses it before routing) */
      431: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description operation failure */
      500: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description service unavailable */
      503: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
    };
  };
  getNodePoolsIdServers: {
    parameters: {
      query?: {
        /** @description at most this many items, newest first (1 to 1000; without it, at most 1000); 400 `invalid limit` otherwise */
        limit?: number;
        /** @description continues a list after the page that gave it (opaque, from the `Link` header); 400 `invalid cursor` otherwise */
        cursor?: string;
      };
      header?: {
        /** @description the ETag of a copy held: while it is still current the answer is 304 without a body */
        "If-None-Match"?: string;
        /** @description the organization (UUID); required with a bearer token or user API key, implied by an org key */
        "X-Org-ID"?: string;
      };
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          /** @description present while more items remain: `<path?…&cursor=…>; rel="next"` (RFC 8288), the same request for the next page */
          Link?: string;
          /** @description the answer's strong entity tag (RFC 9110): send it back in If-None-Match (GET: 304 while unchanged) or If-Match (a write: 412 when the resource changed since) */
          ETag?: string;
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            id: string;
            organization_id: string;
            hostname: string;
            private_ip_address: string;
            public_ip_address: string;
            /** @enum {string} */
            role: "master" | "worker" | "bastion";
            ssh_key_id: string;
            ssh_user: string;
            ssh_port: number;
            /** @enum {string} */
            status: "pending" | "provisioning" | "ready" | "failed";
            last_error: string;
            ssh_host_key_fingerprint: string;
            created_at: string;
            updated_at: string;
          }[];
        };
      };
      /** @description Not Modified: the If-None-Match tag is current */
      304: {
        headers: {
          /** @description the answer's strong entity tag (RFC 9110): send it back in If-None-Match (GET: 304 while unchanged) or If-Match (a write: 412 when the resource changed since) */
          ETag?: string;
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description invalid input, invalid id or invalid json */
      400: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description missing or invalid authentication */
      401: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description organization required, or forbidden */
      403: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description not found */
      404: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description rate limit exceeded (see Retry-After) */
      429: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          /** @description seconds until the window resets */
          "Retry-After"?: number;
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description request line or headers too large (plain text: the parser refuses it before routing) */
      431: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description operation failure */
      500: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description service unavailable */
      503: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
    };
  };
  postNodePoolsIdServers: {
    parameters: {
      query?: never;
      header?: {
        /** @description a key of at most 255 characters (IETF httpapi Idempotency-Key draft) that makes a retry safe: the first request's answer (status, Location, body, or its 4xx) is recorded with the change for 24 h, per caller and organization, and a repeat with the same key and body answers it again with `Idempotent-Replayed: true`, through any gateway, also when the first answer was lost or a 503; the same key with another body is 422, a repeat while the first still runs 409, a longer key 400 */
        "Idempotency-Key"?: string;
        /** @description make the write conditional: it happens only while the resource's current ETag (GET /api/v1/node-pools/{id}) is one of these tags (or for `*`); otherwise 412 with the current ETag and nothing changes. Checked by the database write itself: of two concurrent writes with the same tag, one wins */
        "If-Match"?: string;
        /** @description the organization (UUID); required with a bearer token or user API key, implied by an org key */
        "X-Org-ID"?: string;
      };
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": {
          server_ids: string[];
        };
      };
    };
    responses: {
      /** @description No Content */
      204: {
        headers: {
          /** @description `true` when this is the recorded answer to an earlier request with the same Idempotency-Key */
          "Idempotent-Replayed"?: "true";
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description invalid input, invalid id or invalid json */
      400: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description missing or invalid authentication */
      401: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description organization required, or forbidden */
      403: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description not found */
      404: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description conflict; or a request with the same Idempotency-Key is still being processed */
      409: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description If-Match names no current entity tag of the resource (the ETag header gives the current one); on a route without one, any If-Match but * */
      412: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          /** @description the resource's current entity tag (absent on a route without one) */
          ETag?: string;
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description request body over 1 MiB */
      413: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description the Idempotency-Key was used for another request */
      422: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description rate limit exceeded (see Retry-After) */
      429: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          /** @description seconds until the window resets */
          "Retry-After"?: number;
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description request line or headers too large (plain text: the parser refuses it before routing) */
      431: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description operation failure */
      500: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description service unavailable */
      503: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
    };
  };
  deleteNodePoolsIdServersChildId: {
    parameters: {
      query?: never;
      header?: {
        /** @description make the write conditional: it happens only while the resource's current ETag (GET /api/v1/node-pools/{id}) is one of these tags (or for `*`); otherwise 412 with the current ETag and nothing changes. Checked by the database write itself: of two concurrent writes with the same tag, one wins */
        "If-Match"?: string;
        /** @description the organization (UUID); required with a bearer token or user API key, implied by an org key */
        "X-Org-ID"?: string;
      };
      path: {
        id: string;
        childId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description No Content */
      204: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description invalid input, invalid id or invalid json */
      400: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description missing or invalid authentication */
      401: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description organization required, or forbidden */
      403: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description not found */
      404: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description If-Match names no current entity tag of the resource (the ETag header gives the current one); on a route without one, any If-Match but * */
      412: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          /** @description the resource's current entity tag (absent on a route without one) */
          ETag?: string;
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description rate limit exceeded (see Retry-After) */
      429: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          /** @description seconds until the window resets */
          "Retry-After"?: number;
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description request line or headers too large (plain text: the parser refuses it before routing) */
      431: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description operation failure */
      500: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description service unavailable */
      503: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
    };
  };
  getNodePoolsIdLabels: {
    parameters: {
      query?: {
        /** @description at most this many items, newest first (1 to 1000; without it, at most 1000); 400 `invalid limit` otherwise */
        limit?: number;
        /** @description continues a list after the page that gave it (opaque, from the `Link` header); 400 `invalid cursor` otherwise */
        cursor?: string;
      };
      header?: {
        /** @description the ETag of a copy held: while it is still current the answer is 304 without a body */
        "If-None-Match"?: string;
        /** @description the organization (UUID); required with a bearer token or user API key, implied by an org key */
        "X-Org-ID"?: string;
      };
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          /** @description present while more items remain: `<path?…&cursor=…>; rel="next"` (RFC 8288), the same request for the next page */
          Link?: string;
          /** @description the answer's strong entity tag (RFC 9110): send it back in If-None-Match (GET: 304 while unchanged) or If-Match (a write: 412 when the resource changed since) */
          ETag?: string;
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            id: string;
            organization_id: string;
            key: string;
            value: string;
            created_at: string;
            updated_at: string;
          }[];
        };
      };
      /** @description Not Modified: the If-None-Match tag is current */
      304: {
        headers: {
          /** @description the answer's strong entity tag (RFC 9110): send it back in If-None-Match (GET: 304 while unchanged) or If-Match (a write: 412 when the resource changed since) */
          ETag?: string;
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description invalid input, invalid id or invalid json */
      400: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description missing or invalid authentication */
      401: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description organization required, or forbidden */
      403: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description not found */
      404: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description rate limit exceeded (see Retry-After) */
      429: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          /** @description seconds until the window resets */
          "Retry-After"?: number;
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description request line or headers too large (plain text: the parser refuses it before routing) */
      431: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description operation failure */
      500: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description service unavailable */
      503: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
    };
  };
  postNodePoolsIdLabels: {
    parameters: {
      query?: never;
      header?: {
        /** @description a key of at most 255 characters (IETF httpapi Idempotency-Key draft) that makes a retry safe: the first request's answer (status, Location, body, or its 4xx) is recorded with the change for 24 h, per caller and organization, and a repeat with the same key and body answers it again with `Idempotent-Replayed: true`, through any gateway, also when the first answer was lost or a 503; the same key with another body is 422, a repeat while the first still runs 409, a longer key 400 */
        "Idempotency-Key"?: string;
        /** @description make the write conditional: it happens only while the resource's current ETag (GET /api/v1/node-pools/{id}) is one of these tags (or for `*`); otherwise 412 with the current ETag and nothing changes. Checked by the database write itself: of two concurrent writes with the same tag, one wins */
        "If-Match"?: string;
        /** @description the organization (UUID); required with a bearer token or user API key, implied by an org key */
        "X-Org-ID"?: string;
      };
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": {
          label_ids: string[];
        };
      };
    };
    responses: {
      /** @description No Content */
      204: {
        headers: {
          /** @description `true` when this is the recorded answer to an earlier request with the same Idempotency-Key */
          "Idempotent-Replayed"?: "true";
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description invalid input, invalid id or invalid json */
      400: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description missing or invalid authentication */
      401: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description organization required, or forbidden */
      403: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description not found */
      404: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description conflict; or a request with the same Idempotency-Key is still being processed */
      409: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description If-Match names no current entity tag of the resource (the ETag header gives the current one); on a route without one, any If-Match but * */
      412: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          /** @description the resource's current entity tag (absent on a route without one) */
          ETag?: string;
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description request body over 1 MiB */
      413: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description the Idempotency-Key was used for another request */
      422: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description rate limit exceeded (see Retry-After) */
      429: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          /** @description seconds until the window resets */
          "Retry-After"?: number;
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description request line or headers too large (plain text: the parser refuses it before routing) */
      431: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description operation failure */
      500: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description service unavailable */
      503: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
    };
  };
  deleteNodePoolsIdLabelsChildId: {
    parameters: {
      query?: never;
      header?: {
        /** @description make the write conditional: it happens only while the resource's current ETag (GET /api/v1/node-pools/{id}) is one of these tags (or for `*`); otherwise 412 with the current ETag and nothing changes. Checked by the database write itself: of two concurrent writes with the same tag, one wins */
        "If-Match"?: string;
        /** @description the organization (UUID); required with a bearer token or user API key, implied by an org key */
        "X-Org-ID"?: string;
      };
      path: {
        id: string;
        childId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description No Content */
      204: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description invalid input, invalid id or invalid json */
      400: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description missing or invalid authentication */
      401: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description organization required, or forbidden */
      403: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description not found */
      404: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description If-Match names no current entity tag of the resource (the ETag header gives the current one); on a route without one, any If-Match but * */
      412: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          /** @description the resource's current entity tag (absent on a route without one) */
          ETag?: string;
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description rate limit exceeded (see Retry-After) */
      429: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          /** @description seconds until the window resets */
          "Retry-After"?: number;
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description request line or headers too large (plain text: the parser refuses it before routing) */
      431: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description operation failure */
      500: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description service unavailable */
      503: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
    };
  };
  getNodePoolsIdAnnotations: {
    parameters: {
      query?: {
        /** @description at most this many items, newest first (1 to 1000; without it, at most 1000); 400 `invalid limit` otherwise */
        limit?: number;
        /** @description continues a list after the page that gave it (opaque, from the `Link` header); 400 `invalid cursor` otherwise */
        cursor?: string;
      };
      header?: {
        /** @description the ETag of a copy held: while it is still current the answer is 304 without a body */
        "If-None-Match"?: string;
        /** @description the organization (UUID); required with a bearer token or user API key, implied by an org key */
        "X-Org-ID"?: string;
      };
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          /** @description present while more items remain: `<path?…&cursor=…>; rel="next"` (RFC 8288), the same request for the next page */
          Link?: string;
          /** @description the answer's strong entity tag (RFC 9110): send it back in If-None-Match (GET: 304 while unchanged) or If-Match (a write: 412 when the resource changed since) */
          ETag?: string;
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            id: string;
            organization_id: string;
            key: string;
            value: string;
            created_at: string;
            updated_at: string;
          }[];
        };
      };
      /** @description Not Modified: the If-None-Match tag is current */
      304: {
        headers: {
          /** @description the answer's strong entity tag (RFC 9110): send it back in If-None-Match (GET: 304 while unchanged) or If-Match (a write: 412 when the resource changed since) */
          ETag?: string;
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description invalid input, invalid id or invalid json */
      400: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description missing or invalid authentication */
      401: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description organization required, or forbidden */
      403: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description not found */
      404: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description rate limit exceeded (see Retry-After) */
      429: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          /** @description seconds until the window resets */
          "Retry-After"?: number;
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description request line or headers too large (plain text: the parser refuses it before routing) */
      431: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description operation failure */
      500: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description service unavailable */
      503: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
    };
  };
  postNodePoolsIdAnnotations: {
    parameters: {
      query?: never;
      header?: {
        /** @description a key of at most 255 characters (IETF httpapi Idempotency-Key draft) that makes a retry safe: the first request's answer (status, Location, body, or its 4xx) is recorded with the change for 24 h, per caller and organization, and a repeat with the same key and body answers it again with `Idempotent-Replayed: true`, through any gateway, also when the first answer was lost or a 503; the same key with another body is 422, a repeat while the first still runs 409, a longer key 400 */
        "Idempotency-Key"?: string;
        /** @description make the write conditional: it happens only while the resource's current ETag (GET /api/v1/node-pools/{id}) is one of these tags (or for `*`); otherwise 412 with the current ETag and nothing changes. Checked by the database write itself: of two concurrent writes with the same tag, one wins */
        "If-Match"?: string;
        /** @description the organization (UUID); required with a bearer token or user API key, implied by an org key */
        "X-Org-ID"?: string;
      };
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": {
          annotation_ids: string[];
        };
      };
    };
    responses: {
      /** @description No Content */
      204: {
        headers: {
          /** @description `true` when this is the recorded answer to an earlier request with the same Idempotency-Key */
          "Idempotent-Replayed"?: "true";
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description invalid input, invalid id or invalid json */
      400: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description missing or invalid authentication */
      401: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description organization required, or forbidden */
      403: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description not found */
      404: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description conflict; or a request with the same Idempotency-Key is still being processed */
      409: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description If-Match names no current entity tag of the resource (the ETag header gives the current one); on a route without one, any If-Match but * */
      412: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          /** @description the resource's current entity tag (absent on a route without one) */
          ETag?: string;
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description request body over 1 MiB */
      413: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description the Idempotency-Key was used for another request */
      422: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description rate limit exceeded (see Retry-After) */
      429: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          /** @description seconds until the window resets */
          "Retry-After"?: number;
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description request line or headers too large (plain text: the parser refuses it before routing) */
      431: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description operation failure */
      500: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description service unavailable */
      503: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
    };
  };
  deleteNodePoolsIdAnnotationsChildId: {
    parameters: {
      query?: never;
      header?: {
        /** @description make the write conditional: it happens only while the resource's current ETag (GET /api/v1/node-pools/{id}) is one of these tags (or for `*`); otherwise 412 with the current ETag and nothing changes. Checked by the database write itself: of two concurrent writes with the same tag, one wins */
        "If-Match"?: string;
        /** @description the organization (UUID); required with a bearer token or user API key, implied by an org key */
        "X-Org-ID"?: string;
      };
      path: {
        id: string;
        childId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description No Content */
      204: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description invalid input, invalid id or invalid json */
      400: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description missing or invalid authentication */
      401: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description organization required, or forbidden */
      403: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description not found */
      404: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description If-Match names no current entity tag of the resource (the ETag header gives the current one); on a route without one, any If-Match but * */
      412: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          /** @description the resource's current entity tag (absent on a route without one) */
          ETag?: string;
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description rate limit exceeded (see Retry-After) */
      429: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          /** @description seconds until the window resets */
          "Retry-After"?: number;
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description request line or headers too large (plain text: the parser refuses it before routing) */
      431: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description operation failure */
      500: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description service unavailable */
      503: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
    };
  };
  getNodePoolsIdTaints: {
    parameters: {
      query?: {
        /** @description at most this many items, newest first (1 to 1000; without it, at most 1000); 400 `invalid limit` otherwise */
        limit?: number;
        /** @description continues a list after the page that gave it (opaque, from the `Link` header); 400 `invalid cursor` otherwise */
        cursor?: string;
      };
      header?: {
        /** @description the ETag of a copy held: while it is still current the answer is 304 without a body */
        "If-None-Match"?: string;
        /** @description the organization (UUID); required with a bearer token or user API key, implied by an org key */
        "X-Org-ID"?: string;
      };
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          /** @description present while more items remain: `<path?…&cursor=…>; rel="next"` (RFC 8288), the same request for the next page */
          Link?: string;
          /** @description the answer's strong entity tag (RFC 9110): send it back in If-None-Match (GET: 304 while unchanged) or If-Match (a write: 412 when the resource changed since) */
          ETag?: string;
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            id: string;
            organization_id: string;
            key: string;
            value: string;
            created_at: string;
            updated_at: string;
            effect: string;
          }[];
        };
      };
      /** @description Not Modified: the If-None-Match tag is current */
      304: {
        headers: {
          /** @description the answer's strong entity tag (RFC 9110): send it back in If-None-Match (GET: 304 while unchanged) or If-Match (a write: 412 when the resource changed since) */
          ETag?: string;
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description invalid input, invalid id or invalid json */
      400: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description missing or invalid authentication */
      401: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description organization required, or forbidden */
      403: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description not found */
      404: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description rate limit exceeded (see Retry-After) */
      429: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          /** @description seconds until the window resets */
          "Retry-After"?: number;
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description request line or headers too large (plain text: the parser refuses it before routing) */
      431: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description operation failure */
      500: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description service unavailable */
      503: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
    };
  };
  postNodePoolsIdTaints: {
    parameters: {
      query?: never;
      header?: {
        /** @description a key of at most 255 characters (IETF httpapi Idempotency-Key draft) that makes a retry safe: the first request's answer (status, Location, body, or its 4xx) is recorded with the change for 24 h, per caller and organization, and a repeat with the same key and body answers it again with `Idempotent-Replayed: true`, through any gateway, also when the first answer was lost or a 503; the same key with another body is 422, a repeat while the first still runs 409, a longer key 400 */
        "Idempotency-Key"?: string;
        /** @description make the write conditional: it happens only while the resource's current ETag (GET /api/v1/node-pools/{id}) is one of these tags (or for `*`); otherwise 412 with the current ETag and nothing changes. Checked by the database write itself: of two concurrent writes with the same tag, one wins */
        "If-Match"?: string;
        /** @description the organization (UUID); required with a bearer token or user API key, implied by an org key */
        "X-Org-ID"?: string;
      };
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": {
          taint_ids: string[];
        };
      };
    };
    responses: {
      /** @description No Content */
      204: {
        headers: {
          /** @description `true` when this is the recorded answer to an earlier request with the same Idempotency-Key */
          "Idempotent-Replayed"?: "true";
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description invalid input, invalid id or invalid json */
      400: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description missing or invalid authentication */
      401: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description organization required, or forbidden */
      403: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description not found */
      404: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description conflict; or a request with the same Idempotency-Key is still being processed */
      409: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description If-Match names no current entity tag of the resource (the ETag header gives the current one); on a route without one, any If-Match but * */
      412: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          /** @description the resource's current entity tag (absent on a route without one) */
          ETag?: string;
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description request body over 1 MiB */
      413: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description the Idempotency-Key was used for another request */
      422: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description rate limit exceeded (see Retry-After) */
      429: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          /** @description seconds until the window resets */
          "Retry-After"?: number;
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description request line or headers too large (plain text: the parser refuses it before routing) */
      431: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description operation failure */
      500: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description service unavailable */
      503: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
    };
  };
  deleteNodePoolsIdTaintsChildId: {
    parameters: {
      query?: never;
      header?: {
        /** @description make the write conditional: it happens only while the resource's current ETag (GET /api/v1/node-pools/{id}) is one of these tags (or for `*`); otherwise 412 with the current ETag and nothing changes. Checked by the database write itself: of two concurrent writes with the same tag, one wins */
        "If-Match"?: string;
        /** @description the organization (UUID); required with a bearer token or user API key, implied by an org key */
        "X-Org-ID"?: string;
      };
      path: {
        id: string;
        childId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description No Content */
      204: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description invalid input, invalid id or invalid json */
      400: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description missing or invalid authentication */
      401: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description organization required, or forbidden */
      403: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description not found */
      404: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description If-Match names no current entity tag of the resource (the ETag header gives the current one); on a route without one, any If-Match but * */
      412: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          /** @description the resource's current entity tag (absent on a route without one) */
          ETag?: string;
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description rate limit exceeded (see Retry-After) */
      429: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          /** @description seconds until the window resets */
          "Retry-After"?: number;
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description request line or headers too large (plain text: the parser refuses it before routing) */
      431: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description operation failure */
      500: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description service unavailable */
      503: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
    };
  };
  getLoadBalancers: {
    parameters: {
      query?: {
        /** @description at most this many items, newest first (1 to 1000; without it, at most 1000); 400 `invalid limit` otherwise */
        limit?: number;
        /** @description continues a list after the page that gave it (opaque, from the `Link` header); 400 `invalid cursor` otherwise */
        cursor?: string;
      };
      header?: {
        /** @description the ETag of a copy held: while it is still current the answer is 304 without a body */
        "If-None-Match"?: string;
        /** @description the organization (UUID); required with a bearer token or user API key, implied by an org key */
        "X-Org-ID"?: string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          /** @description present while more items remain: `<path?…&cursor=…>; rel="next"` (RFC 8288), the same request for the next page */
          Link?: string;
          /** @description the answer's strong entity tag (RFC 9110): send it back in If-None-Match (GET: 304 while unchanged) or If-Match (a write: 412 when the resource changed since) */
          ETag?: string;
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            id: string;
            organization_id: string;
            name: string;
            /** @enum {string} */
            kind: "platform" | "public";
            private_ip_address: string;
            public_ip_address: string;
            created_at: string;
            updated_at: string;
          }[];
        };
      };
      /** @description Not Modified: the If-None-Match tag is current */
      304: {
        headers: {
          /** @description the answer's strong entity tag (RFC 9110): send it back in If-None-Match (GET: 304 while unchanged) or If-Match (a write: 412 when the resource changed since) */
          ETag?: string;
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description invalid input, invalid id or invalid json */
      400: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description missing or invalid authentication */
      401: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description organization required, or forbidden */
      403: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description rate limit exceeded (see Retry-After) */
      429: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          /** @description seconds until the window resets */
          "Retry-After"?: number;
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description request line or headers too large (plain text: the parser refuses it before routing) */
      431: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description operation failure */
      500: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description service unavailable */
      503: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
    };
  };
  postLoadBalancers: {
    parameters: {
      query?: never;
      header?: {
        /** @description a key of at most 255 characters (IETF httpapi Idempotency-Key draft) that makes a retry safe: the first request's answer (status, Location, body, or its 4xx) is recorded with the change for 24 h, per caller and organization, and a repeat with the same key and body answers it again with `Idempotent-Replayed: true`, through any gateway, also when the first answer was lost or a 503; the same key with another body is 422, a repeat while the first still runs 409, a longer key 400 */
        "Idempotency-Key"?: string;
        /** @description this route has no entity tag: only `*` holds, any other value is 412 */
        "If-Match"?: string;
        /** @description the organization (UUID); required with a bearer token or user API key, implied by an org key */
        "X-Org-ID"?: string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": {
          name: string;
          /** @enum {string} */
          kind: "platform" | "public";
          private_ip_address?: string;
          public_ip_address?: string;
        };
      };
    };
    responses: {
      /** @description Created */
      201: {
        headers: {
          /** @description the created object's URL (/api/v1/load-balancers/{id}) */
          Location?: string;
          /** @description the answer's strong entity tag (RFC 9110): send it back in If-None-Match (GET: 304 while unchanged) or If-Match (a write: 412 when the resource changed since) */
          ETag?: string;
          /** @description `true` when this is the recorded answer to an earlier request with the same Idempotency-Key */
          "Idempotent-Replayed"?: "true";
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            id: string;
            organization_id: string;
            name: string;
            /** @enum {string} */
            kind: "platform" | "public";
            private_ip_address: string;
            public_ip_address: string;
            created_at: string;
            updated_at: string;
          };
        };
      };
      /** @description invalid input, invalid id or invalid json */
      400: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description missing or invalid authentication */
      401: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description organization required, or forbidden */
      403: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description conflict; or a request with the same Idempotency-Key is still being processed */
      409: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description If-Match names no current entity tag of the resource (the ETag header gives the current one); on a route without one, any If-Match but * */
      412: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          /** @description the resource's current entity tag (absent on a route without one) */
          ETag?: string;
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description request body over 1 MiB */
      413: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description the Idempotency-Key was used for another request */
      422: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description rate limit exceeded (see Retry-After) */
      429: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          /** @description seconds until the window resets */
          "Retry-After"?: number;
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description request line or headers too large (plain text: the parser refuses it before routing) */
      431: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description operation failure */
      500: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description service unavailable */
      503: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
    };
  };
  getLoadBalancersId: {
    parameters: {
      query?: never;
      header?: {
        /** @description the ETag of a copy held: while it is still current the answer is 304 without a body */
        "If-None-Match"?: string;
        /** @description the organization (UUID); required with a bearer token or user API key, implied by an org key */
        "X-Org-ID"?: string;
      };
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          /** @description the answer's strong entity tag (RFC 9110): send it back in If-None-Match (GET: 304 while unchanged) or If-Match (a write: 412 when the resource changed since) */
          ETag?: string;
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            id: string;
            organization_id: string;
            name: string;
            /** @enum {string} */
            kind: "platform" | "public";
            private_ip_address: string;
            public_ip_address: string;
            created_at: string;
            updated_at: string;
          };
        };
      };
      /** @description Not Modified: the If-None-Match tag is current */
      304: {
        headers: {
          /** @description the answer's strong entity tag (RFC 9110): send it back in If-None-Match (GET: 304 while unchanged) or If-Match (a write: 412 when the resource changed since) */
          ETag?: string;
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description invalid input, invalid id or invalid json */
      400: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description missing or invalid authentication */
      401: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description organization required, or forbidden */
      403: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description not found */
      404: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description rate limit exceeded (see Retry-After) */
      429: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          /** @description seconds until the window resets */
          "Retry-After"?: number;
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description request line or headers too large (plain text: the parser refuses it before routing) */
      431: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description operation failure */
      500: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description service unavailable */
      503: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
    };
  };
  deleteLoadBalancersId: {
    parameters: {
      query?: never;
      header?: {
        /** @description make the write conditional: it happens only while the resource's current ETag (GET /api/v1/load-balancers/{id}) is one of these tags (or for `*`); otherwise 412 with the current ETag and nothing changes. Checked by the database write itself: of two concurrent writes with the same tag, one wins */
        "If-Match"?: string;
        /** @description the organization (UUID); required with a bearer token or user API key, implied by an org key */
        "X-Org-ID"?: string;
      };
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description No Content */
      204: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description invalid input, invalid id or invalid json */
      400: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description missing or invalid authentication */
      401: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description organization required, or forbidden */
      403: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description not found */
      404: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description conflict */
      409: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description If-Match names no current entity tag of the resource (the ETag header gives the current one); on a route without one, any If-Match but * */
      412: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          /** @description the resource's current entity tag (absent on a route without one) */
          ETag?: string;
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description rate limit exceeded (see Retry-After) */
      429: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          /** @description seconds until the window resets */
          "Retry-After"?: number;
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description request line or headers too large (plain text: the parser refuses it before routing) */
      431: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description operation failure */
      500: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description service unavailable */
      503: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
    };
  };
  patchLoadBalancersId: {
    parameters: {
      query?: never;
      header?: {
        /** @description a key of at most 255 characters (IETF httpapi Idempotency-Key draft) that makes a retry safe: the first request's answer (status, Location, body, or its 4xx) is recorded with the change for 24 h, per caller and organization, and a repeat with the same key and body answers it again with `Idempotent-Replayed: true`, through any gateway, also when the first answer was lost or a 503; the same key with another body is 422, a repeat while the first still runs 409, a longer key 400 */
        "Idempotency-Key"?: string;
        /** @description make the write conditional: it happens only while the resource's current ETag (GET /api/v1/load-balancers/{id}) is one of these tags (or for `*`); otherwise 412 with the current ETag and nothing changes. Checked by the database write itself: of two concurrent writes with the same tag, one wins */
        "If-Match"?: string;
        /** @description the organization (UUID); required with a bearer token or user API key, implied by an org key */
        "X-Org-ID"?: string;
      };
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": {
          name?: string;
          /** @enum {string} */
          kind?: "platform" | "public";
          private_ip_address?: string;
          public_ip_address?: string;
        };
      };
    };
    responses: {
      /** @description OK */
      200: {
        headers: {
          /** @description the answer's strong entity tag (RFC 9110): send it back in If-None-Match (GET: 304 while unchanged) or If-Match (a write: 412 when the resource changed since) */
          ETag?: string;
          /** @description `true` when this is the recorded answer to an earlier request with the same Idempotency-Key */
          "Idempotent-Replayed"?: "true";
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            id: string;
            organization_id: string;
            name: string;
            /** @enum {string} */
            kind: "platform" | "public";
            private_ip_address: string;
            public_ip_address: string;
            created_at: string;
            updated_at: string;
          };
        };
      };
      /** @description invalid input, invalid id or invalid json */
      400: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description missing or invalid authentication */
      401: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description organization required, or forbidden */
      403: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description not found */
      404: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description conflict; or a request with the same Idempotency-Key is still being processed */
      409: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description If-Match names no current entity tag of the resource (the ETag header gives the current one); on a route without one, any If-Match but * */
      412: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          /** @description the resource's current entity tag (absent on a route without one) */
          ETag?: string;
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description request body over 1 MiB */
      413: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description the Idempotency-Key was used for another request */
      422: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description rate limit exceeded (see Retry-After) */
      429: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          /** @description seconds until the window resets */
          "Retry-After"?: number;
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description request line or headers too large (plain text: the parser refuses it before routing) */
      431: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description operation failure */
      500: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description service unavailable */
      503: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
    };
  };
  getCredentials: {
    parameters: {
      query?: {
        provider?: "aws" | "cloudflare" | "hetzner" | "digitalocean" | "generic";
        credential_provider?: "aws" | "cloudflare" | "hetzner" | "digitalocean" | "generic";
        kind?: "aws_access_key" | "api_token" | "basic_auth" | "oauth2";
        scope_kind?: "provider" | "service" | "resource";
        /** @description at most this many items, newest first (1 to 1000; without it, at most 1000); 400 `invalid limit` otherwise */
        limit?: number;
        /** @description continues a list after the page that gave it (opaque, from the `Link` header); 400 `invalid cursor` otherwise */
        cursor?: string;
      };
      header?: {
        /** @description the ETag of a copy held: while it is still current the answer is 304 without a body */
        "If-None-Match"?: string;
        /** @description the organization (UUID); required with a bearer token or user API key, implied by an org key */
        "X-Org-ID"?: string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          /** @description present while more items remain: `<path?…&cursor=…>; rel="next"` (RFC 8288), the same request for the next page */
          Link?: string;
          /** @description the answer's strong entity tag (RFC 9110): send it back in If-None-Match (GET: 304 while unchanged) or If-Match (a write: 412 when the resource changed since) */
          ETag?: string;
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            id: string;
            name: string;
            /** @enum {string} */
            provider: "aws" | "cloudflare" | "hetzner" | "digitalocean" | "generic";
            /** @enum {string} */
            credential_provider: "aws" | "cloudflare" | "hetzner" | "digitalocean" | "generic";
            /** @enum {string} */
            kind: "aws_access_key" | "api_token" | "basic_auth" | "oauth2";
            account_id: string;
            region: string;
            /** @enum {string} */
            scope_kind: "provider" | "service" | "resource";
            scope: {
              [key: string]: unknown;
            };
            scope_version: number;
            schema_version: number;
            created_at: string;
            updated_at: string;
          }[];
        };
      };
      /** @description Not Modified: the If-None-Match tag is current */
      304: {
        headers: {
          /** @description the answer's strong entity tag (RFC 9110): send it back in If-None-Match (GET: 304 while unchanged) or If-Match (a write: 412 when the resource changed since) */
          ETag?: string;
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description invalid input, invalid id or invalid json */
      400: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description missing or invalid authentication */
      401: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description organization required, or forbidden */
      403: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description rate limit exceeded (see Retry-After) */
      429: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          /** @description seconds until the window resets */
          "Retry-After"?: number;
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description request line or headers too large (plain text: the parser refuses it before routing) */
      431: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description operation failure */
      500: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description service unavailable */
      503: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
    };
  };
  postCredentials: {
    parameters: {
      query?: never;
      header?: {
        /** @description a key of at most 255 characters (IETF httpapi Idempotency-Key draft) that makes a retry safe: the first request's answer (status, Location, body, or its 4xx) is recorded with the change for 24 h, per caller and organization, and a repeat with the same key and body answers it again with `Idempotent-Replayed: true`, through any gateway, also when the first answer was lost or a 503; the same key with another body is 422, a repeat while the first still runs 409, a longer key 400 */
        "Idempotency-Key"?: string;
        /** @description this route has no entity tag: only `*` holds, any other value is 412 */
        "If-Match"?: string;
        /** @description the organization (UUID); required with a bearer token or user API key, implied by an org key */
        "X-Org-ID"?: string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": {
          /**
           * @description required on create (or its other name credential_provider)
           * @enum {string}
           */
          provider?: "aws" | "cloudflare" | "hetzner" | "digitalocean" | "generic";
          /**
           * @description another name of provider; both given and different is 400
           * @enum {string}
           */
          credential_provider?: "aws" | "cloudflare" | "hetzner" | "digitalocean" | "generic";
          /**
           * @description aws_access_key (aws); api_token (cloudflare, hetzner, digitalocean, generic); basic_auth and oauth2 (generic)
           * @enum {string}
           */
          kind: "aws_access_key" | "api_token" | "basic_auth" | "oauth2";
          schema_version: number;
          /** @enum {string} */
          scope_kind: "provider" | "service" | "resource";
          scope_version: number;
          /** @description provider → {}; service → {service}; resource → {arn} */
          scope: {
            [key: string]: unknown;
          };
          /** @description encrypted before storage. aws_access_key {access_key_id, secret_access_key, region?}; api_token {token, ...string fields}; basic_auth {username, password}; oauth2 {client_id, client_secret, refresh_token} */
          secret: {
            [key: string]: unknown;
          };
          name?: string;
          account_id?: string;
          region?: string;
        };
      };
    };
    responses: {
      /** @description Created */
      201: {
        headers: {
          /** @description the created object's URL (/api/v1/credentials/{id}) */
          Location?: string;
          /** @description the answer's strong entity tag (RFC 9110): send it back in If-None-Match (GET: 304 while unchanged) or If-Match (a write: 412 when the resource changed since) */
          ETag?: string;
          /** @description `true` when this is the recorded answer to an earlier request with the same Idempotency-Key */
          "Idempotent-Replayed"?: "true";
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            id: string;
            name: string;
            /** @enum {string} */
            provider: "aws" | "cloudflare" | "hetzner" | "digitalocean" | "generic";
            /** @enum {string} */
            credential_provider: "aws" | "cloudflare" | "hetzner" | "digitalocean" | "generic";
            /** @enum {string} */
            kind: "aws_access_key" | "api_token" | "basic_auth" | "oauth2";
            account_id: string;
            region: string;
            /** @enum {string} */
            scope_kind: "provider" | "service" | "resource";
            scope: {
              [key: string]: unknown;
            };
            scope_version: number;
            schema_version: number;
            created_at: string;
            updated_at: string;
          };
        };
      };
      /** @description invalid input, invalid id or invalid json */
      400: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description missing or invalid authentication */
      401: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description organization required, or forbidden */
      403: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description conflict; or a request with the same Idempotency-Key is still being processed */
      409: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description If-Match names no current entity tag of the resource (the ETag header gives the current one); on a route without one, any If-Match but * */
      412: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          /** @description the resource's current entity tag (absent on a route without one) */
          ETag?: string;
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description request body over 1 MiB */
      413: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description the Idempotency-Key was used for another request */
      422: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description rate limit exceeded (see Retry-After) */
      429: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          /** @description seconds until the window resets */
          "Retry-After"?: number;
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description request line or headers too large (plain text: the parser refuses it before routing) */
      431: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description operation failure */
      500: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description service unavailable */
      503: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
    };
  };
  getCredentialsId: {
    parameters: {
      query?: never;
      header?: {
        /** @description the ETag of a copy held: while it is still current the answer is 304 without a body */
        "If-None-Match"?: string;
        /** @description the organization (UUID); required with a bearer token or user API key, implied by an org key */
        "X-Org-ID"?: string;
      };
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          /** @description the answer's strong entity tag (RFC 9110): send it back in If-None-Match (GET: 304 while unchanged) or If-Match (a write: 412 when the resource changed since) */
          ETag?: string;
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            id: string;
            name: string;
            /** @enum {string} */
            provider: "aws" | "cloudflare" | "hetzner" | "digitalocean" | "generic";
            /** @enum {string} */
            credential_provider: "aws" | "cloudflare" | "hetzner" | "digitalocean" | "generic";
            /** @enum {string} */
            kind: "aws_access_key" | "api_token" | "basic_auth" | "oauth2";
            account_id: string;
            region: string;
            /** @enum {string} */
            scope_kind: "provider" | "service" | "resource";
            scope: {
              [key: string]: unknown;
            };
            scope_version: number;
            schema_version: number;
            created_at: string;
            updated_at: string;
          };
        };
      };
      /** @description Not Modified: the If-None-Match tag is current */
      304: {
        headers: {
          /** @description the answer's strong entity tag (RFC 9110): send it back in If-None-Match (GET: 304 while unchanged) or If-Match (a write: 412 when the resource changed since) */
          ETag?: string;
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description invalid input, invalid id or invalid json */
      400: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description missing or invalid authentication */
      401: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description organization required, or forbidden */
      403: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description not found */
      404: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description rate limit exceeded (see Retry-After) */
      429: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          /** @description seconds until the window resets */
          "Retry-After"?: number;
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description request line or headers too large (plain text: the parser refuses it before routing) */
      431: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description operation failure */
      500: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description service unavailable */
      503: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
    };
  };
  deleteCredentialsId: {
    parameters: {
      query?: never;
      header?: {
        /** @description make the write conditional: it happens only while the resource's current ETag (GET /api/v1/credentials/{id}) is one of these tags (or for `*`); otherwise 412 with the current ETag and nothing changes. Checked by the database write itself: of two concurrent writes with the same tag, one wins */
        "If-Match"?: string;
        /** @description the organization (UUID); required with a bearer token or user API key, implied by an org key */
        "X-Org-ID"?: string;
      };
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description No Content */
      204: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description invalid input, invalid id or invalid json */
      400: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description missing or invalid authentication */
      401: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description organization required, or forbidden */
      403: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description not found */
      404: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description conflict */
      409: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description If-Match names no current entity tag of the resource (the ETag header gives the current one); on a route without one, any If-Match but * */
      412: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          /** @description the resource's current entity tag (absent on a route without one) */
          ETag?: string;
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description rate limit exceeded (see Retry-After) */
      429: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          /** @description seconds until the window resets */
          "Retry-After"?: number;
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description request line or headers too large (plain text: the parser refuses it before routing) */
      431: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description operation failure */
      500: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description service unavailable */
      503: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
    };
  };
  patchCredentialsId: {
    parameters: {
      query?: never;
      header?: {
        /** @description a key of at most 255 characters (IETF httpapi Idempotency-Key draft) that makes a retry safe: the first request's answer (status, Location, body, or its 4xx) is recorded with the change for 24 h, per caller and organization, and a repeat with the same key and body answers it again with `Idempotent-Replayed: true`, through any gateway, also when the first answer was lost or a 503; the same key with another body is 422, a repeat while the first still runs 409, a longer key 400 */
        "Idempotency-Key"?: string;
        /** @description make the write conditional: it happens only while the resource's current ETag (GET /api/v1/credentials/{id}) is one of these tags (or for `*`); otherwise 412 with the current ETag and nothing changes. Checked by the database write itself: of two concurrent writes with the same tag, one wins */
        "If-Match"?: string;
        /** @description the organization (UUID); required with a bearer token or user API key, implied by an org key */
        "X-Org-ID"?: string;
      };
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": {
          /**
           * @description required on create (or its other name credential_provider)
           * @enum {string}
           */
          provider?: "aws" | "cloudflare" | "hetzner" | "digitalocean" | "generic";
          /**
           * @description another name of provider; both given and different is 400
           * @enum {string}
           */
          credential_provider?: "aws" | "cloudflare" | "hetzner" | "digitalocean" | "generic";
          /**
           * @description aws_access_key (aws); api_token (cloudflare, hetzner, digitalocean, generic); basic_auth and oauth2 (generic)
           * @enum {string}
           */
          kind?: "aws_access_key" | "api_token" | "basic_auth" | "oauth2";
          schema_version?: number;
          /** @enum {string} */
          scope_kind?: "provider" | "service" | "resource";
          scope_version?: number;
          /** @description provider → {}; service → {service}; resource → {arn} */
          scope?: {
            [key: string]: unknown;
          };
          /** @description encrypted before storage. aws_access_key {access_key_id, secret_access_key, region?}; api_token {token, ...string fields}; basic_auth {username, password}; oauth2 {client_id, client_secret, refresh_token} */
          secret?: {
            [key: string]: unknown;
          };
          name?: string;
          account_id?: string;
          region?: string;
        };
      };
    };
    responses: {
      /** @description OK */
      200: {
        headers: {
          /** @description the answer's strong entity tag (RFC 9110): send it back in If-None-Match (GET: 304 while unchanged) or If-Match (a write: 412 when the resource changed since) */
          ETag?: string;
          /** @description `true` when this is the recorded answer to an earlier request with the same Idempotency-Key */
          "Idempotent-Replayed"?: "true";
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            id: string;
            name: string;
            /** @enum {string} */
            provider: "aws" | "cloudflare" | "hetzner" | "digitalocean" | "generic";
            /** @enum {string} */
            credential_provider: "aws" | "cloudflare" | "hetzner" | "digitalocean" | "generic";
            /** @enum {string} */
            kind: "aws_access_key" | "api_token" | "basic_auth" | "oauth2";
            account_id: string;
            region: string;
            /** @enum {string} */
            scope_kind: "provider" | "service" | "resource";
            scope: {
              [key: string]: unknown;
            };
            scope_version: number;
            schema_version: number;
            created_at: string;
            updated_at: string;
          };
        };
      };
      /** @description invalid input, invalid id or invalid json */
      400: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description missing or invalid authentication */
      401: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description organization required, or forbidden */
      403: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description not found */
      404: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description conflict; or a request with the same Idempotency-Key is still being processed */
      409: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description If-Match names no current entity tag of the resource (the ETag header gives the current one); on a route without one, any If-Match but * */
      412: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          /** @description the resource's current entity tag (absent on a route without one) */
          ETag?: string;
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description request body over 1 MiB */
      413: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description the Idempotency-Key was used for another request */
      422: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description rate limit exceeded (see Retry-After) */
      429: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          /** @description seconds until the window resets */
          "Retry-After"?: number;
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description request line or headers too large (plain text: the parser refuses it before routing) */
      431: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description operation failure */
      500: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description service unavailable */
      503: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
    };
  };
  postCredentialsIdReveal: {
    parameters: {
      query?: never;
      header?: {
        /** @description a key of at most 255 characters (IETF httpapi Idempotency-Key draft) that makes a retry safe: the first request's answer (status, Location, body, or its 4xx) is recorded with the change for 24 h, per caller and organization, and a repeat with the same key and body answers it again with `Idempotent-Replayed: true`, through any gateway, also when the first answer was lost or a 503; the same key with another body is 422, a repeat while the first still runs 409, a longer key 400 */
        "Idempotency-Key"?: string;
        /** @description this route has no entity tag: only `*` holds, any other value is 412 */
        "If-Match"?: string;
        /** @description the organization (UUID); required with a bearer token or user API key, implied by an org key */
        "X-Org-ID"?: string;
      };
      path: {
        id: string;
      };
      cookie?: never;
    };
    /** @description nothing: leave the body out, or send `{}` */
    requestBody?: {
      content: {
        "application/json": Record<string, never>;
      };
    };
    responses: {
      /** @description OK */
      200: {
        headers: {
          /** @description `true` when this is the recorded answer to an earlier request with the same Idempotency-Key */
          "Idempotent-Replayed"?: "true";
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            [key: string]: unknown;
          };
        };
      };
      /** @description invalid input, invalid id or invalid json */
      400: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description missing or invalid authentication */
      401: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description organization required, or forbidden */
      403: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description not found */
      404: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description conflict; or a request with the same Idempotency-Key is still being processed */
      409: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description If-Match names no current entity tag of the resource (the ETag header gives the current one); on a route without one, any If-Match but * */
      412: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          /** @description the resource's current entity tag (absent on a route without one) */
          ETag?: string;
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description request body over 1 MiB */
      413: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description the Idempotency-Key was used for another request */
      422: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description rate limit exceeded (see Retry-After) */
      429: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          /** @description seconds until the window resets */
          "Retry-After"?: number;
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description request line or headers too large (plain text: the parser refuses it before routing) */
      431: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description operation failure */
      500: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description service unavailable */
      503: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
    };
  };
  getDnsDomains: {
    parameters: {
      query?: {
        domain_name?: string;
        status?: "pending" | "provisioning" | "ready" | "failed";
        q?: string;
        /** @description at most this many items, newest first (1 to 1000; without it, at most 1000); 400 `invalid limit` otherwise */
        limit?: number;
        /** @description continues a list after the page that gave it (opaque, from the `Link` header); 400 `invalid cursor` otherwise */
        cursor?: string;
      };
      header?: {
        /** @description the ETag of a copy held: while it is still current the answer is 304 without a body */
        "If-None-Match"?: string;
        /** @description the organization (UUID); required with a bearer token or user API key, implied by an org key */
        "X-Org-ID"?: string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          /** @description present while more items remain: `<path?…&cursor=…>; rel="next"` (RFC 8288), the same request for the next page */
          Link?: string;
          /** @description the answer's strong entity tag (RFC 9110): send it back in If-None-Match (GET: 304 while unchanged) or If-Match (a write: 412 when the resource changed since) */
          ETag?: string;
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            id: string;
            organization_id: string;
            credential_id: string;
            domain_name: string;
            zone_id: string;
            /** @enum {string} */
            status: "pending" | "provisioning" | "ready" | "failed";
            last_error: string;
            created_at: string;
            updated_at: string;
          }[];
        };
      };
      /** @description Not Modified: the If-None-Match tag is current */
      304: {
        headers: {
          /** @description the answer's strong entity tag (RFC 9110): send it back in If-None-Match (GET: 304 while unchanged) or If-Match (a write: 412 when the resource changed since) */
          ETag?: string;
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description invalid input, invalid id or invalid json */
      400: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description missing or invalid authentication */
      401: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description organization required, or forbidden */
      403: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description rate limit exceeded (see Retry-After) */
      429: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          /** @description seconds until the window resets */
          "Retry-After"?: number;
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description request line or headers too large (plain text: the parser refuses it before routing) */
      431: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description operation failure */
      500: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description service unavailable */
      503: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
    };
  };
  postDnsDomains: {
    parameters: {
      query?: never;
      header?: {
        /** @description a key of at most 255 characters (IETF httpapi Idempotency-Key draft) that makes a retry safe: the first request's answer (status, Location, body, or its 4xx) is recorded with the change for 24 h, per caller and organization, and a repeat with the same key and body answers it again with `Idempotent-Replayed: true`, through any gateway, also when the first answer was lost or a 503; the same key with another body is 422, a repeat while the first still runs 409, a longer key 400 */
        "Idempotency-Key"?: string;
        /** @description this route has no entity tag: only `*` holds, any other value is 412 */
        "If-Match"?: string;
        /** @description the organization (UUID); required with a bearer token or user API key, implied by an org key */
        "X-Org-ID"?: string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": components["schemas"]["CreateDomainRequest"];
      };
    };
    responses: {
      /** @description Created */
      201: {
        headers: {
          /** @description the created object's URL (/api/v1/dns/domains/{id}) */
          Location?: string;
          /** @description the answer's strong entity tag (RFC 9110): send it back in If-None-Match (GET: 304 while unchanged) or If-Match (a write: 412 when the resource changed since) */
          ETag?: string;
          /** @description `true` when this is the recorded answer to an earlier request with the same Idempotency-Key */
          "Idempotent-Replayed"?: "true";
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            id: string;
            organization_id: string;
            credential_id: string;
            domain_name: string;
            zone_id: string;
            /** @enum {string} */
            status: "pending" | "provisioning" | "ready" | "failed";
            last_error: string;
            created_at: string;
            updated_at: string;
          };
        };
      };
      /** @description invalid input, invalid id or invalid json */
      400: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description missing or invalid authentication */
      401: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description organization required, or forbidden */
      403: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description conflict; or a request with the same Idempotency-Key is still being processed */
      409: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description If-Match names no current entity tag of the resource (the ETag header gives the current one); on a route without one, any If-Match but * */
      412: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          /** @description the resource's current entity tag (absent on a route without one) */
          ETag?: string;
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description request body over 1 MiB */
      413: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description the Idempotency-Key was used for another request */
      422: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description rate limit exceeded (see Retry-After) */
      429: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          /** @description seconds until the window resets */
          "Retry-After"?: number;
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description request line or headers too large (plain text: the parser refuses it before routing) */
      431: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description operation failure */
      500: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description service unavailable */
      503: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
    };
  };
  getDnsDomainsId: {
    parameters: {
      query?: never;
      header?: {
        /** @description the ETag of a copy held: while it is still current the answer is 304 without a body */
        "If-None-Match"?: string;
        /** @description the organization (UUID); required with a bearer token or user API key, implied by an org key */
        "X-Org-ID"?: string;
      };
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          /** @description the answer's strong entity tag (RFC 9110): send it back in If-None-Match (GET: 304 while unchanged) or If-Match (a write: 412 when the resource changed since) */
          ETag?: string;
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            id: string;
            organization_id: string;
            credential_id: string;
            domain_name: string;
            zone_id: string;
            /** @enum {string} */
            status: "pending" | "provisioning" | "ready" | "failed";
            last_error: string;
            created_at: string;
            updated_at: string;
          };
        };
      };
      /** @description Not Modified: the If-None-Match tag is current */
      304: {
        headers: {
          /** @description the answer's strong entity tag (RFC 9110): send it back in If-None-Match (GET: 304 while unchanged) or If-Match (a write: 412 when the resource changed since) */
          ETag?: string;
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description invalid input, invalid id or invalid json */
      400: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description missing or invalid authentication */
      401: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description organization required, or forbidden */
      403: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description not found */
      404: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description rate limit exceeded (see Retry-After) */
      429: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          /** @description seconds until the window resets */
          "Retry-After"?: number;
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description request line or headers too large (plain text: the parser refuses it before routing) */
      431: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description operation failure */
      500: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description service unavailable */
      503: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
    };
  };
  deleteDnsDomainsId: {
    parameters: {
      query?: never;
      header?: {
        /** @description make the write conditional: it happens only while the resource's current ETag (GET /api/v1/dns/domains/{id}) is one of these tags (or for `*`); otherwise 412 with the current ETag and nothing changes. Checked by the database write itself: of two concurrent writes with the same tag, one wins */
        "If-Match"?: string;
        /** @description the organization (UUID); required with a bearer token or user API key, implied by an org key */
        "X-Org-ID"?: string;
      };
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description No Content */
      204: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description invalid input, invalid id or invalid json */
      400: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description missing or invalid authentication */
      401: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description organization required, or forbidden */
      403: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description not found */
      404: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description conflict */
      409: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description If-Match names no current entity tag of the resource (the ETag header gives the current one); on a route without one, any If-Match but * */
      412: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          /** @description the resource's current entity tag (absent on a route without one) */
          ETag?: string;
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description rate limit exceeded (see Retry-After) */
      429: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          /** @description seconds until the window resets */
          "Retry-After"?: number;
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description request line or headers too large (plain text: the parser refuses it before routing) */
      431: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description operation failure */
      500: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description service unavailable */
      503: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
    };
  };
  patchDnsDomainsId: {
    parameters: {
      query?: never;
      header?: {
        /** @description a key of at most 255 characters (IETF httpapi Idempotency-Key draft) that makes a retry safe: the first request's answer (status, Location, body, or its 4xx) is recorded with the change for 24 h, per caller and organization, and a repeat with the same key and body answers it again with `Idempotent-Replayed: true`, through any gateway, also when the first answer was lost or a 503; the same key with another body is 422, a repeat while the first still runs 409, a longer key 400 */
        "Idempotency-Key"?: string;
        /** @description make the write conditional: it happens only while the resource's current ETag (GET /api/v1/dns/domains/{id}) is one of these tags (or for `*`); otherwise 412 with the current ETag and nothing changes. Checked by the database write itself: of two concurrent writes with the same tag, one wins */
        "If-Match"?: string;
        /** @description the organization (UUID); required with a bearer token or user API key, implied by an org key */
        "X-Org-ID"?: string;
      };
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": components["schemas"]["UpdateDomainRequest"];
      };
    };
    responses: {
      /** @description OK */
      200: {
        headers: {
          /** @description the answer's strong entity tag (RFC 9110): send it back in If-None-Match (GET: 304 while unchanged) or If-Match (a write: 412 when the resource changed since) */
          ETag?: string;
          /** @description `true` when this is the recorded answer to an earlier request with the same Idempotency-Key */
          "Idempotent-Replayed"?: "true";
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            id: string;
            organization_id: string;
            credential_id: string;
            domain_name: string;
            zone_id: string;
            /** @enum {string} */
            status: "pending" | "provisioning" | "ready" | "failed";
            last_error: string;
            created_at: string;
            updated_at: string;
          };
        };
      };
      /** @description invalid input, invalid id or invalid json */
      400: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description missing or invalid authentication */
      401: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description organization required, or forbidden */
      403: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description not found */
      404: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description conflict; or a request with the same Idempotency-Key is still being processed */
      409: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description If-Match names no current entity tag of the resource (the ETag header gives the current one); on a route without one, any If-Match but * */
      412: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          /** @description the resource's current entity tag (absent on a route without one) */
          ETag?: string;
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description request body over 1 MiB */
      413: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description the Idempotency-Key was used for another request */
      422: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description rate limit exceeded (see Retry-After) */
      429: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          /** @description seconds until the window resets */
          "Retry-After"?: number;
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description request line or headers too large (plain text: the parser refuses it before routing) */
      431: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description operation failure */
      500: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description service unavailable */
      503: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
    };
  };
  getDnsDomainsDomainIdRecords: {
    parameters: {
      query?: {
        name?: string;
        type?: "A" | "AAAA" | "CNAME" | "TXT" | "MX" | "NS" | "SRV" | "CAA";
        status?: "pending" | "provisioning" | "ready" | "failed";
        /** @description at most this many items, newest first (1 to 1000; without it, at most 1000); 400 `invalid limit` otherwise */
        limit?: number;
        /** @description continues a list after the page that gave it (opaque, from the `Link` header); 400 `invalid cursor` otherwise */
        cursor?: string;
      };
      header?: {
        /** @description the ETag of a copy held: while it is still current the answer is 304 without a body */
        "If-None-Match"?: string;
        /** @description the organization (UUID); required with a bearer token or user API key, implied by an org key */
        "X-Org-ID"?: string;
      };
      path: {
        domain_id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          /** @description present while more items remain: `<path?…&cursor=…>; rel="next"` (RFC 8288), the same request for the next page */
          Link?: string;
          /** @description the answer's strong entity tag (RFC 9110): send it back in If-None-Match (GET: 304 while unchanged) or If-Match (a write: 412 when the resource changed since) */
          ETag?: string;
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            id: string;
            domain_id: string;
            name: string;
            /** @enum {string} */
            type: "A" | "AAAA" | "CNAME" | "TXT" | "MX" | "NS" | "SRV" | "CAA";
            ttl: number;
            values: string[];
            /** @enum {string} */
            status: "pending" | "provisioning" | "ready" | "failed";
            fingerprint: string;
            /** @enum {string} */
            owner: "autoglue" | "external" | "unknown";
            last_error: string;
            created_at: string;
            updated_at: string;
          }[];
        };
      };
      /** @description Not Modified: the If-None-Match tag is current */
      304: {
        headers: {
          /** @description the answer's strong entity tag (RFC 9110): send it back in If-None-Match (GET: 304 while unchanged) or If-Match (a write: 412 when the resource changed since) */
          ETag?: string;
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description invalid input, invalid id or invalid json */
      400: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description missing or invalid authentication */
      401: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description organization required, or forbidden */
      403: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description not found */
      404: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description rate limit exceeded (see Retry-After) */
      429: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          /** @description seconds until the window resets */
          "Retry-After"?: number;
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description request line or headers too large (plain text: the parser refuses it before routing) */
      431: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description operation failure */
      500: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description service unavailable */
      503: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
    };
  };
  postDnsDomainsDomainIdRecords: {
    parameters: {
      query?: never;
      header?: {
        /** @description a key of at most 255 characters (IETF httpapi Idempotency-Key draft) that makes a retry safe: the first request's answer (status, Location, body, or its 4xx) is recorded with the change for 24 h, per caller and organization, and a repeat with the same key and body answers it again with `Idempotent-Replayed: true`, through any gateway, also when the first answer was lost or a 503; the same key with another body is 422, a repeat while the first still runs 409, a longer key 400 */
        "Idempotency-Key"?: string;
        /** @description this route has no entity tag: only `*` holds, any other value is 412 */
        "If-Match"?: string;
        /** @description the organization (UUID); required with a bearer token or user API key, implied by an org key */
        "X-Org-ID"?: string;
      };
      path: {
        domain_id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": components["schemas"]["CreateRecordSetRequest"];
      };
    };
    responses: {
      /** @description Created */
      201: {
        headers: {
          /** @description the created object's URL (/api/v1/dns/records/{id}) */
          Location?: string;
          /** @description the answer's strong entity tag (RFC 9110): send it back in If-None-Match (GET: 304 while unchanged) or If-Match (a write: 412 when the resource changed since) */
          ETag?: string;
          /** @description `true` when this is the recorded answer to an earlier request with the same Idempotency-Key */
          "Idempotent-Replayed"?: "true";
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            id: string;
            domain_id: string;
            name: string;
            /** @enum {string} */
            type: "A" | "AAAA" | "CNAME" | "TXT" | "MX" | "NS" | "SRV" | "CAA";
            ttl: number;
            values: string[];
            /** @enum {string} */
            status: "pending" | "provisioning" | "ready" | "failed";
            fingerprint: string;
            /** @enum {string} */
            owner: "autoglue" | "external" | "unknown";
            last_error: string;
            created_at: string;
            updated_at: string;
          };
        };
      };
      /** @description invalid input, invalid id or invalid json */
      400: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description missing or invalid authentication */
      401: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description organization required, or forbidden */
      403: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description not found */
      404: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description conflict; or a request with the same Idempotency-Key is still being processed */
      409: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description If-Match names no current entity tag of the resource (the ETag header gives the current one); on a route without one, any If-Match but * */
      412: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          /** @description the resource's current entity tag (absent on a route without one) */
          ETag?: string;
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description request body over 1 MiB */
      413: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description the Idempotency-Key was used for another request */
      422: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description rate limit exceeded (see Retry-After) */
      429: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          /** @description seconds until the window resets */
          "Retry-After"?: number;
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description request line or headers too large (plain text: the parser refuses it before routing) */
      431: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description operation failure */
      500: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description service unavailable */
      503: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
    };
  };
  getDnsRecordsId: {
    parameters: {
      query?: never;
      header?: {
        /** @description the ETag of a copy held: while it is still current the answer is 304 without a body */
        "If-None-Match"?: string;
        /** @description the organization (UUID); required with a bearer token or user API key, implied by an org key */
        "X-Org-ID"?: string;
      };
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          /** @description the answer's strong entity tag (RFC 9110): send it back in If-None-Match (GET: 304 while unchanged) or If-Match (a write: 412 when the resource changed since) */
          ETag?: string;
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            id: string;
            domain_id: string;
            name: string;
            /** @enum {string} */
            type: "A" | "AAAA" | "CNAME" | "TXT" | "MX" | "NS" | "SRV" | "CAA";
            ttl: number;
            values: string[];
            /** @enum {string} */
            status: "pending" | "provisioning" | "ready" | "failed";
            fingerprint: string;
            /** @enum {string} */
            owner: "autoglue" | "external" | "unknown";
            last_error: string;
            created_at: string;
            updated_at: string;
          };
        };
      };
      /** @description Not Modified: the If-None-Match tag is current */
      304: {
        headers: {
          /** @description the answer's strong entity tag (RFC 9110): send it back in If-None-Match (GET: 304 while unchanged) or If-Match (a write: 412 when the resource changed since) */
          ETag?: string;
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description invalid input, invalid id or invalid json */
      400: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description missing or invalid authentication */
      401: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description organization required, or forbidden */
      403: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description not found */
      404: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description rate limit exceeded (see Retry-After) */
      429: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          /** @description seconds until the window resets */
          "Retry-After"?: number;
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description request line or headers too large (plain text: the parser refuses it before routing) */
      431: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description operation failure */
      500: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description service unavailable */
      503: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
    };
  };
  deleteDnsRecordsId: {
    parameters: {
      query?: never;
      header?: {
        /** @description make the write conditional: it happens only while the resource's current ETag (GET /api/v1/dns/records/{id}) is one of these tags (or for `*`); otherwise 412 with the current ETag and nothing changes. Checked by the database write itself: of two concurrent writes with the same tag, one wins */
        "If-Match"?: string;
        /** @description the organization (UUID); required with a bearer token or user API key, implied by an org key */
        "X-Org-ID"?: string;
      };
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description No Content */
      204: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description invalid input, invalid id or invalid json */
      400: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description missing or invalid authentication */
      401: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description organization required, or forbidden */
      403: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description not found */
      404: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description conflict */
      409: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description If-Match names no current entity tag of the resource (the ETag header gives the current one); on a route without one, any If-Match but * */
      412: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          /** @description the resource's current entity tag (absent on a route without one) */
          ETag?: string;
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description rate limit exceeded (see Retry-After) */
      429: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          /** @description seconds until the window resets */
          "Retry-After"?: number;
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description request line or headers too large (plain text: the parser refuses it before routing) */
      431: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description operation failure */
      500: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description service unavailable */
      503: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
    };
  };
  patchDnsRecordsId: {
    parameters: {
      query?: never;
      header?: {
        /** @description a key of at most 255 characters (IETF httpapi Idempotency-Key draft) that makes a retry safe: the first request's answer (status, Location, body, or its 4xx) is recorded with the change for 24 h, per caller and organization, and a repeat with the same key and body answers it again with `Idempotent-Replayed: true`, through any gateway, also when the first answer was lost or a 503; the same key with another body is 422, a repeat while the first still runs 409, a longer key 400 */
        "Idempotency-Key"?: string;
        /** @description make the write conditional: it happens only while the resource's current ETag (GET /api/v1/dns/records/{id}) is one of these tags (or for `*`); otherwise 412 with the current ETag and nothing changes. Checked by the database write itself: of two concurrent writes with the same tag, one wins */
        "If-Match"?: string;
        /** @description the organization (UUID); required with a bearer token or user API key, implied by an org key */
        "X-Org-ID"?: string;
      };
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": components["schemas"]["UpdateRecordSetRequest"];
      };
    };
    responses: {
      /** @description OK */
      200: {
        headers: {
          /** @description the answer's strong entity tag (RFC 9110): send it back in If-None-Match (GET: 304 while unchanged) or If-Match (a write: 412 when the resource changed since) */
          ETag?: string;
          /** @description `true` when this is the recorded answer to an earlier request with the same Idempotency-Key */
          "Idempotent-Replayed"?: "true";
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            id: string;
            domain_id: string;
            name: string;
            /** @enum {string} */
            type: "A" | "AAAA" | "CNAME" | "TXT" | "MX" | "NS" | "SRV" | "CAA";
            ttl: number;
            values: string[];
            /** @enum {string} */
            status: "pending" | "provisioning" | "ready" | "failed";
            fingerprint: string;
            /** @enum {string} */
            owner: "autoglue" | "external" | "unknown";
            last_error: string;
            created_at: string;
            updated_at: string;
          };
        };
      };
      /** @description invalid input, invalid id or invalid json */
      400: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description missing or invalid authentication */
      401: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description organization required, or forbidden */
      403: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description not found */
      404: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description conflict; or a request with the same Idempotency-Key is still being processed */
      409: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description If-Match names no current entity tag of the resource (the ETag header gives the current one); on a route without one, any If-Match but * */
      412: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          /** @description the resource's current entity tag (absent on a route without one) */
          ETag?: string;
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description request body over 1 MiB */
      413: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description the Idempotency-Key was used for another request */
      422: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description rate limit exceeded (see Retry-After) */
      429: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          /** @description seconds until the window resets */
          "Retry-After"?: number;
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description request line or headers too large (plain text: the parser refuses it before routing) */
      431: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description operation failure */
      500: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description service unavailable */
      503: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
    };
  };
  getClusters: {
    parameters: {
      query?: {
        q?: string;
        /** @description at most this many items, newest first (1 to 1000; without it, at most 1000); 400 `invalid limit` otherwise */
        limit?: number;
        /** @description continues a list after the page that gave it (opaque, from the `Link` header); 400 `invalid cursor` otherwise */
        cursor?: string;
      };
      header?: {
        /** @description the ETag of a copy held: while it is still current the answer is 304 without a body */
        "If-None-Match"?: string;
        /** @description the organization (UUID); required with a bearer token or user API key, implied by an org key */
        "X-Org-ID"?: string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          /** @description present while more items remain: `<path?…&cursor=…>; rel="next"` (RFC 8288), the same request for the next page */
          Link?: string;
          /** @description the answer's strong entity tag (RFC 9110): send it back in If-None-Match (GET: 304 while unchanged) or If-Match (a write: 412 when the resource changed since) */
          ETag?: string;
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            id: string;
            name: string;
            provider: string;
            cluster_provider: string;
            region: string;
            docker_image: string;
            docker_tag: string;
            control_plane_fqdn: string;
            /** @enum {string} */
            status: "pre_pending" | "pending" | "incomplete" | "bootstrapping" | "provisioning" | "ready" | "failed";
            last_error: string;
            certificate_key: string;
            random_token: string;
            captain_domain: {
              id: string;
              organization_id: string;
              credential_id: string;
              domain_name: string;
              zone_id: string;
              /** @enum {string} */
              status: "pending" | "provisioning" | "ready" | "failed";
              last_error: string;
              created_at: string;
              updated_at: string;
            } | null;
            control_plane_record_set: {
              id: string;
              domain_id: string;
              name: string;
              /** @enum {string} */
              type: "A" | "AAAA" | "CNAME" | "TXT" | "MX" | "NS" | "SRV" | "CAA";
              ttl: number;
              values: string[];
              /** @enum {string} */
              status: "pending" | "provisioning" | "ready" | "failed";
              fingerprint: string;
              /** @enum {string} */
              owner: "autoglue" | "external" | "unknown";
              last_error: string;
              created_at: string;
              updated_at: string;
            } | null;
            apps_load_balancer: {
              id: string;
              organization_id: string;
              name: string;
              /** @enum {string} */
              kind: "platform" | "public";
              private_ip_address: string;
              public_ip_address: string;
              created_at: string;
              updated_at: string;
            } | null;
            glueops_load_balancer: {
              id: string;
              organization_id: string;
              name: string;
              /** @enum {string} */
              kind: "platform" | "public";
              private_ip_address: string;
              public_ip_address: string;
              created_at: string;
              updated_at: string;
            } | null;
            bastion_server: {
              id: string;
              organization_id: string;
              hostname: string;
              private_ip_address: string;
              public_ip_address: string;
              /** @enum {string} */
              role: "master" | "worker" | "bastion";
              ssh_key_id: string;
              ssh_user: string;
              ssh_port: number;
              /** @enum {string} */
              status: "pending" | "provisioning" | "ready" | "failed";
              last_error: string;
              ssh_host_key_fingerprint: string;
              created_at: string;
              updated_at: string;
            } | null;
            node_pools: {
              id: string;
              organization_id: string;
              name: string;
              /** @enum {string} */
              role: "master" | "worker";
              annotations: {
                id: string;
                organization_id: string;
                key: string;
                value: string;
                created_at: string;
                updated_at: string;
              }[];
              labels: {
                id: string;
                organization_id: string;
                key: string;
                value: string;
                created_at: string;
                updated_at: string;
              }[];
              taints: {
                id: string;
                organization_id: string;
                key: string;
                value: string;
                created_at: string;
                updated_at: string;
                effect: string;
              }[];
              servers: {
                id: string;
                organization_id: string;
                hostname: string;
                private_ip_address: string;
                public_ip_address: string;
                /** @enum {string} */
                role: "master" | "worker" | "bastion";
                ssh_key_id: string;
                ssh_user: string;
                ssh_port: number;
                /** @enum {string} */
                status: "pending" | "provisioning" | "ready" | "failed";
                last_error: string;
                ssh_host_key_fingerprint: string;
                created_at: string;
                updated_at: string;
              }[];
              created_at: string;
              updated_at: string;
            }[];
            metadata: {
              [key: string]: string;
            };
            created_at: string;
            updated_at: string;
          }[];
        };
      };
      /** @description Not Modified: the If-None-Match tag is current */
      304: {
        headers: {
          /** @description the answer's strong entity tag (RFC 9110): send it back in If-None-Match (GET: 304 while unchanged) or If-Match (a write: 412 when the resource changed since) */
          ETag?: string;
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description invalid input, invalid id or invalid json */
      400: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description missing or invalid authentication */
      401: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description organization required, or forbidden */
      403: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description rate limit exceeded (see Retry-After) */
      429: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          /** @description seconds until the window resets */
          "Retry-After"?: number;
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description request line or headers too large (plain text: the parser refuses it before routing) */
      431: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description operation failure */
      500: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description service unavailable */
      503: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
    };
  };
  postClusters: {
    parameters: {
      query?: never;
      header?: {
        /** @description a key of at most 255 characters (IETF httpapi Idempotency-Key draft) that makes a retry safe: the first request's answer (status, Location, body, or its 4xx) is recorded with the change for 24 h, per caller and organization, and a repeat with the same key and body answers it again with `Idempotent-Replayed: true`, through any gateway, also when the first answer was lost or a 503; the same key with another body is 422, a repeat while the first still runs 409, a longer key 400 */
        "Idempotency-Key"?: string;
        /** @description this route has no entity tag: only `*` holds, any other value is 412 */
        "If-Match"?: string;
        /** @description the organization (UUID); required with a bearer token or user API key, implied by an org key */
        "X-Org-ID"?: string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": {
          name: string;
          provider?: string;
          cluster_provider?: string;
          /** @default  */
          region?: string;
          /** @default  */
          docker_image?: string;
          /** @default  */
          docker_tag?: string;
        };
      };
    };
    responses: {
      /** @description Created */
      201: {
        headers: {
          /** @description the created object's URL (/api/v1/clusters/{clusterID}) */
          Location?: string;
          /** @description the answer's strong entity tag (RFC 9110): send it back in If-None-Match (GET: 304 while unchanged) or If-Match (a write: 412 when the resource changed since) */
          ETag?: string;
          /** @description `true` when this is the recorded answer to an earlier request with the same Idempotency-Key */
          "Idempotent-Replayed"?: "true";
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            id: string;
            name: string;
            provider: string;
            cluster_provider: string;
            region: string;
            docker_image: string;
            docker_tag: string;
            control_plane_fqdn: string;
            /** @enum {string} */
            status: "pre_pending" | "pending" | "incomplete" | "bootstrapping" | "provisioning" | "ready" | "failed";
            last_error: string;
            certificate_key: string;
            random_token: string;
            captain_domain: {
              id: string;
              organization_id: string;
              credential_id: string;
              domain_name: string;
              zone_id: string;
              /** @enum {string} */
              status: "pending" | "provisioning" | "ready" | "failed";
              last_error: string;
              created_at: string;
              updated_at: string;
            } | null;
            control_plane_record_set: {
              id: string;
              domain_id: string;
              name: string;
              /** @enum {string} */
              type: "A" | "AAAA" | "CNAME" | "TXT" | "MX" | "NS" | "SRV" | "CAA";
              ttl: number;
              values: string[];
              /** @enum {string} */
              status: "pending" | "provisioning" | "ready" | "failed";
              fingerprint: string;
              /** @enum {string} */
              owner: "autoglue" | "external" | "unknown";
              last_error: string;
              created_at: string;
              updated_at: string;
            } | null;
            apps_load_balancer: {
              id: string;
              organization_id: string;
              name: string;
              /** @enum {string} */
              kind: "platform" | "public";
              private_ip_address: string;
              public_ip_address: string;
              created_at: string;
              updated_at: string;
            } | null;
            glueops_load_balancer: {
              id: string;
              organization_id: string;
              name: string;
              /** @enum {string} */
              kind: "platform" | "public";
              private_ip_address: string;
              public_ip_address: string;
              created_at: string;
              updated_at: string;
            } | null;
            bastion_server: {
              id: string;
              organization_id: string;
              hostname: string;
              private_ip_address: string;
              public_ip_address: string;
              /** @enum {string} */
              role: "master" | "worker" | "bastion";
              ssh_key_id: string;
              ssh_user: string;
              ssh_port: number;
              /** @enum {string} */
              status: "pending" | "provisioning" | "ready" | "failed";
              last_error: string;
              ssh_host_key_fingerprint: string;
              created_at: string;
              updated_at: string;
            } | null;
            node_pools: {
              id: string;
              organization_id: string;
              name: string;
              /** @enum {string} */
              role: "master" | "worker";
              annotations: {
                id: string;
                organization_id: string;
                key: string;
                value: string;
                created_at: string;
                updated_at: string;
              }[];
              labels: {
                id: string;
                organization_id: string;
                key: string;
                value: string;
                created_at: string;
                updated_at: string;
              }[];
              taints: {
                id: string;
                organization_id: string;
                key: string;
                value: string;
                created_at: string;
                updated_at: string;
                effect: string;
              }[];
              servers: {
                id: string;
                organization_id: string;
                hostname: string;
                private_ip_address: string;
                public_ip_address: string;
                /** @enum {string} */
                role: "master" | "worker" | "bastion";
                ssh_key_id: string;
                ssh_user: string;
                ssh_port: number;
                /** @enum {string} */
                status: "pending" | "provisioning" | "ready" | "failed";
                last_error: string;
                ssh_host_key_fingerprint: string;
                created_at: string;
                updated_at: string;
              }[];
              created_at: string;
              updated_at: string;
            }[];
            metadata: {
              [key: string]: string;
            };
            created_at: string;
            updated_at: string;
          };
        };
      };
      /** @description invalid input, invalid id or invalid json */
      400: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description missing or invalid authentication */
      401: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description organization required, or forbidden */
      403: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description conflict; or a request with the same Idempotency-Key is still being processed */
      409: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description If-Match names no current entity tag of the resource (the ETag header gives the current one); on a route without one, any If-Match but * */
      412: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          /** @description the resource's current entity tag (absent on a route without one) */
          ETag?: string;
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description request body over 1 MiB */
      413: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description the Idempotency-Key was used for another request */
      422: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description rate limit exceeded (see Retry-After) */
      429: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          /** @description seconds until the window resets */
          "Retry-After"?: number;
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description request line or headers too large (plain text: the parser refuses it before routing) */
      431: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description operation failure */
      500: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description service unavailable */
      503: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
    };
  };
  getClustersClusterID: {
    parameters: {
      query?: never;
      header?: {
        /** @description the ETag of a copy held: while it is still current the answer is 304 without a body */
        "If-None-Match"?: string;
        /** @description the organization (UUID); required with a bearer token or user API key, implied by an org key */
        "X-Org-ID"?: string;
      };
      path: {
        clusterID: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          /** @description the answer's strong entity tag (RFC 9110): send it back in If-None-Match (GET: 304 while unchanged) or If-Match (a write: 412 when the resource changed since) */
          ETag?: string;
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            id: string;
            name: string;
            provider: string;
            cluster_provider: string;
            region: string;
            docker_image: string;
            docker_tag: string;
            control_plane_fqdn: string;
            /** @enum {string} */
            status: "pre_pending" | "pending" | "incomplete" | "bootstrapping" | "provisioning" | "ready" | "failed";
            last_error: string;
            certificate_key: string;
            random_token: string;
            captain_domain: {
              id: string;
              organization_id: string;
              credential_id: string;
              domain_name: string;
              zone_id: string;
              /** @enum {string} */
              status: "pending" | "provisioning" | "ready" | "failed";
              last_error: string;
              created_at: string;
              updated_at: string;
            } | null;
            control_plane_record_set: {
              id: string;
              domain_id: string;
              name: string;
              /** @enum {string} */
              type: "A" | "AAAA" | "CNAME" | "TXT" | "MX" | "NS" | "SRV" | "CAA";
              ttl: number;
              values: string[];
              /** @enum {string} */
              status: "pending" | "provisioning" | "ready" | "failed";
              fingerprint: string;
              /** @enum {string} */
              owner: "autoglue" | "external" | "unknown";
              last_error: string;
              created_at: string;
              updated_at: string;
            } | null;
            apps_load_balancer: {
              id: string;
              organization_id: string;
              name: string;
              /** @enum {string} */
              kind: "platform" | "public";
              private_ip_address: string;
              public_ip_address: string;
              created_at: string;
              updated_at: string;
            } | null;
            glueops_load_balancer: {
              id: string;
              organization_id: string;
              name: string;
              /** @enum {string} */
              kind: "platform" | "public";
              private_ip_address: string;
              public_ip_address: string;
              created_at: string;
              updated_at: string;
            } | null;
            bastion_server: {
              id: string;
              organization_id: string;
              hostname: string;
              private_ip_address: string;
              public_ip_address: string;
              /** @enum {string} */
              role: "master" | "worker" | "bastion";
              ssh_key_id: string;
              ssh_user: string;
              ssh_port: number;
              /** @enum {string} */
              status: "pending" | "provisioning" | "ready" | "failed";
              last_error: string;
              ssh_host_key_fingerprint: string;
              created_at: string;
              updated_at: string;
            } | null;
            node_pools: {
              id: string;
              organization_id: string;
              name: string;
              /** @enum {string} */
              role: "master" | "worker";
              annotations: {
                id: string;
                organization_id: string;
                key: string;
                value: string;
                created_at: string;
                updated_at: string;
              }[];
              labels: {
                id: string;
                organization_id: string;
                key: string;
                value: string;
                created_at: string;
                updated_at: string;
              }[];
              taints: {
                id: string;
                organization_id: string;
                key: string;
                value: string;
                created_at: string;
                updated_at: string;
                effect: string;
              }[];
              servers: {
                id: string;
                organization_id: string;
                hostname: string;
                private_ip_address: string;
                public_ip_address: string;
                /** @enum {string} */
                role: "master" | "worker" | "bastion";
                ssh_key_id: string;
                ssh_user: string;
                ssh_port: number;
                /** @enum {string} */
                status: "pending" | "provisioning" | "ready" | "failed";
                last_error: string;
                ssh_host_key_fingerprint: string;
                created_at: string;
                updated_at: string;
              }[];
              created_at: string;
              updated_at: string;
            }[];
            metadata: {
              [key: string]: string;
            };
            created_at: string;
            updated_at: string;
          };
        };
      };
      /** @description Not Modified: the If-None-Match tag is current */
      304: {
        headers: {
          /** @description the answer's strong entity tag (RFC 9110): send it back in If-None-Match (GET: 304 while unchanged) or If-Match (a write: 412 when the resource changed since) */
          ETag?: string;
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description invalid input, invalid id or invalid json */
      400: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description missing or invalid authentication */
      401: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description organization required, or forbidden */
      403: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description not found */
      404: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description rate limit exceeded (see Retry-After) */
      429: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          /** @description seconds until the window resets */
          "Retry-After"?: number;
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description request line or headers too large (plain text: the parser refuses it before routing) */
      431: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description operation failure */
      500: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description service unavailable */
      503: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
    };
  };
  deleteClustersClusterID: {
    parameters: {
      query?: never;
      header?: {
        /** @description make the write conditional: it happens only while the resource's current ETag (GET /api/v1/clusters/{clusterID}) is one of these tags (or for `*`); otherwise 412 with the current ETag and nothing changes. Checked by the database write itself: of two concurrent writes with the same tag, one wins */
        "If-Match"?: string;
        /** @description the organization (UUID); required with a bearer token or user API key, implied by an org key */
        "X-Org-ID"?: string;
      };
      path: {
        clusterID: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description No Content */
      204: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description invalid input, invalid id or invalid json */
      400: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description missing or invalid authentication */
      401: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description organization required, or forbidden */
      403: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description not found */
      404: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description If-Match names no current entity tag of the resource (the ETag header gives the current one); on a route without one, any If-Match but * */
      412: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          /** @description the resource's current entity tag (absent on a route without one) */
          ETag?: string;
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description rate limit exceeded (see Retry-After) */
      429: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          /** @description seconds until the window resets */
          "Retry-After"?: number;
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description request line or headers too large (plain text: the parser refuses it before routing) */
      431: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description operation failure */
      500: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description service unavailable */
      503: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
    };
  };
  patchClustersClusterID: {
    parameters: {
      query?: never;
      header?: {
        /** @description a key of at most 255 characters (IETF httpapi Idempotency-Key draft) that makes a retry safe: the first request's answer (status, Location, body, or its 4xx) is recorded with the change for 24 h, per caller and organization, and a repeat with the same key and body answers it again with `Idempotent-Replayed: true`, through any gateway, also when the first answer was lost or a 503; the same key with another body is 422, a repeat while the first still runs 409, a longer key 400 */
        "Idempotency-Key"?: string;
        /** @description make the write conditional: it happens only while the resource's current ETag (GET /api/v1/clusters/{clusterID}) is one of these tags (or for `*`); otherwise 412 with the current ETag and nothing changes. Checked by the database write itself: of two concurrent writes with the same tag, one wins */
        "If-Match"?: string;
        /** @description the organization (UUID); required with a bearer token or user API key, implied by an org key */
        "X-Org-ID"?: string;
      };
      path: {
        clusterID: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": {
          name?: string;
          provider?: string;
          cluster_provider?: string;
          region?: string;
          docker_image?: string;
          docker_tag?: string;
        };
      };
    };
    responses: {
      /** @description OK */
      200: {
        headers: {
          /** @description the answer's strong entity tag (RFC 9110): send it back in If-None-Match (GET: 304 while unchanged) or If-Match (a write: 412 when the resource changed since) */
          ETag?: string;
          /** @description `true` when this is the recorded answer to an earlier request with the same Idempotency-Key */
          "Idempotent-Replayed"?: "true";
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            id: string;
            name: string;
            provider: string;
            cluster_provider: string;
            region: string;
            docker_image: string;
            docker_tag: string;
            control_plane_fqdn: string;
            /** @enum {string} */
            status: "pre_pending" | "pending" | "incomplete" | "bootstrapping" | "provisioning" | "ready" | "failed";
            last_error: string;
            certificate_key: string;
            random_token: string;
            captain_domain: {
              id: string;
              organization_id: string;
              credential_id: string;
              domain_name: string;
              zone_id: string;
              /** @enum {string} */
              status: "pending" | "provisioning" | "ready" | "failed";
              last_error: string;
              created_at: string;
              updated_at: string;
            } | null;
            control_plane_record_set: {
              id: string;
              domain_id: string;
              name: string;
              /** @enum {string} */
              type: "A" | "AAAA" | "CNAME" | "TXT" | "MX" | "NS" | "SRV" | "CAA";
              ttl: number;
              values: string[];
              /** @enum {string} */
              status: "pending" | "provisioning" | "ready" | "failed";
              fingerprint: string;
              /** @enum {string} */
              owner: "autoglue" | "external" | "unknown";
              last_error: string;
              created_at: string;
              updated_at: string;
            } | null;
            apps_load_balancer: {
              id: string;
              organization_id: string;
              name: string;
              /** @enum {string} */
              kind: "platform" | "public";
              private_ip_address: string;
              public_ip_address: string;
              created_at: string;
              updated_at: string;
            } | null;
            glueops_load_balancer: {
              id: string;
              organization_id: string;
              name: string;
              /** @enum {string} */
              kind: "platform" | "public";
              private_ip_address: string;
              public_ip_address: string;
              created_at: string;
              updated_at: string;
            } | null;
            bastion_server: {
              id: string;
              organization_id: string;
              hostname: string;
              private_ip_address: string;
              public_ip_address: string;
              /** @enum {string} */
              role: "master" | "worker" | "bastion";
              ssh_key_id: string;
              ssh_user: string;
              ssh_port: number;
              /** @enum {string} */
              status: "pending" | "provisioning" | "ready" | "failed";
              last_error: string;
              ssh_host_key_fingerprint: string;
              created_at: string;
              updated_at: string;
            } | null;
            node_pools: {
              id: string;
              organization_id: string;
              name: string;
              /** @enum {string} */
              role: "master" | "worker";
              annotations: {
                id: string;
                organization_id: string;
                key: string;
                value: string;
                created_at: string;
                updated_at: string;
              }[];
              labels: {
                id: string;
                organization_id: string;
                key: string;
                value: string;
                created_at: string;
                updated_at: string;
              }[];
              taints: {
                id: string;
                organization_id: string;
                key: string;
                value: string;
                created_at: string;
                updated_at: string;
                effect: string;
              }[];
              servers: {
                id: string;
                organization_id: string;
                hostname: string;
                private_ip_address: string;
                public_ip_address: string;
                /** @enum {string} */
                role: "master" | "worker" | "bastion";
                ssh_key_id: string;
                ssh_user: string;
                ssh_port: number;
                /** @enum {string} */
                status: "pending" | "provisioning" | "ready" | "failed";
                last_error: string;
                ssh_host_key_fingerprint: string;
                created_at: string;
                updated_at: string;
              }[];
              created_at: string;
              updated_at: string;
            }[];
            metadata: {
              [key: string]: string;
            };
            created_at: string;
            updated_at: string;
          };
        };
      };
      /** @description invalid input, invalid id or invalid json */
      400: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description missing or invalid authentication */
      401: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description organization required, or forbidden */
      403: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description not found */
      404: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description conflict; or a request with the same Idempotency-Key is still being processed */
      409: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description If-Match names no current entity tag of the resource (the ETag header gives the current one); on a route without one, any If-Match but * */
      412: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          /** @description the resource's current entity tag (absent on a route without one) */
          ETag?: string;
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description request body over 1 MiB */
      413: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description the Idempotency-Key was used for another request */
      422: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description rate limit exceeded (see Retry-After) */
      429: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          /** @description seconds until the window resets */
          "Retry-After"?: number;
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description request line or headers too large (plain text: the parser refuses it before routing) */
      431: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description operation failure */
      500: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description service unavailable */
      503: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
    };
  };
  postClustersClusterIDAppsLoadBalancer: {
    parameters: {
      query?: never;
      header?: {
        /** @description a key of at most 255 characters (IETF httpapi Idempotency-Key draft) that makes a retry safe: the first request's answer (status, Location, body, or its 4xx) is recorded with the change for 24 h, per caller and organization, and a repeat with the same key and body answers it again with `Idempotent-Replayed: true`, through any gateway, also when the first answer was lost or a 503; the same key with another body is 422, a repeat while the first still runs 409, a longer key 400 */
        "Idempotency-Key"?: string;
        /** @description make the write conditional: it happens only while the resource's current ETag (GET /api/v1/clusters/{clusterID}) is one of these tags (or for `*`); otherwise 412 with the current ETag and nothing changes. Checked by the database write itself: of two concurrent writes with the same tag, one wins */
        "If-Match"?: string;
        /** @description the organization (UUID); required with a bearer token or user API key, implied by an org key */
        "X-Org-ID"?: string;
      };
      path: {
        clusterID: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": {
          load_balancer_id: string;
        };
      };
    };
    responses: {
      /** @description OK */
      200: {
        headers: {
          /** @description the answer's strong entity tag (RFC 9110): send it back in If-None-Match (GET: 304 while unchanged) or If-Match (a write: 412 when the resource changed since) */
          ETag?: string;
          /** @description `true` when this is the recorded answer to an earlier request with the same Idempotency-Key */
          "Idempotent-Replayed"?: "true";
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            id: string;
            name: string;
            provider: string;
            cluster_provider: string;
            region: string;
            docker_image: string;
            docker_tag: string;
            control_plane_fqdn: string;
            /** @enum {string} */
            status: "pre_pending" | "pending" | "incomplete" | "bootstrapping" | "provisioning" | "ready" | "failed";
            last_error: string;
            certificate_key: string;
            random_token: string;
            captain_domain: {
              id: string;
              organization_id: string;
              credential_id: string;
              domain_name: string;
              zone_id: string;
              /** @enum {string} */
              status: "pending" | "provisioning" | "ready" | "failed";
              last_error: string;
              created_at: string;
              updated_at: string;
            } | null;
            control_plane_record_set: {
              id: string;
              domain_id: string;
              name: string;
              /** @enum {string} */
              type: "A" | "AAAA" | "CNAME" | "TXT" | "MX" | "NS" | "SRV" | "CAA";
              ttl: number;
              values: string[];
              /** @enum {string} */
              status: "pending" | "provisioning" | "ready" | "failed";
              fingerprint: string;
              /** @enum {string} */
              owner: "autoglue" | "external" | "unknown";
              last_error: string;
              created_at: string;
              updated_at: string;
            } | null;
            apps_load_balancer: {
              id: string;
              organization_id: string;
              name: string;
              /** @enum {string} */
              kind: "platform" | "public";
              private_ip_address: string;
              public_ip_address: string;
              created_at: string;
              updated_at: string;
            } | null;
            glueops_load_balancer: {
              id: string;
              organization_id: string;
              name: string;
              /** @enum {string} */
              kind: "platform" | "public";
              private_ip_address: string;
              public_ip_address: string;
              created_at: string;
              updated_at: string;
            } | null;
            bastion_server: {
              id: string;
              organization_id: string;
              hostname: string;
              private_ip_address: string;
              public_ip_address: string;
              /** @enum {string} */
              role: "master" | "worker" | "bastion";
              ssh_key_id: string;
              ssh_user: string;
              ssh_port: number;
              /** @enum {string} */
              status: "pending" | "provisioning" | "ready" | "failed";
              last_error: string;
              ssh_host_key_fingerprint: string;
              created_at: string;
              updated_at: string;
            } | null;
            node_pools: {
              id: string;
              organization_id: string;
              name: string;
              /** @enum {string} */
              role: "master" | "worker";
              annotations: {
                id: string;
                organization_id: string;
                key: string;
                value: string;
                created_at: string;
                updated_at: string;
              }[];
              labels: {
                id: string;
                organization_id: string;
                key: string;
                value: string;
                created_at: string;
                updated_at: string;
              }[];
              taints: {
                id: string;
                organization_id: string;
                key: string;
                value: string;
                created_at: string;
                updated_at: string;
                effect: string;
              }[];
              servers: {
                id: string;
                organization_id: string;
                hostname: string;
                private_ip_address: string;
                public_ip_address: string;
                /** @enum {string} */
                role: "master" | "worker" | "bastion";
                ssh_key_id: string;
                ssh_user: string;
                ssh_port: number;
                /** @enum {string} */
                status: "pending" | "provisioning" | "ready" | "failed";
                last_error: string;
                ssh_host_key_fingerprint: string;
                created_at: string;
                updated_at: string;
              }[];
              created_at: string;
              updated_at: string;
            }[];
            metadata: {
              [key: string]: string;
            };
            created_at: string;
            updated_at: string;
          };
        };
      };
      /** @description invalid input, invalid id or invalid json */
      400: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description missing or invalid authentication */
      401: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description organization required, or forbidden */
      403: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description not found */
      404: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description conflict; or a request with the same Idempotency-Key is still being processed */
      409: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description If-Match names no current entity tag of the resource (the ETag header gives the current one); on a route without one, any If-Match but * */
      412: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          /** @description the resource's current entity tag (absent on a route without one) */
          ETag?: string;
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description request body over 1 MiB */
      413: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description the Idempotency-Key was used for another request */
      422: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description rate limit exceeded (see Retry-After) */
      429: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          /** @description seconds until the window resets */
          "Retry-After"?: number;
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description request line or headers too large (plain text: the parser refuses it before routing) */
      431: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description operation failure */
      500: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description service unavailable */
      503: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
    };
  };
  deleteClustersClusterIDAppsLoadBalancer: {
    parameters: {
      query?: never;
      header?: {
        /** @description make the write conditional: it happens only while the resource's current ETag (GET /api/v1/clusters/{clusterID}) is one of these tags (or for `*`); otherwise 412 with the current ETag and nothing changes. Checked by the database write itself: of two concurrent writes with the same tag, one wins */
        "If-Match"?: string;
        /** @description the organization (UUID); required with a bearer token or user API key, implied by an org key */
        "X-Org-ID"?: string;
      };
      path: {
        clusterID: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          /** @description the answer's strong entity tag (RFC 9110): send it back in If-None-Match (GET: 304 while unchanged) or If-Match (a write: 412 when the resource changed since) */
          ETag?: string;
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            id: string;
            name: string;
            provider: string;
            cluster_provider: string;
            region: string;
            docker_image: string;
            docker_tag: string;
            control_plane_fqdn: string;
            /** @enum {string} */
            status: "pre_pending" | "pending" | "incomplete" | "bootstrapping" | "provisioning" | "ready" | "failed";
            last_error: string;
            certificate_key: string;
            random_token: string;
            captain_domain: {
              id: string;
              organization_id: string;
              credential_id: string;
              domain_name: string;
              zone_id: string;
              /** @enum {string} */
              status: "pending" | "provisioning" | "ready" | "failed";
              last_error: string;
              created_at: string;
              updated_at: string;
            } | null;
            control_plane_record_set: {
              id: string;
              domain_id: string;
              name: string;
              /** @enum {string} */
              type: "A" | "AAAA" | "CNAME" | "TXT" | "MX" | "NS" | "SRV" | "CAA";
              ttl: number;
              values: string[];
              /** @enum {string} */
              status: "pending" | "provisioning" | "ready" | "failed";
              fingerprint: string;
              /** @enum {string} */
              owner: "autoglue" | "external" | "unknown";
              last_error: string;
              created_at: string;
              updated_at: string;
            } | null;
            apps_load_balancer: {
              id: string;
              organization_id: string;
              name: string;
              /** @enum {string} */
              kind: "platform" | "public";
              private_ip_address: string;
              public_ip_address: string;
              created_at: string;
              updated_at: string;
            } | null;
            glueops_load_balancer: {
              id: string;
              organization_id: string;
              name: string;
              /** @enum {string} */
              kind: "platform" | "public";
              private_ip_address: string;
              public_ip_address: string;
              created_at: string;
              updated_at: string;
            } | null;
            bastion_server: {
              id: string;
              organization_id: string;
              hostname: string;
              private_ip_address: string;
              public_ip_address: string;
              /** @enum {string} */
              role: "master" | "worker" | "bastion";
              ssh_key_id: string;
              ssh_user: string;
              ssh_port: number;
              /** @enum {string} */
              status: "pending" | "provisioning" | "ready" | "failed";
              last_error: string;
              ssh_host_key_fingerprint: string;
              created_at: string;
              updated_at: string;
            } | null;
            node_pools: {
              id: string;
              organization_id: string;
              name: string;
              /** @enum {string} */
              role: "master" | "worker";
              annotations: {
                id: string;
                organization_id: string;
                key: string;
                value: string;
                created_at: string;
                updated_at: string;
              }[];
              labels: {
                id: string;
                organization_id: string;
                key: string;
                value: string;
                created_at: string;
                updated_at: string;
              }[];
              taints: {
                id: string;
                organization_id: string;
                key: string;
                value: string;
                created_at: string;
                updated_at: string;
                effect: string;
              }[];
              servers: {
                id: string;
                organization_id: string;
                hostname: string;
                private_ip_address: string;
                public_ip_address: string;
                /** @enum {string} */
                role: "master" | "worker" | "bastion";
                ssh_key_id: string;
                ssh_user: string;
                ssh_port: number;
                /** @enum {string} */
                status: "pending" | "provisioning" | "ready" | "failed";
                last_error: string;
                ssh_host_key_fingerprint: string;
                created_at: string;
                updated_at: string;
              }[];
              created_at: string;
              updated_at: string;
            }[];
            metadata: {
              [key: string]: string;
            };
            created_at: string;
            updated_at: string;
          };
        };
      };
      /** @description invalid input, invalid id or invalid json */
      400: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description missing or invalid authentication */
      401: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description organization required, or forbidden */
      403: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description not found */
      404: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description If-Match names no current entity tag of the resource (the ETag header gives the current one); on a route without one, any If-Match but * */
      412: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          /** @description the resource's current entity tag (absent on a route without one) */
          ETag?: string;
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description rate limit exceeded (see Retry-After) */
      429: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          /** @description seconds until the window resets */
          "Retry-After"?: number;
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description request line or headers too large (plain text: the parser refuses it before routing) */
      431: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description operation failure */
      500: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description service unavailable */
      503: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
    };
  };
  postClustersClusterIDPlatformLoadBalancer: {
    parameters: {
      query?: never;
      header?: {
        /** @description a key of at most 255 characters (IETF httpapi Idempotency-Key draft) that makes a retry safe: the first request's answer (status, Location, body, or its 4xx) is recorded with the change for 24 h, per caller and organization, and a repeat with the same key and body answers it again with `Idempotent-Replayed: true`, through any gateway, also when the first answer was lost or a 503; the same key with another body is 422, a repeat while the first still runs 409, a longer key 400 */
        "Idempotency-Key"?: string;
        /** @description make the write conditional: it happens only while the resource's current ETag (GET /api/v1/clusters/{clusterID}) is one of these tags (or for `*`); otherwise 412 with the current ETag and nothing changes. Checked by the database write itself: of two concurrent writes with the same tag, one wins */
        "If-Match"?: string;
        /** @description the organization (UUID); required with a bearer token or user API key, implied by an org key */
        "X-Org-ID"?: string;
      };
      path: {
        clusterID: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": {
          load_balancer_id: string;
        };
      };
    };
    responses: {
      /** @description OK */
      200: {
        headers: {
          /** @description the answer's strong entity tag (RFC 9110): send it back in If-None-Match (GET: 304 while unchanged) or If-Match (a write: 412 when the resource changed since) */
          ETag?: string;
          /** @description `true` when this is the recorded answer to an earlier request with the same Idempotency-Key */
          "Idempotent-Replayed"?: "true";
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            id: string;
            name: string;
            provider: string;
            cluster_provider: string;
            region: string;
            docker_image: string;
            docker_tag: string;
            control_plane_fqdn: string;
            /** @enum {string} */
            status: "pre_pending" | "pending" | "incomplete" | "bootstrapping" | "provisioning" | "ready" | "failed";
            last_error: string;
            certificate_key: string;
            random_token: string;
            captain_domain: {
              id: string;
              organization_id: string;
              credential_id: string;
              domain_name: string;
              zone_id: string;
              /** @enum {string} */
              status: "pending" | "provisioning" | "ready" | "failed";
              last_error: string;
              created_at: string;
              updated_at: string;
            } | null;
            control_plane_record_set: {
              id: string;
              domain_id: string;
              name: string;
              /** @enum {string} */
              type: "A" | "AAAA" | "CNAME" | "TXT" | "MX" | "NS" | "SRV" | "CAA";
              ttl: number;
              values: string[];
              /** @enum {string} */
              status: "pending" | "provisioning" | "ready" | "failed";
              fingerprint: string;
              /** @enum {string} */
              owner: "autoglue" | "external" | "unknown";
              last_error: string;
              created_at: string;
              updated_at: string;
            } | null;
            apps_load_balancer: {
              id: string;
              organization_id: string;
              name: string;
              /** @enum {string} */
              kind: "platform" | "public";
              private_ip_address: string;
              public_ip_address: string;
              created_at: string;
              updated_at: string;
            } | null;
            glueops_load_balancer: {
              id: string;
              organization_id: string;
              name: string;
              /** @enum {string} */
              kind: "platform" | "public";
              private_ip_address: string;
              public_ip_address: string;
              created_at: string;
              updated_at: string;
            } | null;
            bastion_server: {
              id: string;
              organization_id: string;
              hostname: string;
              private_ip_address: string;
              public_ip_address: string;
              /** @enum {string} */
              role: "master" | "worker" | "bastion";
              ssh_key_id: string;
              ssh_user: string;
              ssh_port: number;
              /** @enum {string} */
              status: "pending" | "provisioning" | "ready" | "failed";
              last_error: string;
              ssh_host_key_fingerprint: string;
              created_at: string;
              updated_at: string;
            } | null;
            node_pools: {
              id: string;
              organization_id: string;
              name: string;
              /** @enum {string} */
              role: "master" | "worker";
              annotations: {
                id: string;
                organization_id: string;
                key: string;
                value: string;
                created_at: string;
                updated_at: string;
              }[];
              labels: {
                id: string;
                organization_id: string;
                key: string;
                value: string;
                created_at: string;
                updated_at: string;
              }[];
              taints: {
                id: string;
                organization_id: string;
                key: string;
                value: string;
                created_at: string;
                updated_at: string;
                effect: string;
              }[];
              servers: {
                id: string;
                organization_id: string;
                hostname: string;
                private_ip_address: string;
                public_ip_address: string;
                /** @enum {string} */
                role: "master" | "worker" | "bastion";
                ssh_key_id: string;
                ssh_user: string;
                ssh_port: number;
                /** @enum {string} */
                status: "pending" | "provisioning" | "ready" | "failed";
                last_error: string;
                ssh_host_key_fingerprint: string;
                created_at: string;
                updated_at: string;
              }[];
              created_at: string;
              updated_at: string;
            }[];
            metadata: {
              [key: string]: string;
            };
            created_at: string;
            updated_at: string;
          };
        };
      };
      /** @description invalid input, invalid id or invalid json */
      400: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description missing or invalid authentication */
      401: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description organization required, or forbidden */
      403: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description not found */
      404: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description conflict; or a request with the same Idempotency-Key is still being processed */
      409: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description If-Match names no current entity tag of the resource (the ETag header gives the current one); on a route without one, any If-Match but * */
      412: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          /** @description the resource's current entity tag (absent on a route without one) */
          ETag?: string;
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description request body over 1 MiB */
      413: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description the Idempotency-Key was used for another request */
      422: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description rate limit exceeded (see Retry-After) */
      429: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          /** @description seconds until the window resets */
          "Retry-After"?: number;
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description request line or headers too large (plain text: the parser refuses it before routing) */
      431: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description operation failure */
      500: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description service unavailable */
      503: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
    };
  };
  deleteClustersClusterIDPlatformLoadBalancer: {
    parameters: {
      query?: never;
      header?: {
        /** @description make the write conditional: it happens only while the resource's current ETag (GET /api/v1/clusters/{clusterID}) is one of these tags (or for `*`); otherwise 412 with the current ETag and nothing changes. Checked by the database write itself: of two concurrent writes with the same tag, one wins */
        "If-Match"?: string;
        /** @description the organization (UUID); required with a bearer token or user API key, implied by an org key */
        "X-Org-ID"?: string;
      };
      path: {
        clusterID: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          /** @description the answer's strong entity tag (RFC 9110): send it back in If-None-Match (GET: 304 while unchanged) or If-Match (a write: 412 when the resource changed since) */
          ETag?: string;
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            id: string;
            name: string;
            provider: string;
            cluster_provider: string;
            region: string;
            docker_image: string;
            docker_tag: string;
            control_plane_fqdn: string;
            /** @enum {string} */
            status: "pre_pending" | "pending" | "incomplete" | "bootstrapping" | "provisioning" | "ready" | "failed";
            last_error: string;
            certificate_key: string;
            random_token: string;
            captain_domain: {
              id: string;
              organization_id: string;
              credential_id: string;
              domain_name: string;
              zone_id: string;
              /** @enum {string} */
              status: "pending" | "provisioning" | "ready" | "failed";
              last_error: string;
              created_at: string;
              updated_at: string;
            } | null;
            control_plane_record_set: {
              id: string;
              domain_id: string;
              name: string;
              /** @enum {string} */
              type: "A" | "AAAA" | "CNAME" | "TXT" | "MX" | "NS" | "SRV" | "CAA";
              ttl: number;
              values: string[];
              /** @enum {string} */
              status: "pending" | "provisioning" | "ready" | "failed";
              fingerprint: string;
              /** @enum {string} */
              owner: "autoglue" | "external" | "unknown";
              last_error: string;
              created_at: string;
              updated_at: string;
            } | null;
            apps_load_balancer: {
              id: string;
              organization_id: string;
              name: string;
              /** @enum {string} */
              kind: "platform" | "public";
              private_ip_address: string;
              public_ip_address: string;
              created_at: string;
              updated_at: string;
            } | null;
            glueops_load_balancer: {
              id: string;
              organization_id: string;
              name: string;
              /** @enum {string} */
              kind: "platform" | "public";
              private_ip_address: string;
              public_ip_address: string;
              created_at: string;
              updated_at: string;
            } | null;
            bastion_server: {
              id: string;
              organization_id: string;
              hostname: string;
              private_ip_address: string;
              public_ip_address: string;
              /** @enum {string} */
              role: "master" | "worker" | "bastion";
              ssh_key_id: string;
              ssh_user: string;
              ssh_port: number;
              /** @enum {string} */
              status: "pending" | "provisioning" | "ready" | "failed";
              last_error: string;
              ssh_host_key_fingerprint: string;
              created_at: string;
              updated_at: string;
            } | null;
            node_pools: {
              id: string;
              organization_id: string;
              name: string;
              /** @enum {string} */
              role: "master" | "worker";
              annotations: {
                id: string;
                organization_id: string;
                key: string;
                value: string;
                created_at: string;
                updated_at: string;
              }[];
              labels: {
                id: string;
                organization_id: string;
                key: string;
                value: string;
                created_at: string;
                updated_at: string;
              }[];
              taints: {
                id: string;
                organization_id: string;
                key: string;
                value: string;
                created_at: string;
                updated_at: string;
                effect: string;
              }[];
              servers: {
                id: string;
                organization_id: string;
                hostname: string;
                private_ip_address: string;
                public_ip_address: string;
                /** @enum {string} */
                role: "master" | "worker" | "bastion";
                ssh_key_id: string;
                ssh_user: string;
                ssh_port: number;
                /** @enum {string} */
                status: "pending" | "provisioning" | "ready" | "failed";
                last_error: string;
                ssh_host_key_fingerprint: string;
                created_at: string;
                updated_at: string;
              }[];
              created_at: string;
              updated_at: string;
            }[];
            metadata: {
              [key: string]: string;
            };
            created_at: string;
            updated_at: string;
          };
        };
      };
      /** @description invalid input, invalid id or invalid json */
      400: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description missing or invalid authentication */
      401: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description organization required, or forbidden */
      403: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description not found */
      404: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description If-Match names no current entity tag of the resource (the ETag header gives the current one); on a route without one, any If-Match but * */
      412: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          /** @description the resource's current entity tag (absent on a route without one) */
          ETag?: string;
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description rate limit exceeded (see Retry-After) */
      429: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          /** @description seconds until the window resets */
          "Retry-After"?: number;
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description request line or headers too large (plain text: the parser refuses it before routing) */
      431: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description operation failure */
      500: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description service unavailable */
      503: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
    };
  };
  postClustersClusterIDBastion: {
    parameters: {
      query?: never;
      header?: {
        /** @description a key of at most 255 characters (IETF httpapi Idempotency-Key draft) that makes a retry safe: the first request's answer (status, Location, body, or its 4xx) is recorded with the change for 24 h, per caller and organization, and a repeat with the same key and body answers it again with `Idempotent-Replayed: true`, through any gateway, also when the first answer was lost or a 503; the same key with another body is 422, a repeat while the first still runs 409, a longer key 400 */
        "Idempotency-Key"?: string;
        /** @description make the write conditional: it happens only while the resource's current ETag (GET /api/v1/clusters/{clusterID}) is one of these tags (or for `*`); otherwise 412 with the current ETag and nothing changes. Checked by the database write itself: of two concurrent writes with the same tag, one wins */
        "If-Match"?: string;
        /** @description the organization (UUID); required with a bearer token or user API key, implied by an org key */
        "X-Org-ID"?: string;
      };
      path: {
        clusterID: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": {
          server_id: string;
        };
      };
    };
    responses: {
      /** @description OK */
      200: {
        headers: {
          /** @description the answer's strong entity tag (RFC 9110): send it back in If-None-Match (GET: 304 while unchanged) or If-Match (a write: 412 when the resource changed since) */
          ETag?: string;
          /** @description `true` when this is the recorded answer to an earlier request with the same Idempotency-Key */
          "Idempotent-Replayed"?: "true";
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            id: string;
            name: string;
            provider: string;
            cluster_provider: string;
            region: string;
            docker_image: string;
            docker_tag: string;
            control_plane_fqdn: string;
            /** @enum {string} */
            status: "pre_pending" | "pending" | "incomplete" | "bootstrapping" | "provisioning" | "ready" | "failed";
            last_error: string;
            certificate_key: string;
            random_token: string;
            captain_domain: {
              id: string;
              organization_id: string;
              credential_id: string;
              domain_name: string;
              zone_id: string;
              /** @enum {string} */
              status: "pending" | "provisioning" | "ready" | "failed";
              last_error: string;
              created_at: string;
              updated_at: string;
            } | null;
            control_plane_record_set: {
              id: string;
              domain_id: string;
              name: string;
              /** @enum {string} */
              type: "A" | "AAAA" | "CNAME" | "TXT" | "MX" | "NS" | "SRV" | "CAA";
              ttl: number;
              values: string[];
              /** @enum {string} */
              status: "pending" | "provisioning" | "ready" | "failed";
              fingerprint: string;
              /** @enum {string} */
              owner: "autoglue" | "external" | "unknown";
              last_error: string;
              created_at: string;
              updated_at: string;
            } | null;
            apps_load_balancer: {
              id: string;
              organization_id: string;
              name: string;
              /** @enum {string} */
              kind: "platform" | "public";
              private_ip_address: string;
              public_ip_address: string;
              created_at: string;
              updated_at: string;
            } | null;
            glueops_load_balancer: {
              id: string;
              organization_id: string;
              name: string;
              /** @enum {string} */
              kind: "platform" | "public";
              private_ip_address: string;
              public_ip_address: string;
              created_at: string;
              updated_at: string;
            } | null;
            bastion_server: {
              id: string;
              organization_id: string;
              hostname: string;
              private_ip_address: string;
              public_ip_address: string;
              /** @enum {string} */
              role: "master" | "worker" | "bastion";
              ssh_key_id: string;
              ssh_user: string;
              ssh_port: number;
              /** @enum {string} */
              status: "pending" | "provisioning" | "ready" | "failed";
              last_error: string;
              ssh_host_key_fingerprint: string;
              created_at: string;
              updated_at: string;
            } | null;
            node_pools: {
              id: string;
              organization_id: string;
              name: string;
              /** @enum {string} */
              role: "master" | "worker";
              annotations: {
                id: string;
                organization_id: string;
                key: string;
                value: string;
                created_at: string;
                updated_at: string;
              }[];
              labels: {
                id: string;
                organization_id: string;
                key: string;
                value: string;
                created_at: string;
                updated_at: string;
              }[];
              taints: {
                id: string;
                organization_id: string;
                key: string;
                value: string;
                created_at: string;
                updated_at: string;
                effect: string;
              }[];
              servers: {
                id: string;
                organization_id: string;
                hostname: string;
                private_ip_address: string;
                public_ip_address: string;
                /** @enum {string} */
                role: "master" | "worker" | "bastion";
                ssh_key_id: string;
                ssh_user: string;
                ssh_port: number;
                /** @enum {string} */
                status: "pending" | "provisioning" | "ready" | "failed";
                last_error: string;
                ssh_host_key_fingerprint: string;
                created_at: string;
                updated_at: string;
              }[];
              created_at: string;
              updated_at: string;
            }[];
            metadata: {
              [key: string]: string;
            };
            created_at: string;
            updated_at: string;
          };
        };
      };
      /** @description invalid input, invalid id or invalid json */
      400: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description missing or invalid authentication */
      401: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description organization required, or forbidden */
      403: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description not found */
      404: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description conflict; or a request with the same Idempotency-Key is still being processed */
      409: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description If-Match names no current entity tag of the resource (the ETag header gives the current one); on a route without one, any If-Match but * */
      412: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          /** @description the resource's current entity tag (absent on a route without one) */
          ETag?: string;
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description request body over 1 MiB */
      413: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description the Idempotency-Key was used for another request */
      422: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description rate limit exceeded (see Retry-After) */
      429: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          /** @description seconds until the window resets */
          "Retry-After"?: number;
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description request line or headers too large (plain text: the parser refuses it before routing) */
      431: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description operation failure */
      500: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description service unavailable */
      503: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
    };
  };
  deleteClustersClusterIDBastion: {
    parameters: {
      query?: never;
      header?: {
        /** @description make the write conditional: it happens only while the resource's current ETag (GET /api/v1/clusters/{clusterID}) is one of these tags (or for `*`); otherwise 412 with the current ETag and nothing changes. Checked by the database write itself: of two concurrent writes with the same tag, one wins */
        "If-Match"?: string;
        /** @description the organization (UUID); required with a bearer token or user API key, implied by an org key */
        "X-Org-ID"?: string;
      };
      path: {
        clusterID: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          /** @description the answer's strong entity tag (RFC 9110): send it back in If-None-Match (GET: 304 while unchanged) or If-Match (a write: 412 when the resource changed since) */
          ETag?: string;
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            id: string;
            name: string;
            provider: string;
            cluster_provider: string;
            region: string;
            docker_image: string;
            docker_tag: string;
            control_plane_fqdn: string;
            /** @enum {string} */
            status: "pre_pending" | "pending" | "incomplete" | "bootstrapping" | "provisioning" | "ready" | "failed";
            last_error: string;
            certificate_key: string;
            random_token: string;
            captain_domain: {
              id: string;
              organization_id: string;
              credential_id: string;
              domain_name: string;
              zone_id: string;
              /** @enum {string} */
              status: "pending" | "provisioning" | "ready" | "failed";
              last_error: string;
              created_at: string;
              updated_at: string;
            } | null;
            control_plane_record_set: {
              id: string;
              domain_id: string;
              name: string;
              /** @enum {string} */
              type: "A" | "AAAA" | "CNAME" | "TXT" | "MX" | "NS" | "SRV" | "CAA";
              ttl: number;
              values: string[];
              /** @enum {string} */
              status: "pending" | "provisioning" | "ready" | "failed";
              fingerprint: string;
              /** @enum {string} */
              owner: "autoglue" | "external" | "unknown";
              last_error: string;
              created_at: string;
              updated_at: string;
            } | null;
            apps_load_balancer: {
              id: string;
              organization_id: string;
              name: string;
              /** @enum {string} */
              kind: "platform" | "public";
              private_ip_address: string;
              public_ip_address: string;
              created_at: string;
              updated_at: string;
            } | null;
            glueops_load_balancer: {
              id: string;
              organization_id: string;
              name: string;
              /** @enum {string} */
              kind: "platform" | "public";
              private_ip_address: string;
              public_ip_address: string;
              created_at: string;
              updated_at: string;
            } | null;
            bastion_server: {
              id: string;
              organization_id: string;
              hostname: string;
              private_ip_address: string;
              public_ip_address: string;
              /** @enum {string} */
              role: "master" | "worker" | "bastion";
              ssh_key_id: string;
              ssh_user: string;
              ssh_port: number;
              /** @enum {string} */
              status: "pending" | "provisioning" | "ready" | "failed";
              last_error: string;
              ssh_host_key_fingerprint: string;
              created_at: string;
              updated_at: string;
            } | null;
            node_pools: {
              id: string;
              organization_id: string;
              name: string;
              /** @enum {string} */
              role: "master" | "worker";
              annotations: {
                id: string;
                organization_id: string;
                key: string;
                value: string;
                created_at: string;
                updated_at: string;
              }[];
              labels: {
                id: string;
                organization_id: string;
                key: string;
                value: string;
                created_at: string;
                updated_at: string;
              }[];
              taints: {
                id: string;
                organization_id: string;
                key: string;
                value: string;
                created_at: string;
                updated_at: string;
                effect: string;
              }[];
              servers: {
                id: string;
                organization_id: string;
                hostname: string;
                private_ip_address: string;
                public_ip_address: string;
                /** @enum {string} */
                role: "master" | "worker" | "bastion";
                ssh_key_id: string;
                ssh_user: string;
                ssh_port: number;
                /** @enum {string} */
                status: "pending" | "provisioning" | "ready" | "failed";
                last_error: string;
                ssh_host_key_fingerprint: string;
                created_at: string;
                updated_at: string;
              }[];
              created_at: string;
              updated_at: string;
            }[];
            metadata: {
              [key: string]: string;
            };
            created_at: string;
            updated_at: string;
          };
        };
      };
      /** @description invalid input, invalid id or invalid json */
      400: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description missing or invalid authentication */
      401: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description organization required, or forbidden */
      403: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description not found */
      404: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description If-Match names no current entity tag of the resource (the ETag header gives the current one); on a route without one, any If-Match but * */
      412: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          /** @description the resource's current entity tag (absent on a route without one) */
          ETag?: string;
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description rate limit exceeded (see Retry-After) */
      429: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          /** @description seconds until the window resets */
          "Retry-After"?: number;
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description request line or headers too large (plain text: the parser refuses it before routing) */
      431: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description operation failure */
      500: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description service unavailable */
      503: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
    };
  };
  postClustersClusterIDCaptainDomain: {
    parameters: {
      query?: never;
      header?: {
        /** @description a key of at most 255 characters (IETF httpapi Idempotency-Key draft) that makes a retry safe: the first request's answer (status, Location, body, or its 4xx) is recorded with the change for 24 h, per caller and organization, and a repeat with the same key and body answers it again with `Idempotent-Replayed: true`, through any gateway, also when the first answer was lost or a 503; the same key with another body is 422, a repeat while the first still runs 409, a longer key 400 */
        "Idempotency-Key"?: string;
        /** @description make the write conditional: it happens only while the resource's current ETag (GET /api/v1/clusters/{clusterID}) is one of these tags (or for `*`); otherwise 412 with the current ETag and nothing changes. Checked by the database write itself: of two concurrent writes with the same tag, one wins */
        "If-Match"?: string;
        /** @description the organization (UUID); required with a bearer token or user API key, implied by an org key */
        "X-Org-ID"?: string;
      };
      path: {
        clusterID: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": {
          domain_id: string;
        };
      };
    };
    responses: {
      /** @description OK */
      200: {
        headers: {
          /** @description the answer's strong entity tag (RFC 9110): send it back in If-None-Match (GET: 304 while unchanged) or If-Match (a write: 412 when the resource changed since) */
          ETag?: string;
          /** @description `true` when this is the recorded answer to an earlier request with the same Idempotency-Key */
          "Idempotent-Replayed"?: "true";
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            id: string;
            name: string;
            provider: string;
            cluster_provider: string;
            region: string;
            docker_image: string;
            docker_tag: string;
            control_plane_fqdn: string;
            /** @enum {string} */
            status: "pre_pending" | "pending" | "incomplete" | "bootstrapping" | "provisioning" | "ready" | "failed";
            last_error: string;
            certificate_key: string;
            random_token: string;
            captain_domain: {
              id: string;
              organization_id: string;
              credential_id: string;
              domain_name: string;
              zone_id: string;
              /** @enum {string} */
              status: "pending" | "provisioning" | "ready" | "failed";
              last_error: string;
              created_at: string;
              updated_at: string;
            } | null;
            control_plane_record_set: {
              id: string;
              domain_id: string;
              name: string;
              /** @enum {string} */
              type: "A" | "AAAA" | "CNAME" | "TXT" | "MX" | "NS" | "SRV" | "CAA";
              ttl: number;
              values: string[];
              /** @enum {string} */
              status: "pending" | "provisioning" | "ready" | "failed";
              fingerprint: string;
              /** @enum {string} */
              owner: "autoglue" | "external" | "unknown";
              last_error: string;
              created_at: string;
              updated_at: string;
            } | null;
            apps_load_balancer: {
              id: string;
              organization_id: string;
              name: string;
              /** @enum {string} */
              kind: "platform" | "public";
              private_ip_address: string;
              public_ip_address: string;
              created_at: string;
              updated_at: string;
            } | null;
            glueops_load_balancer: {
              id: string;
              organization_id: string;
              name: string;
              /** @enum {string} */
              kind: "platform" | "public";
              private_ip_address: string;
              public_ip_address: string;
              created_at: string;
              updated_at: string;
            } | null;
            bastion_server: {
              id: string;
              organization_id: string;
              hostname: string;
              private_ip_address: string;
              public_ip_address: string;
              /** @enum {string} */
              role: "master" | "worker" | "bastion";
              ssh_key_id: string;
              ssh_user: string;
              ssh_port: number;
              /** @enum {string} */
              status: "pending" | "provisioning" | "ready" | "failed";
              last_error: string;
              ssh_host_key_fingerprint: string;
              created_at: string;
              updated_at: string;
            } | null;
            node_pools: {
              id: string;
              organization_id: string;
              name: string;
              /** @enum {string} */
              role: "master" | "worker";
              annotations: {
                id: string;
                organization_id: string;
                key: string;
                value: string;
                created_at: string;
                updated_at: string;
              }[];
              labels: {
                id: string;
                organization_id: string;
                key: string;
                value: string;
                created_at: string;
                updated_at: string;
              }[];
              taints: {
                id: string;
                organization_id: string;
                key: string;
                value: string;
                created_at: string;
                updated_at: string;
                effect: string;
              }[];
              servers: {
                id: string;
                organization_id: string;
                hostname: string;
                private_ip_address: string;
                public_ip_address: string;
                /** @enum {string} */
                role: "master" | "worker" | "bastion";
                ssh_key_id: string;
                ssh_user: string;
                ssh_port: number;
                /** @enum {string} */
                status: "pending" | "provisioning" | "ready" | "failed";
                last_error: string;
                ssh_host_key_fingerprint: string;
                created_at: string;
                updated_at: string;
              }[];
              created_at: string;
              updated_at: string;
            }[];
            metadata: {
              [key: string]: string;
            };
            created_at: string;
            updated_at: string;
          };
        };
      };
      /** @description invalid input, invalid id or invalid json */
      400: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description missing or invalid authentication */
      401: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description organization required, or forbidden */
      403: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description not found */
      404: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description conflict; or a request with the same Idempotency-Key is still being processed */
      409: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description If-Match names no current entity tag of the resource (the ETag header gives the current one); on a route without one, any If-Match but * */
      412: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          /** @description the resource's current entity tag (absent on a route without one) */
          ETag?: string;
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description request body over 1 MiB */
      413: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description the Idempotency-Key was used for another request */
      422: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description rate limit exceeded (see Retry-After) */
      429: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          /** @description seconds until the window resets */
          "Retry-After"?: number;
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description request line or headers too large (plain text: the parser refuses it before routing) */
      431: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description operation failure */
      500: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description service unavailable */
      503: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
    };
  };
  deleteClustersClusterIDCaptainDomain: {
    parameters: {
      query?: never;
      header?: {
        /** @description make the write conditional: it happens only while the resource's current ETag (GET /api/v1/clusters/{clusterID}) is one of these tags (or for `*`); otherwise 412 with the current ETag and nothing changes. Checked by the database write itself: of two concurrent writes with the same tag, one wins */
        "If-Match"?: string;
        /** @description the organization (UUID); required with a bearer token or user API key, implied by an org key */
        "X-Org-ID"?: string;
      };
      path: {
        clusterID: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          /** @description the answer's strong entity tag (RFC 9110): send it back in If-None-Match (GET: 304 while unchanged) or If-Match (a write: 412 when the resource changed since) */
          ETag?: string;
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            id: string;
            name: string;
            provider: string;
            cluster_provider: string;
            region: string;
            docker_image: string;
            docker_tag: string;
            control_plane_fqdn: string;
            /** @enum {string} */
            status: "pre_pending" | "pending" | "incomplete" | "bootstrapping" | "provisioning" | "ready" | "failed";
            last_error: string;
            certificate_key: string;
            random_token: string;
            captain_domain: {
              id: string;
              organization_id: string;
              credential_id: string;
              domain_name: string;
              zone_id: string;
              /** @enum {string} */
              status: "pending" | "provisioning" | "ready" | "failed";
              last_error: string;
              created_at: string;
              updated_at: string;
            } | null;
            control_plane_record_set: {
              id: string;
              domain_id: string;
              name: string;
              /** @enum {string} */
              type: "A" | "AAAA" | "CNAME" | "TXT" | "MX" | "NS" | "SRV" | "CAA";
              ttl: number;
              values: string[];
              /** @enum {string} */
              status: "pending" | "provisioning" | "ready" | "failed";
              fingerprint: string;
              /** @enum {string} */
              owner: "autoglue" | "external" | "unknown";
              last_error: string;
              created_at: string;
              updated_at: string;
            } | null;
            apps_load_balancer: {
              id: string;
              organization_id: string;
              name: string;
              /** @enum {string} */
              kind: "platform" | "public";
              private_ip_address: string;
              public_ip_address: string;
              created_at: string;
              updated_at: string;
            } | null;
            glueops_load_balancer: {
              id: string;
              organization_id: string;
              name: string;
              /** @enum {string} */
              kind: "platform" | "public";
              private_ip_address: string;
              public_ip_address: string;
              created_at: string;
              updated_at: string;
            } | null;
            bastion_server: {
              id: string;
              organization_id: string;
              hostname: string;
              private_ip_address: string;
              public_ip_address: string;
              /** @enum {string} */
              role: "master" | "worker" | "bastion";
              ssh_key_id: string;
              ssh_user: string;
              ssh_port: number;
              /** @enum {string} */
              status: "pending" | "provisioning" | "ready" | "failed";
              last_error: string;
              ssh_host_key_fingerprint: string;
              created_at: string;
              updated_at: string;
            } | null;
            node_pools: {
              id: string;
              organization_id: string;
              name: string;
              /** @enum {string} */
              role: "master" | "worker";
              annotations: {
                id: string;
                organization_id: string;
                key: string;
                value: string;
                created_at: string;
                updated_at: string;
              }[];
              labels: {
                id: string;
                organization_id: string;
                key: string;
                value: string;
                created_at: string;
                updated_at: string;
              }[];
              taints: {
                id: string;
                organization_id: string;
                key: string;
                value: string;
                created_at: string;
                updated_at: string;
                effect: string;
              }[];
              servers: {
                id: string;
                organization_id: string;
                hostname: string;
                private_ip_address: string;
                public_ip_address: string;
                /** @enum {string} */
                role: "master" | "worker" | "bastion";
                ssh_key_id: string;
                ssh_user: string;
                ssh_port: number;
                /** @enum {string} */
                status: "pending" | "provisioning" | "ready" | "failed";
                last_error: string;
                ssh_host_key_fingerprint: string;
                created_at: string;
                updated_at: string;
              }[];
              created_at: string;
              updated_at: string;
            }[];
            metadata: {
              [key: string]: string;
            };
            created_at: string;
            updated_at: string;
          };
        };
      };
      /** @description invalid input, invalid id or invalid json */
      400: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description missing or invalid authentication */
      401: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description organization required, or forbidden */
      403: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description not found */
      404: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description If-Match names no current entity tag of the resource (the ETag header gives the current one); on a route without one, any If-Match but * */
      412: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          /** @description the resource's current entity tag (absent on a route without one) */
          ETag?: string;
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description rate limit exceeded (see Retry-After) */
      429: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          /** @description seconds until the window resets */
          "Retry-After"?: number;
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description request line or headers too large (plain text: the parser refuses it before routing) */
      431: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description operation failure */
      500: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description service unavailable */
      503: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
    };
  };
  postClustersClusterIDControlPlaneRecordSet: {
    parameters: {
      query?: never;
      header?: {
        /** @description a key of at most 255 characters (IETF httpapi Idempotency-Key draft) that makes a retry safe: the first request's answer (status, Location, body, or its 4xx) is recorded with the change for 24 h, per caller and organization, and a repeat with the same key and body answers it again with `Idempotent-Replayed: true`, through any gateway, also when the first answer was lost or a 503; the same key with another body is 422, a repeat while the first still runs 409, a longer key 400 */
        "Idempotency-Key"?: string;
        /** @description make the write conditional: it happens only while the resource's current ETag (GET /api/v1/clusters/{clusterID}) is one of these tags (or for `*`); otherwise 412 with the current ETag and nothing changes. Checked by the database write itself: of two concurrent writes with the same tag, one wins */
        "If-Match"?: string;
        /** @description the organization (UUID); required with a bearer token or user API key, implied by an org key */
        "X-Org-ID"?: string;
      };
      path: {
        clusterID: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": {
          record_set_id: string;
        };
      };
    };
    responses: {
      /** @description OK */
      200: {
        headers: {
          /** @description the answer's strong entity tag (RFC 9110): send it back in If-None-Match (GET: 304 while unchanged) or If-Match (a write: 412 when the resource changed since) */
          ETag?: string;
          /** @description `true` when this is the recorded answer to an earlier request with the same Idempotency-Key */
          "Idempotent-Replayed"?: "true";
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            id: string;
            name: string;
            provider: string;
            cluster_provider: string;
            region: string;
            docker_image: string;
            docker_tag: string;
            control_plane_fqdn: string;
            /** @enum {string} */
            status: "pre_pending" | "pending" | "incomplete" | "bootstrapping" | "provisioning" | "ready" | "failed";
            last_error: string;
            certificate_key: string;
            random_token: string;
            captain_domain: {
              id: string;
              organization_id: string;
              credential_id: string;
              domain_name: string;
              zone_id: string;
              /** @enum {string} */
              status: "pending" | "provisioning" | "ready" | "failed";
              last_error: string;
              created_at: string;
              updated_at: string;
            } | null;
            control_plane_record_set: {
              id: string;
              domain_id: string;
              name: string;
              /** @enum {string} */
              type: "A" | "AAAA" | "CNAME" | "TXT" | "MX" | "NS" | "SRV" | "CAA";
              ttl: number;
              values: string[];
              /** @enum {string} */
              status: "pending" | "provisioning" | "ready" | "failed";
              fingerprint: string;
              /** @enum {string} */
              owner: "autoglue" | "external" | "unknown";
              last_error: string;
              created_at: string;
              updated_at: string;
            } | null;
            apps_load_balancer: {
              id: string;
              organization_id: string;
              name: string;
              /** @enum {string} */
              kind: "platform" | "public";
              private_ip_address: string;
              public_ip_address: string;
              created_at: string;
              updated_at: string;
            } | null;
            glueops_load_balancer: {
              id: string;
              organization_id: string;
              name: string;
              /** @enum {string} */
              kind: "platform" | "public";
              private_ip_address: string;
              public_ip_address: string;
              created_at: string;
              updated_at: string;
            } | null;
            bastion_server: {
              id: string;
              organization_id: string;
              hostname: string;
              private_ip_address: string;
              public_ip_address: string;
              /** @enum {string} */
              role: "master" | "worker" | "bastion";
              ssh_key_id: string;
              ssh_user: string;
              ssh_port: number;
              /** @enum {string} */
              status: "pending" | "provisioning" | "ready" | "failed";
              last_error: string;
              ssh_host_key_fingerprint: string;
              created_at: string;
              updated_at: string;
            } | null;
            node_pools: {
              id: string;
              organization_id: string;
              name: string;
              /** @enum {string} */
              role: "master" | "worker";
              annotations: {
                id: string;
                organization_id: string;
                key: string;
                value: string;
                created_at: string;
                updated_at: string;
              }[];
              labels: {
                id: string;
                organization_id: string;
                key: string;
                value: string;
                created_at: string;
                updated_at: string;
              }[];
              taints: {
                id: string;
                organization_id: string;
                key: string;
                value: string;
                created_at: string;
                updated_at: string;
                effect: string;
              }[];
              servers: {
                id: string;
                organization_id: string;
                hostname: string;
                private_ip_address: string;
                public_ip_address: string;
                /** @enum {string} */
                role: "master" | "worker" | "bastion";
                ssh_key_id: string;
                ssh_user: string;
                ssh_port: number;
                /** @enum {string} */
                status: "pending" | "provisioning" | "ready" | "failed";
                last_error: string;
                ssh_host_key_fingerprint: string;
                created_at: string;
                updated_at: string;
              }[];
              created_at: string;
              updated_at: string;
            }[];
            metadata: {
              [key: string]: string;
            };
            created_at: string;
            updated_at: string;
          };
        };
      };
      /** @description invalid input, invalid id or invalid json */
      400: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description missing or invalid authentication */
      401: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description organization required, or forbidden */
      403: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description not found */
      404: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description conflict; or a request with the same Idempotency-Key is still being processed */
      409: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description If-Match names no current entity tag of the resource (the ETag header gives the current one); on a route without one, any If-Match but * */
      412: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          /** @description the resource's current entity tag (absent on a route without one) */
          ETag?: string;
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description request body over 1 MiB */
      413: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description the Idempotency-Key was used for another request */
      422: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description rate limit exceeded (see Retry-After) */
      429: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          /** @description seconds until the window resets */
          "Retry-After"?: number;
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description request line or headers too large (plain text: the parser refuses it before routing) */
      431: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description operation failure */
      500: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description service unavailable */
      503: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
    };
  };
  deleteClustersClusterIDControlPlaneRecordSet: {
    parameters: {
      query?: never;
      header?: {
        /** @description make the write conditional: it happens only while the resource's current ETag (GET /api/v1/clusters/{clusterID}) is one of these tags (or for `*`); otherwise 412 with the current ETag and nothing changes. Checked by the database write itself: of two concurrent writes with the same tag, one wins */
        "If-Match"?: string;
        /** @description the organization (UUID); required with a bearer token or user API key, implied by an org key */
        "X-Org-ID"?: string;
      };
      path: {
        clusterID: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          /** @description the answer's strong entity tag (RFC 9110): send it back in If-None-Match (GET: 304 while unchanged) or If-Match (a write: 412 when the resource changed since) */
          ETag?: string;
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            id: string;
            name: string;
            provider: string;
            cluster_provider: string;
            region: string;
            docker_image: string;
            docker_tag: string;
            control_plane_fqdn: string;
            /** @enum {string} */
            status: "pre_pending" | "pending" | "incomplete" | "bootstrapping" | "provisioning" | "ready" | "failed";
            last_error: string;
            certificate_key: string;
            random_token: string;
            captain_domain: {
              id: string;
              organization_id: string;
              credential_id: string;
              domain_name: string;
              zone_id: string;
              /** @enum {string} */
              status: "pending" | "provisioning" | "ready" | "failed";
              last_error: string;
              created_at: string;
              updated_at: string;
            } | null;
            control_plane_record_set: {
              id: string;
              domain_id: string;
              name: string;
              /** @enum {string} */
              type: "A" | "AAAA" | "CNAME" | "TXT" | "MX" | "NS" | "SRV" | "CAA";
              ttl: number;
              values: string[];
              /** @enum {string} */
              status: "pending" | "provisioning" | "ready" | "failed";
              fingerprint: string;
              /** @enum {string} */
              owner: "autoglue" | "external" | "unknown";
              last_error: string;
              created_at: string;
              updated_at: string;
            } | null;
            apps_load_balancer: {
              id: string;
              organization_id: string;
              name: string;
              /** @enum {string} */
              kind: "platform" | "public";
              private_ip_address: string;
              public_ip_address: string;
              created_at: string;
              updated_at: string;
            } | null;
            glueops_load_balancer: {
              id: string;
              organization_id: string;
              name: string;
              /** @enum {string} */
              kind: "platform" | "public";
              private_ip_address: string;
              public_ip_address: string;
              created_at: string;
              updated_at: string;
            } | null;
            bastion_server: {
              id: string;
              organization_id: string;
              hostname: string;
              private_ip_address: string;
              public_ip_address: string;
              /** @enum {string} */
              role: "master" | "worker" | "bastion";
              ssh_key_id: string;
              ssh_user: string;
              ssh_port: number;
              /** @enum {string} */
              status: "pending" | "provisioning" | "ready" | "failed";
              last_error: string;
              ssh_host_key_fingerprint: string;
              created_at: string;
              updated_at: string;
            } | null;
            node_pools: {
              id: string;
              organization_id: string;
              name: string;
              /** @enum {string} */
              role: "master" | "worker";
              annotations: {
                id: string;
                organization_id: string;
                key: string;
                value: string;
                created_at: string;
                updated_at: string;
              }[];
              labels: {
                id: string;
                organization_id: string;
                key: string;
                value: string;
                created_at: string;
                updated_at: string;
              }[];
              taints: {
                id: string;
                organization_id: string;
                key: string;
                value: string;
                created_at: string;
                updated_at: string;
                effect: string;
              }[];
              servers: {
                id: string;
                organization_id: string;
                hostname: string;
                private_ip_address: string;
                public_ip_address: string;
                /** @enum {string} */
                role: "master" | "worker" | "bastion";
                ssh_key_id: string;
                ssh_user: string;
                ssh_port: number;
                /** @enum {string} */
                status: "pending" | "provisioning" | "ready" | "failed";
                last_error: string;
                ssh_host_key_fingerprint: string;
                created_at: string;
                updated_at: string;
              }[];
              created_at: string;
              updated_at: string;
            }[];
            metadata: {
              [key: string]: string;
            };
            created_at: string;
            updated_at: string;
          };
        };
      };
      /** @description invalid input, invalid id or invalid json */
      400: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description missing or invalid authentication */
      401: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description organization required, or forbidden */
      403: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description not found */
      404: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description If-Match names no current entity tag of the resource (the ETag header gives the current one); on a route without one, any If-Match but * */
      412: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          /** @description the resource's current entity tag (absent on a route without one) */
          ETag?: string;
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description rate limit exceeded (see Retry-After) */
      429: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          /** @description seconds until the window resets */
          "Retry-After"?: number;
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description request line or headers too large (plain text: the parser refuses it before routing) */
      431: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description operation failure */
      500: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description service unavailable */
      503: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
    };
  };
  postClustersClusterIDNodePools: {
    parameters: {
      query?: never;
      header?: {
        /** @description a key of at most 255 characters (IETF httpapi Idempotency-Key draft) that makes a retry safe: the first request's answer (status, Location, body, or its 4xx) is recorded with the change for 24 h, per caller and organization, and a repeat with the same key and body answers it again with `Idempotent-Replayed: true`, through any gateway, also when the first answer was lost or a 503; the same key with another body is 422, a repeat while the first still runs 409, a longer key 400 */
        "Idempotency-Key"?: string;
        /** @description make the write conditional: it happens only while the resource's current ETag (GET /api/v1/clusters/{clusterID}) is one of these tags (or for `*`); otherwise 412 with the current ETag and nothing changes. Checked by the database write itself: of two concurrent writes with the same tag, one wins */
        "If-Match"?: string;
        /** @description the organization (UUID); required with a bearer token or user API key, implied by an org key */
        "X-Org-ID"?: string;
      };
      path: {
        clusterID: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": {
          node_pool_id: string;
        };
      };
    };
    responses: {
      /** @description OK */
      200: {
        headers: {
          /** @description the answer's strong entity tag (RFC 9110): send it back in If-None-Match (GET: 304 while unchanged) or If-Match (a write: 412 when the resource changed since) */
          ETag?: string;
          /** @description `true` when this is the recorded answer to an earlier request with the same Idempotency-Key */
          "Idempotent-Replayed"?: "true";
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            id: string;
            name: string;
            provider: string;
            cluster_provider: string;
            region: string;
            docker_image: string;
            docker_tag: string;
            control_plane_fqdn: string;
            /** @enum {string} */
            status: "pre_pending" | "pending" | "incomplete" | "bootstrapping" | "provisioning" | "ready" | "failed";
            last_error: string;
            certificate_key: string;
            random_token: string;
            captain_domain: {
              id: string;
              organization_id: string;
              credential_id: string;
              domain_name: string;
              zone_id: string;
              /** @enum {string} */
              status: "pending" | "provisioning" | "ready" | "failed";
              last_error: string;
              created_at: string;
              updated_at: string;
            } | null;
            control_plane_record_set: {
              id: string;
              domain_id: string;
              name: string;
              /** @enum {string} */
              type: "A" | "AAAA" | "CNAME" | "TXT" | "MX" | "NS" | "SRV" | "CAA";
              ttl: number;
              values: string[];
              /** @enum {string} */
              status: "pending" | "provisioning" | "ready" | "failed";
              fingerprint: string;
              /** @enum {string} */
              owner: "autoglue" | "external" | "unknown";
              last_error: string;
              created_at: string;
              updated_at: string;
            } | null;
            apps_load_balancer: {
              id: string;
              organization_id: string;
              name: string;
              /** @enum {string} */
              kind: "platform" | "public";
              private_ip_address: string;
              public_ip_address: string;
              created_at: string;
              updated_at: string;
            } | null;
            glueops_load_balancer: {
              id: string;
              organization_id: string;
              name: string;
              /** @enum {string} */
              kind: "platform" | "public";
              private_ip_address: string;
              public_ip_address: string;
              created_at: string;
              updated_at: string;
            } | null;
            bastion_server: {
              id: string;
              organization_id: string;
              hostname: string;
              private_ip_address: string;
              public_ip_address: string;
              /** @enum {string} */
              role: "master" | "worker" | "bastion";
              ssh_key_id: string;
              ssh_user: string;
              ssh_port: number;
              /** @enum {string} */
              status: "pending" | "provisioning" | "ready" | "failed";
              last_error: string;
              ssh_host_key_fingerprint: string;
              created_at: string;
              updated_at: string;
            } | null;
            node_pools: {
              id: string;
              organization_id: string;
              name: string;
              /** @enum {string} */
              role: "master" | "worker";
              annotations: {
                id: string;
                organization_id: string;
                key: string;
                value: string;
                created_at: string;
                updated_at: string;
              }[];
              labels: {
                id: string;
                organization_id: string;
                key: string;
                value: string;
                created_at: string;
                updated_at: string;
              }[];
              taints: {
                id: string;
                organization_id: string;
                key: string;
                value: string;
                created_at: string;
                updated_at: string;
                effect: string;
              }[];
              servers: {
                id: string;
                organization_id: string;
                hostname: string;
                private_ip_address: string;
                public_ip_address: string;
                /** @enum {string} */
                role: "master" | "worker" | "bastion";
                ssh_key_id: string;
                ssh_user: string;
                ssh_port: number;
                /** @enum {string} */
                status: "pending" | "provisioning" | "ready" | "failed";
                last_error: string;
                ssh_host_key_fingerprint: string;
                created_at: string;
                updated_at: string;
              }[];
              created_at: string;
              updated_at: string;
            }[];
            metadata: {
              [key: string]: string;
            };
            created_at: string;
            updated_at: string;
          };
        };
      };
      /** @description invalid input, invalid id or invalid json */
      400: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description missing or invalid authentication */
      401: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description organization required, or forbidden */
      403: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description not found */
      404: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description conflict; or a request with the same Idempotency-Key is still being processed */
      409: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description If-Match names no current entity tag of the resource (the ETag header gives the current one); on a route without one, any If-Match but * */
      412: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          /** @description the resource's current entity tag (absent on a route without one) */
          ETag?: string;
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description request body over 1 MiB */
      413: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description the Idempotency-Key was used for another request */
      422: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description rate limit exceeded (see Retry-After) */
      429: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          /** @description seconds until the window resets */
          "Retry-After"?: number;
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description request line or headers too large (plain text: the parser refuses it before routing) */
      431: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description operation failure */
      500: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description service unavailable */
      503: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
    };
  };
  deleteClustersClusterIDNodePoolsNodePoolID: {
    parameters: {
      query?: never;
      header?: {
        /** @description make the write conditional: it happens only while the resource's current ETag (GET /api/v1/clusters/{clusterID}) is one of these tags (or for `*`); otherwise 412 with the current ETag and nothing changes. Checked by the database write itself: of two concurrent writes with the same tag, one wins */
        "If-Match"?: string;
        /** @description the organization (UUID); required with a bearer token or user API key, implied by an org key */
        "X-Org-ID"?: string;
      };
      path: {
        clusterID: string;
        nodePoolID: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          /** @description the answer's strong entity tag (RFC 9110): send it back in If-None-Match (GET: 304 while unchanged) or If-Match (a write: 412 when the resource changed since) */
          ETag?: string;
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            id: string;
            name: string;
            provider: string;
            cluster_provider: string;
            region: string;
            docker_image: string;
            docker_tag: string;
            control_plane_fqdn: string;
            /** @enum {string} */
            status: "pre_pending" | "pending" | "incomplete" | "bootstrapping" | "provisioning" | "ready" | "failed";
            last_error: string;
            certificate_key: string;
            random_token: string;
            captain_domain: {
              id: string;
              organization_id: string;
              credential_id: string;
              domain_name: string;
              zone_id: string;
              /** @enum {string} */
              status: "pending" | "provisioning" | "ready" | "failed";
              last_error: string;
              created_at: string;
              updated_at: string;
            } | null;
            control_plane_record_set: {
              id: string;
              domain_id: string;
              name: string;
              /** @enum {string} */
              type: "A" | "AAAA" | "CNAME" | "TXT" | "MX" | "NS" | "SRV" | "CAA";
              ttl: number;
              values: string[];
              /** @enum {string} */
              status: "pending" | "provisioning" | "ready" | "failed";
              fingerprint: string;
              /** @enum {string} */
              owner: "autoglue" | "external" | "unknown";
              last_error: string;
              created_at: string;
              updated_at: string;
            } | null;
            apps_load_balancer: {
              id: string;
              organization_id: string;
              name: string;
              /** @enum {string} */
              kind: "platform" | "public";
              private_ip_address: string;
              public_ip_address: string;
              created_at: string;
              updated_at: string;
            } | null;
            glueops_load_balancer: {
              id: string;
              organization_id: string;
              name: string;
              /** @enum {string} */
              kind: "platform" | "public";
              private_ip_address: string;
              public_ip_address: string;
              created_at: string;
              updated_at: string;
            } | null;
            bastion_server: {
              id: string;
              organization_id: string;
              hostname: string;
              private_ip_address: string;
              public_ip_address: string;
              /** @enum {string} */
              role: "master" | "worker" | "bastion";
              ssh_key_id: string;
              ssh_user: string;
              ssh_port: number;
              /** @enum {string} */
              status: "pending" | "provisioning" | "ready" | "failed";
              last_error: string;
              ssh_host_key_fingerprint: string;
              created_at: string;
              updated_at: string;
            } | null;
            node_pools: {
              id: string;
              organization_id: string;
              name: string;
              /** @enum {string} */
              role: "master" | "worker";
              annotations: {
                id: string;
                organization_id: string;
                key: string;
                value: string;
                created_at: string;
                updated_at: string;
              }[];
              labels: {
                id: string;
                organization_id: string;
                key: string;
                value: string;
                created_at: string;
                updated_at: string;
              }[];
              taints: {
                id: string;
                organization_id: string;
                key: string;
                value: string;
                created_at: string;
                updated_at: string;
                effect: string;
              }[];
              servers: {
                id: string;
                organization_id: string;
                hostname: string;
                private_ip_address: string;
                public_ip_address: string;
                /** @enum {string} */
                role: "master" | "worker" | "bastion";
                ssh_key_id: string;
                ssh_user: string;
                ssh_port: number;
                /** @enum {string} */
                status: "pending" | "provisioning" | "ready" | "failed";
                last_error: string;
                ssh_host_key_fingerprint: string;
                created_at: string;
                updated_at: string;
              }[];
              created_at: string;
              updated_at: string;
            }[];
            metadata: {
              [key: string]: string;
            };
            created_at: string;
            updated_at: string;
          };
        };
      };
      /** @description invalid input, invalid id or invalid json */
      400: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description missing or invalid authentication */
      401: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description organization required, or forbidden */
      403: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description not found */
      404: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description If-Match names no current entity tag of the resource (the ETag header gives the current one); on a route without one, any If-Match but * */
      412: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          /** @description the resource's current entity tag (absent on a route without one) */
          ETag?: string;
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description rate limit exceeded (see Retry-After) */
      429: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          /** @description seconds until the window resets */
          "Retry-After"?: number;
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description request line or headers too large (plain text: the parser refuses it before routing) */
      431: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description operation failure */
      500: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description service unavailable */
      503: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
    };
  };
  postClustersClusterIDKubeconfig: {
    parameters: {
      query?: never;
      header?: {
        /** @description a key of at most 255 characters (IETF httpapi Idempotency-Key draft) that makes a retry safe: the first request's answer (status, Location, body, or its 4xx) is recorded with the change for 24 h, per caller and organization, and a repeat with the same key and body answers it again with `Idempotent-Replayed: true`, through any gateway, also when the first answer was lost or a 503; the same key with another body is 422, a repeat while the first still runs 409, a longer key 400 */
        "Idempotency-Key"?: string;
        /** @description this route has no entity tag: only `*` holds, any other value is 412 */
        "If-Match"?: string;
        /** @description the organization (UUID); required with a bearer token or user API key, implied by an org key */
        "X-Org-ID"?: string;
      };
      path: {
        clusterID: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": {
          kubeconfig: string;
        };
      };
    };
    responses: {
      /** @description OK */
      200: {
        headers: {
          /** @description `true` when this is the recorded answer to an earlier request with the same Idempotency-Key */
          "Idempotent-Replayed"?: "true";
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            id: string;
            name: string;
            provider: string;
            cluster_provider: string;
            region: string;
            docker_image: string;
            docker_tag: string;
            control_plane_fqdn: string;
            /** @enum {string} */
            status: "pre_pending" | "pending" | "incomplete" | "bootstrapping" | "provisioning" | "ready" | "failed";
            last_error: string;
            certificate_key: string;
            random_token: string;
            captain_domain: {
              id: string;
              organization_id: string;
              credential_id: string;
              domain_name: string;
              zone_id: string;
              /** @enum {string} */
              status: "pending" | "provisioning" | "ready" | "failed";
              last_error: string;
              created_at: string;
              updated_at: string;
            } | null;
            control_plane_record_set: {
              id: string;
              domain_id: string;
              name: string;
              /** @enum {string} */
              type: "A" | "AAAA" | "CNAME" | "TXT" | "MX" | "NS" | "SRV" | "CAA";
              ttl: number;
              values: string[];
              /** @enum {string} */
              status: "pending" | "provisioning" | "ready" | "failed";
              fingerprint: string;
              /** @enum {string} */
              owner: "autoglue" | "external" | "unknown";
              last_error: string;
              created_at: string;
              updated_at: string;
            } | null;
            apps_load_balancer: {
              id: string;
              organization_id: string;
              name: string;
              /** @enum {string} */
              kind: "platform" | "public";
              private_ip_address: string;
              public_ip_address: string;
              created_at: string;
              updated_at: string;
            } | null;
            glueops_load_balancer: {
              id: string;
              organization_id: string;
              name: string;
              /** @enum {string} */
              kind: "platform" | "public";
              private_ip_address: string;
              public_ip_address: string;
              created_at: string;
              updated_at: string;
            } | null;
            bastion_server: {
              id: string;
              organization_id: string;
              hostname: string;
              private_ip_address: string;
              public_ip_address: string;
              /** @enum {string} */
              role: "master" | "worker" | "bastion";
              ssh_key_id: string;
              ssh_user: string;
              ssh_port: number;
              /** @enum {string} */
              status: "pending" | "provisioning" | "ready" | "failed";
              last_error: string;
              ssh_host_key_fingerprint: string;
              created_at: string;
              updated_at: string;
            } | null;
            node_pools: {
              id: string;
              organization_id: string;
              name: string;
              /** @enum {string} */
              role: "master" | "worker";
              annotations: {
                id: string;
                organization_id: string;
                key: string;
                value: string;
                created_at: string;
                updated_at: string;
              }[];
              labels: {
                id: string;
                organization_id: string;
                key: string;
                value: string;
                created_at: string;
                updated_at: string;
              }[];
              taints: {
                id: string;
                organization_id: string;
                key: string;
                value: string;
                created_at: string;
                updated_at: string;
                effect: string;
              }[];
              servers: {
                id: string;
                organization_id: string;
                hostname: string;
                private_ip_address: string;
                public_ip_address: string;
                /** @enum {string} */
                role: "master" | "worker" | "bastion";
                ssh_key_id: string;
                ssh_user: string;
                ssh_port: number;
                /** @enum {string} */
                status: "pending" | "provisioning" | "ready" | "failed";
                last_error: string;
                ssh_host_key_fingerprint: string;
                created_at: string;
                updated_at: string;
              }[];
              created_at: string;
              updated_at: string;
            }[];
            metadata: {
              [key: string]: string;
            };
            created_at: string;
            updated_at: string;
          };
        };
      };
      /** @description invalid input, invalid id or invalid json */
      400: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description missing or invalid authentication */
      401: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description organization required, or forbidden */
      403: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description not found */
      404: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description conflict; or a request with the same Idempotency-Key is still being processed */
      409: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description If-Match names no current entity tag of the resource (the ETag header gives the current one); on a route without one, any If-Match but * */
      412: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          /** @description the resource's current entity tag (absent on a route without one) */
          ETag?: string;
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description request body over 1 MiB */
      413: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description the Idempotency-Key was used for another request */
      422: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description rate limit exceeded (see Retry-After) */
      429: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          /** @description seconds until the window resets */
          "Retry-After"?: number;
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description request line or headers too large (plain text: the parser refuses it before routing) */
      431: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description operation failure */
      500: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description service unavailable */
      503: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
    };
  };
  deleteClustersClusterIDKubeconfig: {
    parameters: {
      query?: never;
      header?: {
        /** @description this route has no entity tag: only `*` holds, any other value is 412 */
        "If-Match"?: string;
        /** @description the organization (UUID); required with a bearer token or user API key, implied by an org key */
        "X-Org-ID"?: string;
      };
      path: {
        clusterID: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            id: string;
            name: string;
            provider: string;
            cluster_provider: string;
            region: string;
            docker_image: string;
            docker_tag: string;
            control_plane_fqdn: string;
            /** @enum {string} */
            status: "pre_pending" | "pending" | "incomplete" | "bootstrapping" | "provisioning" | "ready" | "failed";
            last_error: string;
            certificate_key: string;
            random_token: string;
            captain_domain: {
              id: string;
              organization_id: string;
              credential_id: string;
              domain_name: string;
              zone_id: string;
              /** @enum {string} */
              status: "pending" | "provisioning" | "ready" | "failed";
              last_error: string;
              created_at: string;
              updated_at: string;
            } | null;
            control_plane_record_set: {
              id: string;
              domain_id: string;
              name: string;
              /** @enum {string} */
              type: "A" | "AAAA" | "CNAME" | "TXT" | "MX" | "NS" | "SRV" | "CAA";
              ttl: number;
              values: string[];
              /** @enum {string} */
              status: "pending" | "provisioning" | "ready" | "failed";
              fingerprint: string;
              /** @enum {string} */
              owner: "autoglue" | "external" | "unknown";
              last_error: string;
              created_at: string;
              updated_at: string;
            } | null;
            apps_load_balancer: {
              id: string;
              organization_id: string;
              name: string;
              /** @enum {string} */
              kind: "platform" | "public";
              private_ip_address: string;
              public_ip_address: string;
              created_at: string;
              updated_at: string;
            } | null;
            glueops_load_balancer: {
              id: string;
              organization_id: string;
              name: string;
              /** @enum {string} */
              kind: "platform" | "public";
              private_ip_address: string;
              public_ip_address: string;
              created_at: string;
              updated_at: string;
            } | null;
            bastion_server: {
              id: string;
              organization_id: string;
              hostname: string;
              private_ip_address: string;
              public_ip_address: string;
              /** @enum {string} */
              role: "master" | "worker" | "bastion";
              ssh_key_id: string;
              ssh_user: string;
              ssh_port: number;
              /** @enum {string} */
              status: "pending" | "provisioning" | "ready" | "failed";
              last_error: string;
              ssh_host_key_fingerprint: string;
              created_at: string;
              updated_at: string;
            } | null;
            node_pools: {
              id: string;
              organization_id: string;
              name: string;
              /** @enum {string} */
              role: "master" | "worker";
              annotations: {
                id: string;
                organization_id: string;
                key: string;
                value: string;
                created_at: string;
                updated_at: string;
              }[];
              labels: {
                id: string;
                organization_id: string;
                key: string;
                value: string;
                created_at: string;
                updated_at: string;
              }[];
              taints: {
                id: string;
                organization_id: string;
                key: string;
                value: string;
                created_at: string;
                updated_at: string;
                effect: string;
              }[];
              servers: {
                id: string;
                organization_id: string;
                hostname: string;
                private_ip_address: string;
                public_ip_address: string;
                /** @enum {string} */
                role: "master" | "worker" | "bastion";
                ssh_key_id: string;
                ssh_user: string;
                ssh_port: number;
                /** @enum {string} */
                status: "pending" | "provisioning" | "ready" | "failed";
                last_error: string;
                ssh_host_key_fingerprint: string;
                created_at: string;
                updated_at: string;
              }[];
              created_at: string;
              updated_at: string;
            }[];
            metadata: {
              [key: string]: string;
            };
            created_at: string;
            updated_at: string;
          };
        };
      };
      /** @description invalid input, invalid id or invalid json */
      400: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description missing or invalid authentication */
      401: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description organization required, or forbidden */
      403: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description not found */
      404: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description If-Match names no current entity tag of the resource (the ETag header gives the current one); on a route without one, any If-Match but * */
      412: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          /** @description the resource's current entity tag (absent on a route without one) */
          ETag?: string;
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description rate limit exceeded (see Retry-After) */
      429: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          /** @description seconds until the window resets */
          "Retry-After"?: number;
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description request line or headers too large (plain text: the parser refuses it before routing) */
      431: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description operation failure */
      500: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description service unavailable */
      503: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
    };
  };
  getClustersClusterIDMetadata: {
    parameters: {
      query?: {
        /** @description at most this many items, newest first (1 to 1000; without it, at most 1000); 400 `invalid limit` otherwise */
        limit?: number;
        /** @description continues a list after the page that gave it (opaque, from the `Link` header); 400 `invalid cursor` otherwise */
        cursor?: string;
      };
      header?: {
        /** @description the ETag of a copy held: while it is still current the answer is 304 without a body */
        "If-None-Match"?: string;
        /** @description the organization (UUID); required with a bearer token or user API key, implied by an org key */
        "X-Org-ID"?: string;
      };
      path: {
        clusterID: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          /** @description present while more items remain: `<path?…&cursor=…>; rel="next"` (RFC 8288), the same request for the next page */
          Link?: string;
          /** @description the answer's strong entity tag (RFC 9110): send it back in If-None-Match (GET: 304 while unchanged) or If-Match (a write: 412 when the resource changed since) */
          ETag?: string;
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            id: string;
            organization_id: string;
            cluster_id: string;
            key: string;
            value: string;
            created_at: string;
            updated_at: string;
          }[];
        };
      };
      /** @description Not Modified: the If-None-Match tag is current */
      304: {
        headers: {
          /** @description the answer's strong entity tag (RFC 9110): send it back in If-None-Match (GET: 304 while unchanged) or If-Match (a write: 412 when the resource changed since) */
          ETag?: string;
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description invalid input, invalid id or invalid json */
      400: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description missing or invalid authentication */
      401: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description organization required, or forbidden */
      403: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description not found */
      404: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description rate limit exceeded (see Retry-After) */
      429: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          /** @description seconds until the window resets */
          "Retry-After"?: number;
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description request line or headers too large (plain text: the parser refuses it before routing) */
      431: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description operation failure */
      500: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description service unavailable */
      503: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
    };
  };
  postClustersClusterIDMetadata: {
    parameters: {
      query?: never;
      header?: {
        /** @description a key of at most 255 characters (IETF httpapi Idempotency-Key draft) that makes a retry safe: the first request's answer (status, Location, body, or its 4xx) is recorded with the change for 24 h, per caller and organization, and a repeat with the same key and body answers it again with `Idempotent-Replayed: true`, through any gateway, also when the first answer was lost or a 503; the same key with another body is 422, a repeat while the first still runs 409, a longer key 400 */
        "Idempotency-Key"?: string;
        /** @description this route has no entity tag: only `*` holds, any other value is 412 */
        "If-Match"?: string;
        /** @description the organization (UUID); required with a bearer token or user API key, implied by an org key */
        "X-Org-ID"?: string;
      };
      path: {
        clusterID: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": {
          key: string;
          value: string;
        };
      };
    };
    responses: {
      /** @description Created */
      201: {
        headers: {
          /** @description the created object's URL (/api/v1/clusters/{clusterID}/metadata/{metadataID}) */
          Location?: string;
          /** @description the answer's strong entity tag (RFC 9110): send it back in If-None-Match (GET: 304 while unchanged) or If-Match (a write: 412 when the resource changed since) */
          ETag?: string;
          /** @description `true` when this is the recorded answer to an earlier request with the same Idempotency-Key */
          "Idempotent-Replayed"?: "true";
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            id: string;
            organization_id: string;
            cluster_id: string;
            key: string;
            value: string;
            created_at: string;
            updated_at: string;
          };
        };
      };
      /** @description invalid input, invalid id or invalid json */
      400: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description missing or invalid authentication */
      401: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description organization required, or forbidden */
      403: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description not found */
      404: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description conflict; or a request with the same Idempotency-Key is still being processed */
      409: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description If-Match names no current entity tag of the resource (the ETag header gives the current one); on a route without one, any If-Match but * */
      412: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          /** @description the resource's current entity tag (absent on a route without one) */
          ETag?: string;
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description request body over 1 MiB */
      413: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description the Idempotency-Key was used for another request */
      422: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description rate limit exceeded (see Retry-After) */
      429: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          /** @description seconds until the window resets */
          "Retry-After"?: number;
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description request line or headers too large (plain text: the parser refuses it before routing) */
      431: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description operation failure */
      500: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description service unavailable */
      503: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
    };
  };
  getClustersClusterIDMetadataMetadataID: {
    parameters: {
      query?: never;
      header?: {
        /** @description the ETag of a copy held: while it is still current the answer is 304 without a body */
        "If-None-Match"?: string;
        /** @description the organization (UUID); required with a bearer token or user API key, implied by an org key */
        "X-Org-ID"?: string;
      };
      path: {
        clusterID: string;
        metadataID: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          /** @description the answer's strong entity tag (RFC 9110): send it back in If-None-Match (GET: 304 while unchanged) or If-Match (a write: 412 when the resource changed since) */
          ETag?: string;
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            id: string;
            organization_id: string;
            cluster_id: string;
            key: string;
            value: string;
            created_at: string;
            updated_at: string;
          };
        };
      };
      /** @description Not Modified: the If-None-Match tag is current */
      304: {
        headers: {
          /** @description the answer's strong entity tag (RFC 9110): send it back in If-None-Match (GET: 304 while unchanged) or If-Match (a write: 412 when the resource changed since) */
          ETag?: string;
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description invalid input, invalid id or invalid json */
      400: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description missing or invalid authentication */
      401: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description organization required, or forbidden */
      403: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description not found */
      404: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description rate limit exceeded (see Retry-After) */
      429: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          /** @description seconds until the window resets */
          "Retry-After"?: number;
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description request line or headers too large (plain text: the parser refuses it before routing) */
      431: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description operation failure */
      500: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description service unavailable */
      503: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
    };
  };
  deleteClustersClusterIDMetadataMetadataID: {
    parameters: {
      query?: never;
      header?: {
        /** @description make the write conditional: it happens only while the resource's current ETag (GET /api/v1/clusters/{clusterID}/metadata/{metadataID}) is one of these tags (or for `*`); otherwise 412 with the current ETag and nothing changes. Checked by the database write itself: of two concurrent writes with the same tag, one wins */
        "If-Match"?: string;
        /** @description the organization (UUID); required with a bearer token or user API key, implied by an org key */
        "X-Org-ID"?: string;
      };
      path: {
        clusterID: string;
        metadataID: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description No Content */
      204: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description invalid input, invalid id or invalid json */
      400: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description missing or invalid authentication */
      401: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description organization required, or forbidden */
      403: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description not found */
      404: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description If-Match names no current entity tag of the resource (the ETag header gives the current one); on a route without one, any If-Match but * */
      412: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          /** @description the resource's current entity tag (absent on a route without one) */
          ETag?: string;
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description rate limit exceeded (see Retry-After) */
      429: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          /** @description seconds until the window resets */
          "Retry-After"?: number;
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description request line or headers too large (plain text: the parser refuses it before routing) */
      431: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description operation failure */
      500: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description service unavailable */
      503: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
    };
  };
  patchClustersClusterIDMetadataMetadataID: {
    parameters: {
      query?: never;
      header?: {
        /** @description a key of at most 255 characters (IETF httpapi Idempotency-Key draft) that makes a retry safe: the first request's answer (status, Location, body, or its 4xx) is recorded with the change for 24 h, per caller and organization, and a repeat with the same key and body answers it again with `Idempotent-Replayed: true`, through any gateway, also when the first answer was lost or a 503; the same key with another body is 422, a repeat while the first still runs 409, a longer key 400 */
        "Idempotency-Key"?: string;
        /** @description make the write conditional: it happens only while the resource's current ETag (GET /api/v1/clusters/{clusterID}/metadata/{metadataID}) is one of these tags (or for `*`); otherwise 412 with the current ETag and nothing changes. Checked by the database write itself: of two concurrent writes with the same tag, one wins */
        "If-Match"?: string;
        /** @description the organization (UUID); required with a bearer token or user API key, implied by an org key */
        "X-Org-ID"?: string;
      };
      path: {
        clusterID: string;
        metadataID: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": {
          key?: string;
          value?: string;
        };
      };
    };
    responses: {
      /** @description OK */
      200: {
        headers: {
          /** @description the answer's strong entity tag (RFC 9110): send it back in If-None-Match (GET: 304 while unchanged) or If-Match (a write: 412 when the resource changed since) */
          ETag?: string;
          /** @description `true` when this is the recorded answer to an earlier request with the same Idempotency-Key */
          "Idempotent-Replayed"?: "true";
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            id: string;
            organization_id: string;
            cluster_id: string;
            key: string;
            value: string;
            created_at: string;
            updated_at: string;
          };
        };
      };
      /** @description invalid input, invalid id or invalid json */
      400: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description missing or invalid authentication */
      401: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description organization required, or forbidden */
      403: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description not found */
      404: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description conflict; or a request with the same Idempotency-Key is still being processed */
      409: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description If-Match names no current entity tag of the resource (the ETag header gives the current one); on a route without one, any If-Match but * */
      412: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          /** @description the resource's current entity tag (absent on a route without one) */
          ETag?: string;
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description request body over 1 MiB */
      413: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description the Idempotency-Key was used for another request */
      422: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description rate limit exceeded (see Retry-After) */
      429: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          /** @description seconds until the window resets */
          "Retry-After"?: number;
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description request line or headers too large (plain text: the parser refuses it before routing) */
      431: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description operation failure */
      500: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description service unavailable */
      503: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
    };
  };
  getAdminWorkerJobs: {
    parameters: {
      query?: {
        status?: "queued" | "running" | "succeeded" | "failed" | "canceled" | "retrying" | "scheduled";
        queue?: string;
        type?: string;
        periodic?: "true" | "false" | "all";
        q?: string;
        page?: number;
        page_size?: number;
      };
      header?: {
        /** @description the ETag of a copy held: while it is still current the answer is 304 without a body */
        "If-None-Match"?: string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          /** @description the answer's strong entity tag (RFC 9110): send it back in If-None-Match (GET: 304 while unchanged) or If-Match (a write: 412 when the resource changed since) */
          ETag?: string;
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            items: {
              id: string;
              type: string;
              queue: string;
              payload: unknown;
              /** @enum {string} */
              status: "queued" | "running" | "succeeded" | "failed" | "canceled" | "retrying" | "scheduled";
              attempts: number;
              max_attempts: number;
              run_at: string;
              last_error: string;
              created_at: string;
              updated_at: string;
            }[];
            page: number;
            page_size: number;
            total: number;
            counts: {
              [key: string]: number;
            };
          };
        };
      };
      /** @description Not Modified: the If-None-Match tag is current */
      304: {
        headers: {
          /** @description the answer's strong entity tag (RFC 9110): send it back in If-None-Match (GET: 304 while unchanged) or If-Match (a write: 412 when the resource changed since) */
          ETag?: string;
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description invalid input, invalid id or invalid json */
      400: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description missing or invalid authentication */
      401: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description organization required, or forbidden */
      403: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description rate limit exceeded (see Retry-After) */
      429: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          /** @description seconds until the window resets */
          "Retry-After"?: number;
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description request line or headers too large (plain text: the parser refuses it before routing) */
      431: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description operation failure */
      500: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description service unavailable */
      503: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
    };
  };
  postAdminWorkerJobs: {
    parameters: {
      query?: never;
      header?: {
        /** @description a key of at most 255 characters (IETF httpapi Idempotency-Key draft) that makes a retry safe: the first request's answer (status, Location, body, or its 4xx) is recorded with the change for 24 h, per caller and organization, and a repeat with the same key and body answers it again with `Idempotent-Replayed: true`, through any gateway, also when the first answer was lost or a 503; the same key with another body is 422, a repeat while the first still runs 409, a longer key 400 */
        "Idempotency-Key"?: string;
        /** @description this route has no entity tag: only `*` holds, any other value is 412 */
        "If-Match"?: string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": {
          /** @description job type name */
          type: string;
          queue: string;
          payload: {
            [key: string]: unknown;
          };
          /**
           * Format: date-time
           * @description schedules the job for then; omitted: at once
           */
          run_at?: string;
        };
      };
    };
    responses: {
      /** @description OK */
      200: {
        headers: {
          /** @description `true` when this is the recorded answer to an earlier request with the same Idempotency-Key */
          "Idempotent-Replayed"?: "true";
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            id: string;
            type: string;
            queue: string;
            payload: unknown;
            /** @enum {string} */
            status: "queued" | "running" | "succeeded" | "failed" | "canceled" | "retrying" | "scheduled";
            attempts: number;
            max_attempts: number;
            run_at: string;
            last_error: string;
            created_at: string;
            updated_at: string;
          };
        };
      };
      /** @description invalid input, invalid id or invalid json */
      400: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description missing or invalid authentication */
      401: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description organization required, or forbidden */
      403: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description conflict; or a request with the same Idempotency-Key is still being processed */
      409: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description If-Match names no current entity tag of the resource (the ETag header gives the current one); on a route without one, any If-Match but * */
      412: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          /** @description the resource's current entity tag (absent on a route without one) */
          ETag?: string;
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description request body over 1 MiB */
      413: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description the Idempotency-Key was used for another request */
      422: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description rate limit exceeded (see Retry-After) */
      429: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          /** @description seconds until the window resets */
          "Retry-After"?: number;
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description request line or headers too large (plain text: the parser refuses it before routing) */
      431: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description operation failure */
      500: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description service unavailable */
      503: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
    };
  };
  getAdminWorkerJobsId: {
    parameters: {
      query?: never;
      header?: {
        /** @description the ETag of a copy held: while it is still current the answer is 304 without a body */
        "If-None-Match"?: string;
      };
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          /** @description the answer's strong entity tag (RFC 9110): send it back in If-None-Match (GET: 304 while unchanged) or If-Match (a write: 412 when the resource changed since) */
          ETag?: string;
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            id: string;
            type: string;
            queue: string;
            payload: unknown;
            /** @enum {string} */
            status: "queued" | "running" | "succeeded" | "failed" | "canceled" | "retrying" | "scheduled";
            attempts: number;
            max_attempts: number;
            run_at: string;
            last_error: string;
            created_at: string;
            updated_at: string;
            finished_at: string | null;
            lease_owner: string | null;
            history: {
              /** @enum {string} */
              kind: "attempt" | "retry" | "cancel";
              run: number;
              attempt: number | null;
              by: string;
              at: string;
            }[];
          };
        };
      };
      /** @description Not Modified: the If-None-Match tag is current */
      304: {
        headers: {
          /** @description the answer's strong entity tag (RFC 9110): send it back in If-None-Match (GET: 304 while unchanged) or If-Match (a write: 412 when the resource changed since) */
          ETag?: string;
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description invalid input, invalid id or invalid json */
      400: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description missing or invalid authentication */
      401: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description organization required, or forbidden */
      403: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description not found */
      404: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description rate limit exceeded (see Retry-After) */
      429: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          /** @description seconds until the window resets */
          "Retry-After"?: number;
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description request line or headers too large (plain text: the parser refuses it before routing) */
      431: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description operation failure */
      500: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description service unavailable */
      503: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
    };
  };
  postAdminWorkerJobsIdCancel: {
    parameters: {
      query?: never;
      header?: {
        /** @description a key of at most 255 characters (IETF httpapi Idempotency-Key draft) that makes a retry safe: the first request's answer (status, Location, body, or its 4xx) is recorded with the change for 24 h, per caller and organization, and a repeat with the same key and body answers it again with `Idempotent-Replayed: true`, through any gateway, also when the first answer was lost or a 503; the same key with another body is 422, a repeat while the first still runs 409, a longer key 400 */
        "Idempotency-Key"?: string;
        /** @description this route has no entity tag: only `*` holds, any other value is 412 */
        "If-Match"?: string;
      };
      path: {
        id: string;
      };
      cookie?: never;
    };
    /** @description nothing: leave the body out, or send `{}` */
    requestBody?: {
      content: {
        "application/json": Record<string, never>;
      };
    };
    responses: {
      /** @description OK */
      200: {
        headers: {
          /** @description `true` when this is the recorded answer to an earlier request with the same Idempotency-Key */
          "Idempotent-Replayed"?: "true";
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            id: string;
            type: string;
            queue: string;
            payload: unknown;
            /** @enum {string} */
            status: "queued" | "running" | "succeeded" | "failed" | "canceled" | "retrying" | "scheduled";
            attempts: number;
            max_attempts: number;
            run_at: string;
            last_error: string;
            created_at: string;
            updated_at: string;
          };
        };
      };
      /** @description invalid input, invalid id or invalid json */
      400: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description missing or invalid authentication */
      401: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description organization required, or forbidden */
      403: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description not found */
      404: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description conflict; or a request with the same Idempotency-Key is still being processed */
      409: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description If-Match names no current entity tag of the resource (the ETag header gives the current one); on a route without one, any If-Match but * */
      412: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          /** @description the resource's current entity tag (absent on a route without one) */
          ETag?: string;
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description request body over 1 MiB */
      413: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description the Idempotency-Key was used for another request */
      422: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description rate limit exceeded (see Retry-After) */
      429: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          /** @description seconds until the window resets */
          "Retry-After"?: number;
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description request line or headers too large (plain text: the parser refuses it before routing) */
      431: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description operation failure */
      500: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description service unavailable */
      503: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
    };
  };
  postAdminWorkerJobsIdRetry: {
    parameters: {
      query?: never;
      header?: {
        /** @description a key of at most 255 characters (IETF httpapi Idempotency-Key draft) that makes a retry safe: the first request's answer (status, Location, body, or its 4xx) is recorded with the change for 24 h, per caller and organization, and a repeat with the same key and body answers it again with `Idempotent-Replayed: true`, through any gateway, also when the first answer was lost or a 503; the same key with another body is 422, a repeat while the first still runs 409, a longer key 400 */
        "Idempotency-Key"?: string;
        /** @description this route has no entity tag: only `*` holds, any other value is 412 */
        "If-Match"?: string;
      };
      path: {
        id: string;
      };
      cookie?: never;
    };
    /** @description nothing: leave the body out, or send `{}` */
    requestBody?: {
      content: {
        "application/json": Record<string, never>;
      };
    };
    responses: {
      /** @description OK */
      200: {
        headers: {
          /** @description `true` when this is the recorded answer to an earlier request with the same Idempotency-Key */
          "Idempotent-Replayed"?: "true";
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            id: string;
            type: string;
            queue: string;
            payload: unknown;
            /** @enum {string} */
            status: "queued" | "running" | "succeeded" | "failed" | "canceled" | "retrying" | "scheduled";
            attempts: number;
            max_attempts: number;
            run_at: string;
            last_error: string;
            created_at: string;
            updated_at: string;
          };
        };
      };
      /** @description invalid input, invalid id or invalid json */
      400: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description missing or invalid authentication */
      401: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description organization required, or forbidden */
      403: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description not found */
      404: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description conflict; or a request with the same Idempotency-Key is still being processed */
      409: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description If-Match names no current entity tag of the resource (the ETag header gives the current one); on a route without one, any If-Match but * */
      412: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          /** @description the resource's current entity tag (absent on a route without one) */
          ETag?: string;
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description request body over 1 MiB */
      413: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description the Idempotency-Key was used for another request */
      422: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description rate limit exceeded (see Retry-After) */
      429: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          /** @description seconds until the window resets */
          "Retry-After"?: number;
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description request line or headers too large (plain text: the parser refuses it before routing) */
      431: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description operation failure */
      500: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description service unavailable */
      503: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
    };
  };
  postAdminWorkerJobsBulkRetry: {
    parameters: {
      query?: never;
      header?: {
        /** @description a key of at most 255 characters (IETF httpapi Idempotency-Key draft) that makes a retry safe: the first request's answer (status, Location, body, or its 4xx) is recorded with the change for 24 h, per caller and organization, and a repeat with the same key and body answers it again with `Idempotent-Replayed: true`, through any gateway, also when the first answer was lost or a 503; the same key with another body is 422, a repeat while the first still runs 409, a longer key 400 */
        "Idempotency-Key"?: string;
        /** @description this route has no entity tag: only `*` holds, any other value is 412 */
        "If-Match"?: string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": {
          /**
           * @description one of failed, canceled; all of them when left out
           * @enum {string}
           */
          status?: "failed" | "canceled";
          queue?: string;
          type?: string;
          /** @enum {string} */
          periodic?: "true" | "false" | "all";
          /** @description at most this many jobs are changed (1 to 500): the bound the operator confirmed */
          max: number;
        };
      };
    };
    responses: {
      /** @description OK */
      200: {
        headers: {
          /** @description `true` when this is the recorded answer to an earlier request with the same Idempotency-Key */
          "Idempotent-Replayed"?: "true";
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            changed: number;
            ids: string[];
            more: boolean;
          };
        };
      };
      /** @description invalid input, invalid id or invalid json */
      400: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description missing or invalid authentication */
      401: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description organization required, or forbidden */
      403: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description conflict; or a request with the same Idempotency-Key is still being processed */
      409: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description If-Match names no current entity tag of the resource (the ETag header gives the current one); on a route without one, any If-Match but * */
      412: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          /** @description the resource's current entity tag (absent on a route without one) */
          ETag?: string;
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description request body over 1 MiB */
      413: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description the Idempotency-Key was used for another request */
      422: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description rate limit exceeded (see Retry-After) */
      429: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          /** @description seconds until the window resets */
          "Retry-After"?: number;
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description request line or headers too large (plain text: the parser refuses it before routing) */
      431: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description operation failure */
      500: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description service unavailable */
      503: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
    };
  };
  postAdminWorkerJobsBulkCancel: {
    parameters: {
      query?: never;
      header?: {
        /** @description a key of at most 255 characters (IETF httpapi Idempotency-Key draft) that makes a retry safe: the first request's answer (status, Location, body, or its 4xx) is recorded with the change for 24 h, per caller and organization, and a repeat with the same key and body answers it again with `Idempotent-Replayed: true`, through any gateway, also when the first answer was lost or a 503; the same key with another body is 422, a repeat while the first still runs 409, a longer key 400 */
        "Idempotency-Key"?: string;
        /** @description this route has no entity tag: only `*` holds, any other value is 412 */
        "If-Match"?: string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": {
          /**
           * @description one of queued, scheduled, retrying, running; all of them when left out
           * @enum {string}
           */
          status?: "queued" | "scheduled" | "retrying" | "running";
          queue?: string;
          type?: string;
          /** @enum {string} */
          periodic?: "true" | "false" | "all";
          /** @description at most this many jobs are changed (1 to 500): the bound the operator confirmed */
          max: number;
        };
      };
    };
    responses: {
      /** @description OK */
      200: {
        headers: {
          /** @description `true` when this is the recorded answer to an earlier request with the same Idempotency-Key */
          "Idempotent-Replayed"?: "true";
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            changed: number;
            ids: string[];
            more: boolean;
          };
        };
      };
      /** @description invalid input, invalid id or invalid json */
      400: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description missing or invalid authentication */
      401: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description organization required, or forbidden */
      403: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description conflict; or a request with the same Idempotency-Key is still being processed */
      409: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description If-Match names no current entity tag of the resource (the ETag header gives the current one); on a route without one, any If-Match but * */
      412: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          /** @description the resource's current entity tag (absent on a route without one) */
          ETag?: string;
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description request body over 1 MiB */
      413: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description the Idempotency-Key was used for another request */
      422: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description rate limit exceeded (see Retry-After) */
      429: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          /** @description seconds until the window resets */
          "Retry-After"?: number;
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description request line or headers too large (plain text: the parser refuses it before routing) */
      431: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description operation failure */
      500: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description service unavailable */
      503: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
    };
  };
  getAdminWorkerPeriodic: {
    parameters: {
      query?: never;
      header?: {
        /** @description the ETag of a copy held: while it is still current the answer is 304 without a body */
        "If-None-Match"?: string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          /** @description the answer's strong entity tag (RFC 9110): send it back in If-None-Match (GET: 304 while unchanged) or If-Match (a write: 412 when the resource changed since) */
          ETag?: string;
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            type: string;
            queue: string;
            every_seconds: number;
            last: {
              id: string;
              /** @enum {string} */
              status: "queued" | "running" | "succeeded" | "failed" | "canceled" | "retrying" | "scheduled";
              run_at: string;
              finished_at: string | null;
              last_error: string;
            } | null;
            next_run_at: string;
          }[];
        };
      };
      /** @description Not Modified: the If-None-Match tag is current */
      304: {
        headers: {
          /** @description the answer's strong entity tag (RFC 9110): send it back in If-None-Match (GET: 304 while unchanged) or If-Match (a write: 412 when the resource changed since) */
          ETag?: string;
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description invalid input, invalid id or invalid json */
      400: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description missing or invalid authentication */
      401: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description organization required, or forbidden */
      403: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description rate limit exceeded (see Retry-After) */
      429: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          /** @description seconds until the window resets */
          "Retry-After"?: number;
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description request line or headers too large (plain text: the parser refuses it before routing) */
      431: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description operation failure */
      500: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description service unavailable */
      503: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
    };
  };
  getAdminWorkerStats: {
    parameters: {
      query?: never;
      header?: {
        /** @description the ETag of a copy held: while it is still current the answer is 304 without a body */
        "If-None-Match"?: string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          /** @description the answer's strong entity tag (RFC 9110): send it back in If-None-Match (GET: 304 while unchanged) or If-Match (a write: 412 when the resource changed since) */
          ETag?: string;
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            since: string;
            minutes: {
              succeeded: number;
              failed: number;
              retrying: number;
              canceled: number;
              at: string;
            }[];
            queues: {
              succeeded: number;
              failed: number;
              retrying: number;
              canceled: number;
              queue: string;
            }[];
            replicas: number;
            replicas_missing: number;
          };
        };
      };
      /** @description Not Modified: the If-None-Match tag is current */
      304: {
        headers: {
          /** @description the answer's strong entity tag (RFC 9110): send it back in If-None-Match (GET: 304 while unchanged) or If-Match (a write: 412 when the resource changed since) */
          ETag?: string;
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description invalid input, invalid id or invalid json */
      400: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description missing or invalid authentication */
      401: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description organization required, or forbidden */
      403: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description rate limit exceeded (see Retry-After) */
      429: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          /** @description seconds until the window resets */
          "Retry-After"?: number;
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description request line or headers too large (plain text: the parser refuses it before routing) */
      431: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description operation failure */
      500: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description service unavailable */
      503: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
    };
  };
  getAdminWorkerQueues: {
    parameters: {
      query?: never;
      header?: {
        /** @description the ETag of a copy held: while it is still current the answer is 304 without a body */
        "If-None-Match"?: string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          /** @description the answer's strong entity tag (RFC 9110): send it back in If-None-Match (GET: 304 while unchanged) or If-Match (a write: 412 when the resource changed since) */
          ETag?: string;
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            name: string;
            pending: number;
            running: number;
            failed: number;
            scheduled: number;
            paused: boolean;
            oldest_pending_age_seconds: number;
          }[];
        };
      };
      /** @description Not Modified: the If-None-Match tag is current */
      304: {
        headers: {
          /** @description the answer's strong entity tag (RFC 9110): send it back in If-None-Match (GET: 304 while unchanged) or If-Match (a write: 412 when the resource changed since) */
          ETag?: string;
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description invalid input, invalid id or invalid json */
      400: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description missing or invalid authentication */
      401: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description organization required, or forbidden */
      403: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description rate limit exceeded (see Retry-After) */
      429: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          /** @description seconds until the window resets */
          "Retry-After"?: number;
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description request line or headers too large (plain text: the parser refuses it before routing) */
      431: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description operation failure */
      500: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description service unavailable */
      503: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
    };
  };
  postAdminWorkerQueuesNamePause: {
    parameters: {
      query?: never;
      header?: {
        /** @description a key of at most 255 characters (IETF httpapi Idempotency-Key draft) that makes a retry safe: the first request's answer (status, Location, body, or its 4xx) is recorded with the change for 24 h, per caller and organization, and a repeat with the same key and body answers it again with `Idempotent-Replayed: true`, through any gateway, also when the first answer was lost or a 503; the same key with another body is 422, a repeat while the first still runs 409, a longer key 400 */
        "Idempotency-Key"?: string;
        /** @description this route has no entity tag: only `*` holds, any other value is 412 */
        "If-Match"?: string;
      };
      path: {
        name: string;
      };
      cookie?: never;
    };
    /** @description nothing: leave the body out, or send `{}` */
    requestBody?: {
      content: {
        "application/json": Record<string, never>;
      };
    };
    responses: {
      /** @description OK */
      200: {
        headers: {
          /** @description `true` when this is the recorded answer to an earlier request with the same Idempotency-Key */
          "Idempotent-Replayed"?: "true";
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            name: string;
            pending: number;
            running: number;
            failed: number;
            scheduled: number;
            paused: boolean;
            oldest_pending_age_seconds: number;
          };
        };
      };
      /** @description `invalid queue`: the name is empty or longer than 64 characters */
      400: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description missing or invalid authentication */
      401: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description organization required, or forbidden */
      403: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description `queue not found`: no job type uses the queue, no job is in it and it is not paused */
      404: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description conflict; or a request with the same Idempotency-Key is still being processed */
      409: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description If-Match names no current entity tag of the resource (the ETag header gives the current one); on a route without one, any If-Match but * */
      412: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          /** @description the resource's current entity tag (absent on a route without one) */
          ETag?: string;
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description request body over 1 MiB */
      413: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description the Idempotency-Key was used for another request */
      422: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description rate limit exceeded (see Retry-After) */
      429: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          /** @description seconds until the window resets */
          "Retry-After"?: number;
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description request line or headers too large (plain text: the parser refuses it before routing) */
      431: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description operation failure */
      500: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description service unavailable */
      503: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
    };
  };
  postAdminWorkerQueuesNameResume: {
    parameters: {
      query?: never;
      header?: {
        /** @description a key of at most 255 characters (IETF httpapi Idempotency-Key draft) that makes a retry safe: the first request's answer (status, Location, body, or its 4xx) is recorded with the change for 24 h, per caller and organization, and a repeat with the same key and body answers it again with `Idempotent-Replayed: true`, through any gateway, also when the first answer was lost or a 503; the same key with another body is 422, a repeat while the first still runs 409, a longer key 400 */
        "Idempotency-Key"?: string;
        /** @description this route has no entity tag: only `*` holds, any other value is 412 */
        "If-Match"?: string;
      };
      path: {
        name: string;
      };
      cookie?: never;
    };
    /** @description nothing: leave the body out, or send `{}` */
    requestBody?: {
      content: {
        "application/json": Record<string, never>;
      };
    };
    responses: {
      /** @description OK */
      200: {
        headers: {
          /** @description `true` when this is the recorded answer to an earlier request with the same Idempotency-Key */
          "Idempotent-Replayed"?: "true";
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            name: string;
            pending: number;
            running: number;
            failed: number;
            scheduled: number;
            paused: boolean;
            oldest_pending_age_seconds: number;
          };
        };
      };
      /** @description `invalid queue`: the name is empty or longer than 64 characters */
      400: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description missing or invalid authentication */
      401: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description organization required, or forbidden */
      403: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description `queue not found`: no job type uses the queue, no job is in it and it is not paused */
      404: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description conflict; or a request with the same Idempotency-Key is still being processed */
      409: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description If-Match names no current entity tag of the resource (the ETag header gives the current one); on a route without one, any If-Match but * */
      412: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          /** @description the resource's current entity tag (absent on a route without one) */
          ETag?: string;
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description request body over 1 MiB */
      413: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description the Idempotency-Key was used for another request */
      422: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description rate limit exceeded (see Retry-After) */
      429: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          /** @description seconds until the window resets */
          "Retry-After"?: number;
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description request line or headers too large (plain text: the parser refuses it before routing) */
      431: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description operation failure */
      500: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description service unavailable */
      503: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
    };
  };
  getAuditEvents: {
    parameters: {
      query?: {
        /** @description at most this many items, newest first (1 to 500; 50 without it); 400 `invalid limit` otherwise */
        limit?: number;
        /** @description continues a list after the page that gave it (opaque, from the `Link` header); 400 `invalid cursor` otherwise */
        cursor?: string;
        type?: string;
        resource_type?: string;
        resource_id?: string;
        actor_id?: string;
        since?: string;
        until?: string;
      };
      header?: {
        /** @description the ETag of a copy held: while it is still current the answer is 304 without a body */
        "If-None-Match"?: string;
        /** @description the organization (UUID); required with a bearer token or user API key, implied by an org key */
        "X-Org-ID"?: string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          /** @description present while more items remain: `<path?…&cursor=…>; rel="next"` (RFC 8288), the same request for the next page */
          Link?: string;
          /** @description the answer's strong entity tag (RFC 9110): send it back in If-None-Match (GET: 304 while unchanged) or If-Match (a write: 412 when the resource changed since) */
          ETag?: string;
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            /** Format: uuid */
            id: string;
            /** Format: uuid */
            organization_id: string;
            type: string;
            resource_type: string;
            resource_id: string;
            actor: {
              /** @enum {string} */
              type: "user" | "org_key" | "system";
              id: string;
              email?: string;
            };
            request_id: string;
            /** Format: date-time */
            occurred_at: string;
            data: {
              [key: string]: unknown;
            };
          }[];
        };
      };
      /** @description Not Modified: the If-None-Match tag is current */
      304: {
        headers: {
          /** @description the answer's strong entity tag (RFC 9110): send it back in If-None-Match (GET: 304 while unchanged) or If-Match (a write: 412 when the resource changed since) */
          ETag?: string;
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description invalid input, invalid id or invalid json */
      400: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description missing or invalid authentication */
      401: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description organization required, or forbidden */
      403: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description rate limit exceeded (see Retry-After) */
      429: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          /** @description seconds until the window resets */
          "Retry-After"?: number;
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description request line or headers too large (plain text: the parser refuses it before routing) */
      431: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description operation failure */
      500: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description service unavailable */
      503: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
    };
  };
  getAdminOrganizationsIdAuditEvents: {
    parameters: {
      query?: {
        /** @description at most this many items, newest first (1 to 500; 50 without it); 400 `invalid limit` otherwise */
        limit?: number;
        /** @description continues a list after the page that gave it (opaque, from the `Link` header); 400 `invalid cursor` otherwise */
        cursor?: string;
        type?: string;
        resource_type?: string;
        resource_id?: string;
        actor_id?: string;
        since?: string;
        until?: string;
      };
      header?: {
        /** @description the ETag of a copy held: while it is still current the answer is 304 without a body */
        "If-None-Match"?: string;
      };
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          /** @description present while more items remain: `<path?…&cursor=…>; rel="next"` (RFC 8288), the same request for the next page */
          Link?: string;
          /** @description the answer's strong entity tag (RFC 9110): send it back in If-None-Match (GET: 304 while unchanged) or If-Match (a write: 412 when the resource changed since) */
          ETag?: string;
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            /** Format: uuid */
            id: string;
            /** Format: uuid */
            organization_id: string;
            type: string;
            resource_type: string;
            resource_id: string;
            actor: {
              /** @enum {string} */
              type: "user" | "org_key" | "system";
              id: string;
              email?: string;
            };
            request_id: string;
            /** Format: date-time */
            occurred_at: string;
          }[];
        };
      };
      /** @description Not Modified: the If-None-Match tag is current */
      304: {
        headers: {
          /** @description the answer's strong entity tag (RFC 9110): send it back in If-None-Match (GET: 304 while unchanged) or If-Match (a write: 412 when the resource changed since) */
          ETag?: string;
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description invalid input, invalid id or invalid json */
      400: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description missing or invalid authentication */
      401: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description organization required, or forbidden */
      403: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description not found */
      404: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description rate limit exceeded (see Retry-After) */
      429: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          /** @description seconds until the window resets */
          "Retry-After"?: number;
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description request line or headers too large (plain text: the parser refuses it before routing) */
      431: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description operation failure */
      500: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description service unavailable */
      503: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
    };
  };
  getWebhooks: {
    parameters: {
      query?: {
        /** @description at most this many items, newest first (1 to 1000; without it, at most 1000); 400 `invalid limit` otherwise */
        limit?: number;
        /** @description continues a list after the page that gave it (opaque, from the `Link` header); 400 `invalid cursor` otherwise */
        cursor?: string;
      };
      header?: {
        /** @description the ETag of a copy held: while it is still current the answer is 304 without a body */
        "If-None-Match"?: string;
        /** @description the organization (UUID); required with a bearer token or user API key, implied by an org key */
        "X-Org-ID"?: string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          /** @description present while more items remain: `<path?…&cursor=…>; rel="next"` (RFC 8288), the same request for the next page */
          Link?: string;
          /** @description the answer's strong entity tag (RFC 9110): send it back in If-None-Match (GET: 304 while unchanged) or If-Match (a write: 412 when the resource changed since) */
          ETag?: string;
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            id: string;
            organization_id: string;
            url: string;
            events: string[];
            description: string;
            active: boolean;
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            updated_at: string;
          }[];
        };
      };
      /** @description Not Modified: the If-None-Match tag is current */
      304: {
        headers: {
          /** @description the answer's strong entity tag (RFC 9110): send it back in If-None-Match (GET: 304 while unchanged) or If-Match (a write: 412 when the resource changed since) */
          ETag?: string;
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description invalid input, invalid id or invalid json */
      400: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description missing or invalid authentication */
      401: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description organization required, or forbidden */
      403: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description rate limit exceeded (see Retry-After) */
      429: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          /** @description seconds until the window resets */
          "Retry-After"?: number;
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description request line or headers too large (plain text: the parser refuses it before routing) */
      431: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description operation failure */
      500: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description service unavailable */
      503: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
    };
  };
  postWebhooks: {
    parameters: {
      query?: never;
      header?: {
        /** @description a key of at most 255 characters (IETF httpapi Idempotency-Key draft) that makes a retry safe: the first request's answer (status, Location, body, or its 4xx) is recorded with the change for 24 h, per caller and organization, and a repeat with the same key and body answers it again with `Idempotent-Replayed: true`, through any gateway, also when the first answer was lost or a 503; the same key with another body is 422, a repeat while the first still runs 409, a longer key 400 */
        "Idempotency-Key"?: string;
        /** @description this route has no entity tag: only `*` holds, any other value is 412 */
        "If-Match"?: string;
        /** @description the organization (UUID); required with a bearer token or user API key, implied by an org key */
        "X-Org-ID"?: string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": {
          /** Format: uri */
          url: string;
          events: string[];
          /** @default  */
          description?: string;
          /** @default true */
          active?: boolean;
        };
      };
    };
    responses: {
      /** @description Created */
      201: {
        headers: {
          /** @description the created object's URL (/api/v1/webhooks/{id}) */
          Location?: string;
          /** @description the answer's strong entity tag (RFC 9110): send it back in If-None-Match (GET: 304 while unchanged) or If-Match (a write: 412 when the resource changed since) */
          ETag?: string;
          /** @description `true` when this is the recorded answer to an earlier request with the same Idempotency-Key */
          "Idempotent-Replayed"?: "true";
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            id: string;
            organization_id: string;
            url: string;
            events: string[];
            description: string;
            active: boolean;
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            updated_at: string;
            secret: string;
          };
        };
      };
      /** @description invalid input, invalid id or invalid json */
      400: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description missing or invalid authentication */
      401: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description organization required, or forbidden */
      403: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description conflict; or a request with the same Idempotency-Key is still being processed */
      409: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description If-Match names no current entity tag of the resource (the ETag header gives the current one); on a route without one, any If-Match but * */
      412: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          /** @description the resource's current entity tag (absent on a route without one) */
          ETag?: string;
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description request body over 1 MiB */
      413: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description the Idempotency-Key was used for another request */
      422: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description rate limit exceeded (see Retry-After) */
      429: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          /** @description seconds until the window resets */
          "Retry-After"?: number;
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description request line or headers too large (plain text: the parser refuses it before routing) */
      431: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description operation failure */
      500: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description service unavailable */
      503: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
    };
  };
  getWebhooksId: {
    parameters: {
      query?: never;
      header?: {
        /** @description the ETag of a copy held: while it is still current the answer is 304 without a body */
        "If-None-Match"?: string;
        /** @description the organization (UUID); required with a bearer token or user API key, implied by an org key */
        "X-Org-ID"?: string;
      };
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          /** @description the answer's strong entity tag (RFC 9110): send it back in If-None-Match (GET: 304 while unchanged) or If-Match (a write: 412 when the resource changed since) */
          ETag?: string;
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            id: string;
            organization_id: string;
            url: string;
            events: string[];
            description: string;
            active: boolean;
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            updated_at: string;
          };
        };
      };
      /** @description Not Modified: the If-None-Match tag is current */
      304: {
        headers: {
          /** @description the answer's strong entity tag (RFC 9110): send it back in If-None-Match (GET: 304 while unchanged) or If-Match (a write: 412 when the resource changed since) */
          ETag?: string;
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description invalid input, invalid id or invalid json */
      400: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description missing or invalid authentication */
      401: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description organization required, or forbidden */
      403: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description not found */
      404: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description rate limit exceeded (see Retry-After) */
      429: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          /** @description seconds until the window resets */
          "Retry-After"?: number;
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description request line or headers too large (plain text: the parser refuses it before routing) */
      431: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description operation failure */
      500: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description service unavailable */
      503: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
    };
  };
  deleteWebhooksId: {
    parameters: {
      query?: never;
      header?: {
        /** @description make the write conditional: it happens only while the resource's current ETag (GET /api/v1/webhooks/{id}) is one of these tags (or for `*`); otherwise 412 with the current ETag and nothing changes. Checked by the database write itself: of two concurrent writes with the same tag, one wins */
        "If-Match"?: string;
        /** @description the organization (UUID); required with a bearer token or user API key, implied by an org key */
        "X-Org-ID"?: string;
      };
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description No Content */
      204: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description invalid input, invalid id or invalid json */
      400: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description missing or invalid authentication */
      401: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description organization required, or forbidden */
      403: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description not found */
      404: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description If-Match names no current entity tag of the resource (the ETag header gives the current one); on a route without one, any If-Match but * */
      412: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          /** @description the resource's current entity tag (absent on a route without one) */
          ETag?: string;
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description rate limit exceeded (see Retry-After) */
      429: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          /** @description seconds until the window resets */
          "Retry-After"?: number;
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description request line or headers too large (plain text: the parser refuses it before routing) */
      431: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description operation failure */
      500: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description service unavailable */
      503: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
    };
  };
  patchWebhooksId: {
    parameters: {
      query?: never;
      header?: {
        /** @description a key of at most 255 characters (IETF httpapi Idempotency-Key draft) that makes a retry safe: the first request's answer (status, Location, body, or its 4xx) is recorded with the change for 24 h, per caller and organization, and a repeat with the same key and body answers it again with `Idempotent-Replayed: true`, through any gateway, also when the first answer was lost or a 503; the same key with another body is 422, a repeat while the first still runs 409, a longer key 400 */
        "Idempotency-Key"?: string;
        /** @description make the write conditional: it happens only while the resource's current ETag (GET /api/v1/webhooks/{id}) is one of these tags (or for `*`); otherwise 412 with the current ETag and nothing changes. Checked by the database write itself: of two concurrent writes with the same tag, one wins */
        "If-Match"?: string;
        /** @description the organization (UUID); required with a bearer token or user API key, implied by an org key */
        "X-Org-ID"?: string;
      };
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": {
          /** Format: uri */
          url?: string;
          events?: string[];
          description?: string;
          active?: boolean;
        };
      };
    };
    responses: {
      /** @description OK */
      200: {
        headers: {
          /** @description the answer's strong entity tag (RFC 9110): send it back in If-None-Match (GET: 304 while unchanged) or If-Match (a write: 412 when the resource changed since) */
          ETag?: string;
          /** @description `true` when this is the recorded answer to an earlier request with the same Idempotency-Key */
          "Idempotent-Replayed"?: "true";
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            id: string;
            organization_id: string;
            url: string;
            events: string[];
            description: string;
            active: boolean;
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            updated_at: string;
          };
        };
      };
      /** @description invalid input, invalid id or invalid json */
      400: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description missing or invalid authentication */
      401: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description organization required, or forbidden */
      403: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description not found */
      404: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description conflict; or a request with the same Idempotency-Key is still being processed */
      409: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description If-Match names no current entity tag of the resource (the ETag header gives the current one); on a route without one, any If-Match but * */
      412: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          /** @description the resource's current entity tag (absent on a route without one) */
          ETag?: string;
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description request body over 1 MiB */
      413: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description the Idempotency-Key was used for another request */
      422: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description rate limit exceeded (see Retry-After) */
      429: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          /** @description seconds until the window resets */
          "Retry-After"?: number;
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description request line or headers too large (plain text: the parser refuses it before routing) */
      431: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description operation failure */
      500: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description service unavailable */
      503: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
    };
  };
  postWebhooksIdRotateSecret: {
    parameters: {
      query?: never;
      header?: {
        /** @description a key of at most 255 characters (IETF httpapi Idempotency-Key draft) that makes a retry safe: the first request's answer (status, Location, body, or its 4xx) is recorded with the change for 24 h, per caller and organization, and a repeat with the same key and body answers it again with `Idempotent-Replayed: true`, through any gateway, also when the first answer was lost or a 503; the same key with another body is 422, a repeat while the first still runs 409, a longer key 400 */
        "Idempotency-Key"?: string;
        /** @description this route has no entity tag: only `*` holds, any other value is 412 */
        "If-Match"?: string;
        /** @description the organization (UUID); required with a bearer token or user API key, implied by an org key */
        "X-Org-ID"?: string;
      };
      path: {
        id: string;
      };
      cookie?: never;
    };
    /** @description nothing: leave the body out, or send `{}` */
    requestBody?: {
      content: {
        "application/json": Record<string, never>;
      };
    };
    responses: {
      /** @description OK */
      200: {
        headers: {
          /** @description `true` when this is the recorded answer to an earlier request with the same Idempotency-Key */
          "Idempotent-Replayed"?: "true";
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            secret: string;
            /** Format: date-time */
            previous_valid_until: string;
          };
        };
      };
      /** @description invalid input, invalid id or invalid json */
      400: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description missing or invalid authentication */
      401: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description organization required, or forbidden */
      403: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description not found */
      404: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description conflict; or a request with the same Idempotency-Key is still being processed */
      409: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description If-Match names no current entity tag of the resource (the ETag header gives the current one); on a route without one, any If-Match but * */
      412: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          /** @description the resource's current entity tag (absent on a route without one) */
          ETag?: string;
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description request body over 1 MiB */
      413: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description the Idempotency-Key was used for another request */
      422: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description rate limit exceeded (see Retry-After) */
      429: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          /** @description seconds until the window resets */
          "Retry-After"?: number;
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description request line or headers too large (plain text: the parser refuses it before routing) */
      431: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description operation failure */
      500: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description service unavailable */
      503: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
    };
  };
  getWebhooksIdDeliveries: {
    parameters: {
      query?: {
        /** @description at most this many items, newest first (1 to 1000; without it, at most 1000); 400 `invalid limit` otherwise */
        limit?: number;
        /** @description continues a list after the page that gave it (opaque, from the `Link` header); 400 `invalid cursor` otherwise */
        cursor?: string;
      };
      header?: {
        /** @description the ETag of a copy held: while it is still current the answer is 304 without a body */
        "If-None-Match"?: string;
        /** @description the organization (UUID); required with a bearer token or user API key, implied by an org key */
        "X-Org-ID"?: string;
      };
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          /** @description present while more items remain: `<path?…&cursor=…>; rel="next"` (RFC 8288), the same request for the next page */
          Link?: string;
          /** @description the answer's strong entity tag (RFC 9110): send it back in If-None-Match (GET: 304 while unchanged) or If-Match (a write: 412 when the resource changed since) */
          ETag?: string;
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            id: string;
            webhook_id: string;
            event_id: string;
            event_type: string;
            /** @enum {string} */
            status: "pending" | "succeeded" | "failed";
            attempts: {
              /** Format: date-time */
              at: string;
              status_code: number | null;
              error: string;
              duration_ms: number;
            }[];
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            updated_at: string;
          }[];
        };
      };
      /** @description Not Modified: the If-None-Match tag is current */
      304: {
        headers: {
          /** @description the answer's strong entity tag (RFC 9110): send it back in If-None-Match (GET: 304 while unchanged) or If-Match (a write: 412 when the resource changed since) */
          ETag?: string;
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description invalid input, invalid id or invalid json */
      400: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description missing or invalid authentication */
      401: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description organization required, or forbidden */
      403: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description not found */
      404: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description rate limit exceeded (see Retry-After) */
      429: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          /** @description seconds until the window resets */
          "Retry-After"?: number;
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description request line or headers too large (plain text: the parser refuses it before routing) */
      431: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description operation failure */
      500: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description service unavailable */
      503: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
    };
  };
  postWebhooksIdTest: {
    parameters: {
      query?: never;
      header?: {
        /** @description a key of at most 255 characters (IETF httpapi Idempotency-Key draft) that makes a retry safe: the first request's answer (status, Location, body, or its 4xx) is recorded with the change for 24 h, per caller and organization, and a repeat with the same key and body answers it again with `Idempotent-Replayed: true`, through any gateway, also when the first answer was lost or a 503; the same key with another body is 422, a repeat while the first still runs 409, a longer key 400 */
        "Idempotency-Key"?: string;
        /** @description this route has no entity tag: only `*` holds, any other value is 412 */
        "If-Match"?: string;
        /** @description the organization (UUID); required with a bearer token or user API key, implied by an org key */
        "X-Org-ID"?: string;
      };
      path: {
        id: string;
      };
      cookie?: never;
    };
    /** @description nothing: leave the body out, or send `{}` */
    requestBody?: {
      content: {
        "application/json": Record<string, never>;
      };
    };
    responses: {
      /** @description OK */
      200: {
        headers: {
          /** @description `true` when this is the recorded answer to an earlier request with the same Idempotency-Key */
          "Idempotent-Replayed"?: "true";
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            id: string;
            webhook_id: string;
            event_id: string;
            event_type: string;
            /** @enum {string} */
            status: "pending" | "succeeded" | "failed";
            attempts: {
              /** Format: date-time */
              at: string;
              status_code: number | null;
              error: string;
              duration_ms: number;
            }[];
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            updated_at: string;
          };
        };
      };
      /** @description invalid input, invalid id or invalid json */
      400: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description missing or invalid authentication */
      401: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description organization required, or forbidden */
      403: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description not found */
      404: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description conflict; or a request with the same Idempotency-Key is still being processed */
      409: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description If-Match names no current entity tag of the resource (the ETag header gives the current one); on a route without one, any If-Match but * */
      412: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          /** @description the resource's current entity tag (absent on a route without one) */
          ETag?: string;
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description request body over 1 MiB */
      413: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description the Idempotency-Key was used for another request */
      422: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description rate limit exceeded (see Retry-After) */
      429: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          /** @description seconds until the window resets */
          "Retry-After"?: number;
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description request line or headers too large (plain text: the parser refuses it before routing) */
      431: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description operation failure */
      500: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description service unavailable */
      503: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
    };
  };
  getAdminActions: {
    parameters: {
      query?: {
        /** @description at most this many items, newest first (1 to 1000; without it, at most 1000); 400 `invalid limit` otherwise */
        limit?: number;
        /** @description continues a list after the page that gave it (opaque, from the `Link` header); 400 `invalid cursor` otherwise */
        cursor?: string;
      };
      header?: {
        /** @description the ETag of a copy held: while it is still current the answer is 304 without a body */
        "If-None-Match"?: string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          /** @description present while more items remain: `<path?…&cursor=…>; rel="next"` (RFC 8288), the same request for the next page */
          Link?: string;
          /** @description the answer's strong entity tag (RFC 9110): send it back in If-None-Match (GET: 304 while unchanged) or If-Match (a write: 412 when the resource changed since) */
          ETag?: string;
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            id: string;
            label: string;
            description: string;
            make_target: string;
            created_at: string;
            updated_at: string;
          }[];
        };
      };
      /** @description Not Modified: the If-None-Match tag is current */
      304: {
        headers: {
          /** @description the answer's strong entity tag (RFC 9110): send it back in If-None-Match (GET: 304 while unchanged) or If-Match (a write: 412 when the resource changed since) */
          ETag?: string;
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description invalid input, invalid id or invalid json */
      400: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description missing or invalid authentication */
      401: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description organization required, or forbidden */
      403: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description rate limit exceeded (see Retry-After) */
      429: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          /** @description seconds until the window resets */
          "Retry-After"?: number;
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description request line or headers too large (plain text: the parser refuses it before routing) */
      431: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description operation failure */
      500: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description service unavailable */
      503: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
    };
  };
  postAdminActions: {
    parameters: {
      query?: never;
      header?: {
        /** @description a key of at most 255 characters (IETF httpapi Idempotency-Key draft) that makes a retry safe: the first request's answer (status, Location, body, or its 4xx) is recorded with the change for 24 h, per caller and organization, and a repeat with the same key and body answers it again with `Idempotent-Replayed: true`, through any gateway, also when the first answer was lost or a 503; the same key with another body is 422, a repeat while the first still runs 409, a longer key 400 */
        "Idempotency-Key"?: string;
        /** @description this route has no entity tag: only `*` holds, any other value is 412 */
        "If-Match"?: string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": {
          label: string;
          /** @default  */
          description?: string;
          make_target: string;
        };
      };
    };
    responses: {
      /** @description Created */
      201: {
        headers: {
          /** @description the created object's URL (/api/v1/admin/actions/{actionID}) */
          Location?: string;
          /** @description the answer's strong entity tag (RFC 9110): send it back in If-None-Match (GET: 304 while unchanged) or If-Match (a write: 412 when the resource changed since) */
          ETag?: string;
          /** @description `true` when this is the recorded answer to an earlier request with the same Idempotency-Key */
          "Idempotent-Replayed"?: "true";
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            id: string;
            label: string;
            description: string;
            make_target: string;
            created_at: string;
            updated_at: string;
          };
        };
      };
      /** @description invalid input, invalid id or invalid json */
      400: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description missing or invalid authentication */
      401: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description organization required, or forbidden */
      403: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description conflict; or a request with the same Idempotency-Key is still being processed */
      409: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description If-Match names no current entity tag of the resource (the ETag header gives the current one); on a route without one, any If-Match but * */
      412: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          /** @description the resource's current entity tag (absent on a route without one) */
          ETag?: string;
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description request body over 1 MiB */
      413: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description the Idempotency-Key was used for another request */
      422: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description rate limit exceeded (see Retry-After) */
      429: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          /** @description seconds until the window resets */
          "Retry-After"?: number;
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description request line or headers too large (plain text: the parser refuses it before routing) */
      431: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description operation failure */
      500: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description service unavailable */
      503: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
    };
  };
  getActions: {
    parameters: {
      query?: {
        /** @description at most this many items, newest first (1 to 1000; without it, at most 1000); 400 `invalid limit` otherwise */
        limit?: number;
        /** @description continues a list after the page that gave it (opaque, from the `Link` header); 400 `invalid cursor` otherwise */
        cursor?: string;
      };
      header?: {
        /** @description the ETag of a copy held: while it is still current the answer is 304 without a body */
        "If-None-Match"?: string;
        /** @description the organization (UUID); required with a bearer token or user API key, implied by an org key */
        "X-Org-ID"?: string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          /** @description present while more items remain: `<path?…&cursor=…>; rel="next"` (RFC 8288), the same request for the next page */
          Link?: string;
          /** @description the answer's strong entity tag (RFC 9110): send it back in If-None-Match (GET: 304 while unchanged) or If-Match (a write: 412 when the resource changed since) */
          ETag?: string;
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            id: string;
            label: string;
            description: string;
            make_target: string;
            created_at: string;
            updated_at: string;
          }[];
        };
      };
      /** @description Not Modified: the If-None-Match tag is current */
      304: {
        headers: {
          /** @description the answer's strong entity tag (RFC 9110): send it back in If-None-Match (GET: 304 while unchanged) or If-Match (a write: 412 when the resource changed since) */
          ETag?: string;
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description invalid input, invalid id or invalid json */
      400: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description missing or invalid authentication */
      401: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description organization required, or forbidden */
      403: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description rate limit exceeded (see Retry-After) */
      429: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          /** @description seconds until the window resets */
          "Retry-After"?: number;
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description request line or headers too large (plain text: the parser refuses it before routing) */
      431: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description operation failure */
      500: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description service unavailable */
      503: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
    };
  };
  getAdminActionsActionID: {
    parameters: {
      query?: never;
      header?: {
        /** @description the ETag of a copy held: while it is still current the answer is 304 without a body */
        "If-None-Match"?: string;
      };
      path: {
        actionID: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          /** @description the answer's strong entity tag (RFC 9110): send it back in If-None-Match (GET: 304 while unchanged) or If-Match (a write: 412 when the resource changed since) */
          ETag?: string;
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            id: string;
            label: string;
            description: string;
            make_target: string;
            created_at: string;
            updated_at: string;
          };
        };
      };
      /** @description Not Modified: the If-None-Match tag is current */
      304: {
        headers: {
          /** @description the answer's strong entity tag (RFC 9110): send it back in If-None-Match (GET: 304 while unchanged) or If-Match (a write: 412 when the resource changed since) */
          ETag?: string;
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description invalid input, invalid id or invalid json */
      400: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description missing or invalid authentication */
      401: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description organization required, or forbidden */
      403: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description not found */
      404: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description rate limit exceeded (see Retry-After) */
      429: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          /** @description seconds until the window resets */
          "Retry-After"?: number;
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description request line or headers too large (plain text: the parser refuses it before routing) */
      431: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description operation failure */
      500: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description service unavailable */
      503: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
    };
  };
  deleteAdminActionsActionID: {
    parameters: {
      query?: never;
      header?: {
        /** @description make the write conditional: it happens only while the resource's current ETag (GET /api/v1/admin/actions/{actionID}) is one of these tags (or for `*`); otherwise 412 with the current ETag and nothing changes. Checked by the database write itself: of two concurrent writes with the same tag, one wins */
        "If-Match"?: string;
      };
      path: {
        actionID: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description No Content */
      204: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description invalid input, invalid id or invalid json */
      400: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description missing or invalid authentication */
      401: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description organization required, or forbidden */
      403: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description not found */
      404: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description If-Match names no current entity tag of the resource (the ETag header gives the current one); on a route without one, any If-Match but * */
      412: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          /** @description the resource's current entity tag (absent on a route without one) */
          ETag?: string;
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description rate limit exceeded (see Retry-After) */
      429: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          /** @description seconds until the window resets */
          "Retry-After"?: number;
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description request line or headers too large (plain text: the parser refuses it before routing) */
      431: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description operation failure */
      500: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description service unavailable */
      503: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
    };
  };
  patchAdminActionsActionID: {
    parameters: {
      query?: never;
      header?: {
        /** @description a key of at most 255 characters (IETF httpapi Idempotency-Key draft) that makes a retry safe: the first request's answer (status, Location, body, or its 4xx) is recorded with the change for 24 h, per caller and organization, and a repeat with the same key and body answers it again with `Idempotent-Replayed: true`, through any gateway, also when the first answer was lost or a 503; the same key with another body is 422, a repeat while the first still runs 409, a longer key 400 */
        "Idempotency-Key"?: string;
        /** @description make the write conditional: it happens only while the resource's current ETag (GET /api/v1/admin/actions/{actionID}) is one of these tags (or for `*`); otherwise 412 with the current ETag and nothing changes. Checked by the database write itself: of two concurrent writes with the same tag, one wins */
        "If-Match"?: string;
      };
      path: {
        actionID: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": {
          label?: string;
          description?: string;
          make_target?: string;
        };
      };
    };
    responses: {
      /** @description OK */
      200: {
        headers: {
          /** @description the answer's strong entity tag (RFC 9110): send it back in If-None-Match (GET: 304 while unchanged) or If-Match (a write: 412 when the resource changed since) */
          ETag?: string;
          /** @description `true` when this is the recorded answer to an earlier request with the same Idempotency-Key */
          "Idempotent-Replayed"?: "true";
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            id: string;
            label: string;
            description: string;
            make_target: string;
            created_at: string;
            updated_at: string;
          };
        };
      };
      /** @description invalid input, invalid id or invalid json */
      400: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description missing or invalid authentication */
      401: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description organization required, or forbidden */
      403: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description not found */
      404: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description conflict; or a request with the same Idempotency-Key is still being processed */
      409: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description If-Match names no current entity tag of the resource (the ETag header gives the current one); on a route without one, any If-Match but * */
      412: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          /** @description the resource's current entity tag (absent on a route without one) */
          ETag?: string;
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description request body over 1 MiB */
      413: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description the Idempotency-Key was used for another request */
      422: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description rate limit exceeded (see Retry-After) */
      429: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          /** @description seconds until the window resets */
          "Retry-After"?: number;
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description request line or headers too large (plain text: the parser refuses it before routing) */
      431: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description operation failure */
      500: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description service unavailable */
      503: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
    };
  };
  postClustersClusterIDActionsActionIDRuns: {
    parameters: {
      query?: never;
      header?: {
        /** @description a key of at most 255 characters (IETF httpapi Idempotency-Key draft) that makes a retry safe: the first request's answer (status, Location, body, or its 4xx) is recorded with the change for 24 h, per caller and organization, and a repeat with the same key and body answers it again with `Idempotent-Replayed: true`, through any gateway, also when the first answer was lost or a 503; the same key with another body is 422, a repeat while the first still runs 409, a longer key 400 */
        "Idempotency-Key"?: string;
        /** @description this route has no entity tag: only `*` holds, any other value is 412 */
        "If-Match"?: string;
        /** @description the organization (UUID); required with a bearer token or user API key, implied by an org key */
        "X-Org-ID"?: string;
      };
      path: {
        clusterID: string;
        actionID: string;
      };
      cookie?: never;
    };
    /** @description nothing: leave the body out, or send `{}` */
    requestBody?: {
      content: {
        "application/json": Record<string, never>;
      };
    };
    responses: {
      /** @description Created */
      201: {
        headers: {
          /** @description the created object's URL (/api/v1/clusters/{clusterID}/runs/{runID}) */
          Location?: string;
          /** @description the answer's strong entity tag (RFC 9110): send it back in If-None-Match (GET: 304 while unchanged) or If-Match (a write: 412 when the resource changed since) */
          ETag?: string;
          /** @description `true` when this is the recorded answer to an earlier request with the same Idempotency-Key */
          "Idempotent-Replayed"?: "true";
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            id: string;
            organization_id: string;
            cluster_id: string;
            action_id: string;
            action: string;
            make_target: string;
            /** @enum {string} */
            status: "queued" | "running" | "succeeded" | "failed" | "canceled";
            error: string;
            created_at: string;
            started_at: string | null;
            finished_at: string | null;
          };
        };
      };
      /** @description invalid input, invalid id or invalid json */
      400: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description missing or invalid authentication */
      401: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description organization required, or forbidden */
      403: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description not found */
      404: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description conflict; or a request with the same Idempotency-Key is still being processed */
      409: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description If-Match names no current entity tag of the resource (the ETag header gives the current one); on a route without one, any If-Match but * */
      412: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          /** @description the resource's current entity tag (absent on a route without one) */
          ETag?: string;
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description request body over 1 MiB */
      413: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description the Idempotency-Key was used for another request */
      422: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description rate limit exceeded (see Retry-After) */
      429: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          /** @description seconds until the window resets */
          "Retry-After"?: number;
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description request line or headers too large (plain text: the parser refuses it before routing) */
      431: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description operation failure */
      500: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description service unavailable */
      503: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
    };
  };
  getClustersClusterIDRuns: {
    parameters: {
      query?: {
        /** @description at most this many items, newest first (1 to 1000; without it, at most 1000); 400 `invalid limit` otherwise */
        limit?: number;
        /** @description continues a list after the page that gave it (opaque, from the `Link` header); 400 `invalid cursor` otherwise */
        cursor?: string;
      };
      header?: {
        /** @description the ETag of a copy held: while it is still current the answer is 304 without a body */
        "If-None-Match"?: string;
        /** @description the organization (UUID); required with a bearer token or user API key, implied by an org key */
        "X-Org-ID"?: string;
      };
      path: {
        clusterID: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          /** @description present while more items remain: `<path?…&cursor=…>; rel="next"` (RFC 8288), the same request for the next page */
          Link?: string;
          /** @description the answer's strong entity tag (RFC 9110): send it back in If-None-Match (GET: 304 while unchanged) or If-Match (a write: 412 when the resource changed since) */
          ETag?: string;
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            id: string;
            organization_id: string;
            cluster_id: string;
            action_id: string;
            action: string;
            make_target: string;
            /** @enum {string} */
            status: "queued" | "running" | "succeeded" | "failed" | "canceled";
            error: string;
            created_at: string;
            started_at: string | null;
            finished_at: string | null;
          }[];
        };
      };
      /** @description Not Modified: the If-None-Match tag is current */
      304: {
        headers: {
          /** @description the answer's strong entity tag (RFC 9110): send it back in If-None-Match (GET: 304 while unchanged) or If-Match (a write: 412 when the resource changed since) */
          ETag?: string;
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description invalid input, invalid id or invalid json */
      400: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description missing or invalid authentication */
      401: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description organization required, or forbidden */
      403: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description not found */
      404: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description rate limit exceeded (see Retry-After) */
      429: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          /** @description seconds until the window resets */
          "Retry-After"?: number;
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description request line or headers too large (plain text: the parser refuses it before routing) */
      431: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description operation failure */
      500: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description service unavailable */
      503: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
    };
  };
  getClustersClusterIDRunsRunID: {
    parameters: {
      query?: never;
      header?: {
        /** @description the ETag of a copy held: while it is still current the answer is 304 without a body */
        "If-None-Match"?: string;
        /** @description the organization (UUID); required with a bearer token or user API key, implied by an org key */
        "X-Org-ID"?: string;
      };
      path: {
        clusterID: string;
        runID: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          /** @description the answer's strong entity tag (RFC 9110): send it back in If-None-Match (GET: 304 while unchanged) or If-Match (a write: 412 when the resource changed since) */
          ETag?: string;
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            id: string;
            organization_id: string;
            cluster_id: string;
            action_id: string;
            action: string;
            make_target: string;
            /** @enum {string} */
            status: "queued" | "running" | "succeeded" | "failed" | "canceled";
            error: string;
            created_at: string;
            started_at: string | null;
            finished_at: string | null;
          };
        };
      };
      /** @description Not Modified: the If-None-Match tag is current */
      304: {
        headers: {
          /** @description the answer's strong entity tag (RFC 9110): send it back in If-None-Match (GET: 304 while unchanged) or If-Match (a write: 412 when the resource changed since) */
          ETag?: string;
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description invalid input, invalid id or invalid json */
      400: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description missing or invalid authentication */
      401: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description organization required, or forbidden */
      403: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description not found */
      404: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description rate limit exceeded (see Retry-After) */
      429: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          /** @description seconds until the window resets */
          "Retry-After"?: number;
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description request line or headers too large (plain text: the parser refuses it before routing) */
      431: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description operation failure */
      500: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description service unavailable */
      503: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
    };
  };
  getClustersClusterIDRunsRunIDLogs: {
    parameters: {
      query?: {
        after?: string;
        limit?: number | string;
      };
      header?: {
        /** @description `text/event-stream` for a live tail instead of one JSON page */
        Accept?: string;
        /** @description a live tail resumes after this chunk id (EventSource sends it when it reconnects) */
        "Last-Event-ID"?: string;
        /** @description the ETag of a copy held: while it is still current the answer is 304 without a body */
        "If-None-Match"?: string;
        /** @description the organization (UUID); required with a bearer token or user API key, implied by an org key */
        "X-Org-ID"?: string;
      };
      path: {
        clusterID: string;
        runID: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description JSON: a page of output (`LogPage`). With `Accept: text/event-stream`: a live tail (Server-Sent Events) from `after` (or `Last-Event-ID`): one `event: log` frame per chunk (`id`: the chunk's id, `data`: the LogChunk as JSON), a `: heartbeat` comment every EVENTS_HEARTBEAT_S, and a last `event: done` frame once the job has ended and everything was sent. */
      200: {
        headers: {
          /** @description the answer's strong entity tag (RFC 9110): send it back in If-None-Match (GET: 304 while unchanged) or If-Match (a write: 412 when the resource changed since) */
          ETag?: string;
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            items: {
              id: string;
              /** @enum {string} */
              stream: "stdout" | "stderr" | "system";
              chunk: string;
              created_at: string;
            }[];
            next_cursor: string | null;
            done: boolean;
          };
          "text/event-stream": string;
        };
      };
      /** @description Not Modified: the If-None-Match tag is current */
      304: {
        headers: {
          /** @description the answer's strong entity tag (RFC 9110): send it back in If-None-Match (GET: 304 while unchanged) or If-Match (a write: 412 when the resource changed since) */
          ETag?: string;
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description invalid input, invalid id or invalid json */
      400: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description missing or invalid authentication */
      401: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description organization required, or forbidden */
      403: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description not found */
      404: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description rate limit exceeded (see Retry-After) */
      429: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          /** @description seconds until the window resets */
          "Retry-After"?: number;
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description request line or headers too large (plain text: the parser refuses it before routing) */
      431: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description operation failure */
      500: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description service unavailable */
      503: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
    };
  };
  postClustersClusterIDRunsRunIDCancel: {
    parameters: {
      query?: never;
      header?: {
        /** @description a key of at most 255 characters (IETF httpapi Idempotency-Key draft) that makes a retry safe: the first request's answer (status, Location, body, or its 4xx) is recorded with the change for 24 h, per caller and organization, and a repeat with the same key and body answers it again with `Idempotent-Replayed: true`, through any gateway, also when the first answer was lost or a 503; the same key with another body is 422, a repeat while the first still runs 409, a longer key 400 */
        "Idempotency-Key"?: string;
        /** @description this route has no entity tag: only `*` holds, any other value is 412 */
        "If-Match"?: string;
        /** @description the organization (UUID); required with a bearer token or user API key, implied by an org key */
        "X-Org-ID"?: string;
      };
      path: {
        clusterID: string;
        runID: string;
      };
      cookie?: never;
    };
    /** @description nothing: leave the body out, or send `{}` */
    requestBody?: {
      content: {
        "application/json": Record<string, never>;
      };
    };
    responses: {
      /** @description OK */
      200: {
        headers: {
          /** @description `true` when this is the recorded answer to an earlier request with the same Idempotency-Key */
          "Idempotent-Replayed"?: "true";
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            id: string;
            organization_id: string;
            cluster_id: string;
            action_id: string;
            action: string;
            make_target: string;
            /** @enum {string} */
            status: "queued" | "running" | "succeeded" | "failed" | "canceled";
            error: string;
            created_at: string;
            started_at: string | null;
            finished_at: string | null;
          };
        };
      };
      /** @description invalid input, invalid id or invalid json */
      400: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description missing or invalid authentication */
      401: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description organization required, or forbidden */
      403: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description not found */
      404: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description conflict; or a request with the same Idempotency-Key is still being processed */
      409: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description If-Match names no current entity tag of the resource (the ETag header gives the current one); on a route without one, any If-Match but * */
      412: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          /** @description the resource's current entity tag (absent on a route without one) */
          ETag?: string;
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description request body over 1 MiB */
      413: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description the Idempotency-Key was used for another request */
      422: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description rate limit exceeded (see Retry-After) */
      429: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          /** @description seconds until the window resets */
          "Retry-After"?: number;
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description request line or headers too large (plain text: the parser refuses it before routing) */
      431: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description operation failure */
      500: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description service unavailable */
      503: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
    };
  };
  getServersIdLogs: {
    parameters: {
      query?: {
        after?: string;
        limit?: number | string;
      };
      header?: {
        /** @description `text/event-stream` for a live tail instead of one JSON page */
        Accept?: string;
        /** @description a live tail resumes after this chunk id (EventSource sends it when it reconnects) */
        "Last-Event-ID"?: string;
        /** @description the ETag of a copy held: while it is still current the answer is 304 without a body */
        "If-None-Match"?: string;
        /** @description the organization (UUID); required with a bearer token or user API key, implied by an org key */
        "X-Org-ID"?: string;
      };
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description JSON: a page of output (`LogPage`). With `Accept: text/event-stream`: a live tail (Server-Sent Events) from `after` (or `Last-Event-ID`): one `event: log` frame per chunk (`id`: the chunk's id, `data`: the LogChunk as JSON), a `: heartbeat` comment every EVENTS_HEARTBEAT_S, and a last `event: done` frame once the job has ended and everything was sent. */
      200: {
        headers: {
          /** @description the answer's strong entity tag (RFC 9110): send it back in If-None-Match (GET: 304 while unchanged) or If-Match (a write: 412 when the resource changed since) */
          ETag?: string;
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            items: {
              id: string;
              /** @enum {string} */
              stream: "stdout" | "stderr" | "system";
              chunk: string;
              created_at: string;
            }[];
            next_cursor: string | null;
            done: boolean;
          };
          "text/event-stream": string;
        };
      };
      /** @description Not Modified: the If-None-Match tag is current */
      304: {
        headers: {
          /** @description the answer's strong entity tag (RFC 9110): send it back in If-None-Match (GET: 304 while unchanged) or If-Match (a write: 412 when the resource changed since) */
          ETag?: string;
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description invalid input, invalid id or invalid json */
      400: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description missing or invalid authentication */
      401: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description organization required, or forbidden */
      403: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description not found */
      404: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description rate limit exceeded (see Retry-After) */
      429: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          /** @description seconds until the window resets */
          "Retry-After"?: number;
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description request line or headers too large (plain text: the parser refuses it before routing) */
      431: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description operation failure */
      500: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
      /** @description service unavailable */
      503: {
        headers: {
          "X-Error-Code": components["headers"]["X-Error-Code"];
          [name: string]: unknown;
        };
        content: {
          "text/plain": string;
        };
      };
    };
  };
  webhookEvent: {
    parameters: {
      query?: never;
      header: {
        /** @description the event's id, the same on every retry of this delivery */
        "webhook-id": string;
        /** @description when this attempt was signed, Unix seconds */
        "webhook-timestamp": string;
        /** @description space-separated `v1,<base64 HMAC-SHA256 of "<webhook-id>.<webhook-timestamp>.<body>">`, one per secret still signing (two while a rotated secret is in its grace period) */
        "webhook-signature": string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": components["schemas"]["DomainEvent"];
      };
    };
    responses: {
      /** @description received: the delivery succeeded */
      "2XX": {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description any other answer, or none within the timeout: retried with backoff */
      default: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
    };
  };
}
