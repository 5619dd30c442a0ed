import type { components, operations } from "./schema.d.ts";

/**
 * Names for the shapes the API answers, every one read from the generated schema (nothing here
 * is written by hand): `JsonResponse<"getServersId">` is the JSON body GET /servers/{id} answers
 * with 200.
 */
export type JsonResponse<Op extends keyof operations, Status extends number = 200> =
  operations[Op]["responses"] extends Record<Status, { content: { "application/json": infer T } }> ? T : never;

/** The JSON body an operation takes. */
export type JsonRequest<Op extends keyof operations> = operations[Op] extends { requestBody?: { content: { "application/json": infer T } } } ? T : never;

export type ErrorBody = components["schemas"]["ErrorResponse"];
export type TokenPair = JsonResponse<"postAuthRefresh">;
export type Me = JsonResponse<"getMe">;
export type Organization = JsonResponse<"getOrgsId">;
export type Label = JsonResponse<"getLabelsId">;
export type Annotation = JsonResponse<"getAnnotationsId">;
export type Taint = JsonResponse<"getTaintsId">;
export type Server = JsonResponse<"getServersId">;
export type SshKey = JsonResponse<"postSsh", 201>;
/** An SSH key read with `reveal=true`: `private_key` set. */
export type SshKeyRevealed = JsonResponse<"getSshId">;
export type SshKeyPart = operations["getSshIdDownload"]["parameters"]["query"]["part"];
export type NodePool = JsonResponse<"getNodePoolsId">;
export type LoadBalancer = JsonResponse<"getLoadBalancersId">;
export type Credential = JsonResponse<"getCredentialsId">;
export type Domain = JsonResponse<"getDnsDomainsId">;
export type RecordSet = JsonResponse<"patchDnsRecordsId">;
export type Cluster = JsonResponse<"getClustersClusterID">;
export type Job = JsonResponse<"postAdminWorkerJobsIdCancel">;
export type JobStatus = Job["status"];
export type PageJob = JsonResponse<"getAdminWorkerJobs">;
export type QueueInfo = JsonResponse<"getAdminWorkerQueues">[number];
export type ClusterAction = JsonResponse<"getAdminActionsActionID">;
export type Run = JsonResponse<"getClustersClusterIDRunsRunID">;
export type RunStatus = Run["status"];
export type LogPage = JsonResponse<"getClustersClusterIDRunsRunIDLogs">;
