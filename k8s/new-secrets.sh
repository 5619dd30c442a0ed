#!/bin/sh
# Writes the two env files the kustomization's secretGenerator reads, with fresh random values:
#   k8s/secrets.env  -> Secret cluster-api-secrets (every process of ours; NATS its two bus keys)
#   k8s/stores.env   -> Secret cluster-api-stores  (MongoDB's root user, Redis's password)
# Both are git-ignored; the keys are listed in secrets.env.example and stores.env.example.
# Refuses to overwrite an existing file (the MongoDB root user is created on the volume's first
# start only). Provider client secrets come from GOOGLE_CLIENT_SECRET / GITHUB_CLIENT_SECRET in
# the environment, else stay empty (that provider off). Hex passwords need no escaping in URLs.
#   sh k8s/new-secrets.sh && kubectl apply -k k8s
set -eu
dir="$(cd "$(dirname "$0")" && pwd)"
for f in secrets.env stores.env; do
  if [ -e "$dir/$f" ]; then
    echo "new-secrets: $dir/$f exists; remove it first to generate new values" >&2
    exit 1
  fi
done
command -v openssl >/dev/null || { echo "new-secrets: openssl is required" >&2; exit 1; }
nats_password="$(openssl rand -hex 24)"
mongo_password="$(openssl rand -hex 24)"
redis_password="$(openssl rand -hex 24)"
umask 077
cat >"$dir/secrets.env" <<ENV
MASTER_KEY=$(openssl rand -base64 32)
MASTER_KEYS_PREVIOUS=
NATS_USER=clusterapi
NATS_PASSWORD=$nats_password
MONGO_URL=mongodb://clusterapi:$mongo_password@mongo:27017/?authSource=admin
REDIS_URL=redis://:$redis_password@redis:6379
GOOGLE_CLIENT_SECRET=${GOOGLE_CLIENT_SECRET:-}
GITHUB_CLIENT_SECRET=${GITHUB_CLIENT_SECRET:-}
ENV
cat >"$dir/stores.env" <<ENV
MONGO_ROOT_USERNAME=clusterapi
MONGO_ROOT_PASSWORD=$mongo_password
REDIS_PASSWORD=$redis_password
ENV
echo "new-secrets: wrote $dir/secrets.env and $dir/stores.env" >&2
