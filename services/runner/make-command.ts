/** Where `make` runs for a step of a cluster run, and the exact command line sent over SSH. */
export interface MakeStep {
  /** The run directory on the bastion (the uploaded files). */
  runDir: string;
  /** The make target (already validated against MAKE_TARGET). */
  target: string;
  /** The cluster's image and tag: when both are set, make runs inside that image. */
  dockerImage: string;
  dockerTag: string;
  /** RUNNER_TOOLKIT_DIR: where the bastion's own Makefile is, when no image is named. */
  toolkitDir: string;
}

/** The run directory's path inside the container. */
export const CONTAINER_RUN_DIR = "/run";

/** One POSIX shell word: single-quoted, an embedded quote closed, escaped and reopened. */
export function shellQuote(word: string): string {
  return `'${word.replaceAll("'", `'\\''`)}'`;
}

/**
 * The command line of one make step. With docker_image and docker_tag on the cluster, make runs
 * inside that image with the run directory mounted at /run (`RUN_DIR=/run`); otherwise on the
 * bastion in the toolkit directory, with the run directory's path in `RUN_DIR`.
 */
export function makeCommand(step: MakeStep): string {
  if (step.dockerImage !== "" && step.dockerTag !== "") {
    return [
      "docker run --rm",
      "-v",
      shellQuote(`${step.runDir}:${CONTAINER_RUN_DIR}`),
      "-e",
      shellQuote(`RUN_DIR=${CONTAINER_RUN_DIR}`),
      shellQuote(`${step.dockerImage}:${step.dockerTag}`),
      "make",
      shellQuote(step.target),
    ].join(" ");
  }
  return `cd ${shellQuote(step.toolkitDir)} && RUN_DIR=${shellQuote(step.runDir)} make ${shellQuote(step.target)}`;
}
