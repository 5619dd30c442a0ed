#!/bin/sh
# Writes the env files the kustomization's secretGenerator reads, with fresh random values
# (docs/operations/kubernetes.md); each file's keys are in the committed <file>.example beside it:
#   k8s/bus.env         NATS_USER, NATS_PASSWORD: every service's Secret, the NATS servers', the admin Job's
#   k8s/master-key.env  MASTER_KEY, MASTER_KEYS_PREVIOUS: the Secrets of auth, credentials, inventory,
#                       clusters and events only (the keyrings and auth's signing keys)
#   k8s/<service>.env   that service's own keys: MONGO_URL with its own MongoDB user (every service
#                       but api), REDIS_URL (api), the identity providers' secrets (auth)
#   k8s/stores.env      MongoDB's root user, Redis's password: the mongo, redis and mongo-users pods
# All are git-ignored (k8s/.gitignore) and kept out of the image (.dockerignore). Refuses to
# overwrite any of them. An existing k8s/stores.env is kept (MongoDB's root user is created on
# the volume's first start only), and an existing k8s/secrets.env (the single Secret of earlier
# versions) gives its master key, bus credentials and provider secrets to the new files, so an
# existing deployment keeps reading its data; delete it afterwards. Otherwise provider client
# secrets come from GOOGLE_CLIENT_SECRET / GITHUB_CLIENT_SECRET / OIDC_PROVIDERS in the
# environment, else stay empty (that provider off). Hex passwords need no escaping in URLs.
#   sh k8s/new-secrets.sh && kubectl apply -k k8s
set -eu
dir="$(cd "$(dirname "$0")" && pwd)"
services="api auth orgs inventory credentials dns clusters jobs events runner"
for f in bus master-key $services; do
  if [ -e "$dir/$f.env" ]; then
    echo "new-secrets: $dir/$f.env exists; remove it first to generate new values" >&2
    exit 1
  fi
done
command -v openssl >/dev/null || { echo "new-secrets: openssl is required" >&2; exit 1; }
hex() { openssl rand -hex 24; }
# the value of KEY in an env file (first KEY= line), empty when absent
value() { sed -n "s/^$1=//p" "$2" | head -n 1; }
umask 077

legacy="$dir/secrets.env"
if [ -e "$legacy" ]; then
  echo "new-secrets: taking the master key, bus credentials and provider secrets from $legacy" >&2
  master_key="$(value MASTER_KEY "$legacy")"
  master_previous="$(value MASTER_KEYS_PREVIOUS "$legacy")"
  nats_user="$(value NATS_USER "$legacy")"
  nats_password="$(value NATS_PASSWORD "$legacy")"
  google_secret="$(value GOOGLE_CLIENT_SECRET "$legacy")"
  github_secret="$(value GITHUB_CLIENT_SECRET "$legacy")"
  oidc_providers="$(value OIDC_PROVIDERS "$legacy")"
else
  master_key="$(openssl rand -base64 32)"
  master_previous=""
  nats_user="clusterapi"
  nats_password="$(hex)"
  google_secret="${GOOGLE_CLIENT_SECRET:-}"
  github_secret="${GITHUB_CLIENT_SECRET:-}"
  oidc_providers="${OIDC_PROVIDERS:-}"
fi

if [ -e "$dir/stores.env" ]; then
  echo "new-secrets: keeping $dir/stores.env (MongoDB's root user, Redis's password)" >&2
  redis_password="$(value REDIS_PASSWORD "$dir/stores.env")"
else
  redis_password="$(hex)"
  cat >"$dir/stores.env" <<ENV
MONGO_ROOT_USERNAME=root
MONGO_ROOT_PASSWORD=$(hex)
REDIS_PASSWORD=$redis_password
ENV
fi

# the databases' names: <DB_PREFIX>_<service>, DB_PREFIX as config.yaml sets it
prefix="$(sed -n 's/^  DB_PREFIX: *"\{0,1\}\([a-z0-9_]*\)"\{0,1\} *$/\1/p' "$dir/config.yaml")"
prefix="${prefix:-clusterapi}"

cat >"$dir/bus.env" <<ENV
NATS_USER=$nats_user
NATS_PASSWORD=$nats_password
ENV
cat >"$dir/master-key.env" <<ENV
MASTER_KEY=$master_key
MASTER_KEYS_PREVIOUS=$master_previous
ENV
for s in $services; do
  {
    # the gateway keeps no data; every other service has its own user on its own database
    if [ "$s" = api ]; then
      echo "REDIS_URL=redis://:$redis_password@redis:6379"
    else
      echo "MONGO_URL=mongodb://$s:$(hex)@mongo:27017/${prefix}_$s?authSource=${prefix}_$s"
    fi
    if [ "$s" = auth ]; then
      echo "GOOGLE_CLIENT_SECRET=$google_secret"
      echo "GITHUB_CLIENT_SECRET=$github_secret"
      echo "OIDC_PROVIDERS=$oidc_providers"
    fi
  } >"$dir/$s.env"
done
echo "new-secrets: wrote $dir/{bus,master-key,stores}.env and one <service>.env per service ($services)" >&2
[ ! -e "$legacy" ] || echo "new-secrets: the kustomization no longer reads $legacy; keep a copy where your secrets live, then delete it" >&2
