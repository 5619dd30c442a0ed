#!/bin/sh
# Writes .env beside docker-compose.yml (git-ignored, kept out of the image by .dockerignore)
# with fresh random values for every secret the compose file requires (docs/operations/distributed.md, "docker compose"):
# the master key, the bus password, MongoDB's root password and one password per service's own
# MongoDB user (MONGO_<SERVICE>_PASSWORD, set by the one-shot service mongo-init), Redis's
# password. Refuses to overwrite an existing .env (MongoDB's root user is created on the
# volume's first start only; a new MASTER_KEY cannot read the data sealed under the old one).
# Hex passwords need no escaping in URLs.
#   sh scripts/compose-secrets.sh && docker compose up --build
set -eu
root="$(cd "$(dirname "$0")/.." && pwd)"
file="$root/.env"
if [ -e "$file" ]; then
  echo "compose-secrets: $file exists; add the variables docker-compose.yml requires to it, or remove it first" >&2
  exit 1
fi
command -v openssl >/dev/null || { echo "compose-secrets: openssl is required" >&2; exit 1; }
umask 077
{
  echo "MASTER_KEY=$(openssl rand -base64 32)"
  echo "NATS_PASSWORD=$(openssl rand -hex 24)"
  echo "MONGO_PASSWORD=$(openssl rand -hex 24)"
  echo "REDIS_PASSWORD=$(openssl rand -hex 24)"
  for s in AUTH ORGS INVENTORY CREDENTIALS DNS CLUSTERS JOBS EVENTS RUNNER; do
    echo "MONGO_${s}_PASSWORD=$(openssl rand -hex 24)"
  done
} >"$file"
echo "compose-secrets: wrote $file" >&2
