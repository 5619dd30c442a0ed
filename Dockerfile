# One image for every service; SERVICES selects what a container runs.

# Build: every dependency (the compilers are dev dependencies), from the package files alone, so
# this layer is cached until they change (`prepare` skips the console here: no sources yet); then
# the sources, built once: the server's JavaScript (dist/) and the console's files (console/dist/).
FROM node:22-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
COPY scripts/prepare.js scripts/
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

# The production dependencies alone, also cached until the package files change.
FROM node:22-bookworm-slim AS deps
WORKDIR /app
COPY package.json package-lock.json ./
COPY scripts/prepare.js scripts/
RUN npm ci --omit=dev --no-audit --no-fund

# Runtime: the production dependencies and the built files, nothing else.
FROM node:22-bookworm-slim
ENV NODE_ENV=production
WORKDIR /app
# What GET /api/v1/version reports (services/api/version.ts reads these variables; the image has
# no .git). Pass them at build time (docs/operations/distributed.md, "docker compose"; docker-compose.yml forwards them):
#   docker build --build-arg BUILD_VERSION=0.1.0 --build-arg BUILD_COMMIT=$(git rev-parse HEAD) \
#     --build-arg BUILD_COMMIT_TIME=$(git show -s --format=%cI HEAD) --build-arg BUILD_DATE=$(date -u +%FT%TZ) .
# Left empty: the version is package.json's, the commit `unknown`, the build date the start time.
ARG BUILD_VERSION= BUILD_COMMIT= BUILD_COMMIT_TIME= BUILD_DATE= BUILD_BY=docker
ENV BUILD_VERSION=${BUILD_VERSION} BUILD_COMMIT=${BUILD_COMMIT} BUILD_COMMIT_TIME=${BUILD_COMMIT_TIME} \
    BUILD_DATE=${BUILD_DATE} BUILD_BY=${BUILD_BY}
COPY --from=deps /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
COPY --from=build /app/console/dist ./console/dist
COPY package.json ./
# health, readiness and metrics of every process on 3001 (runtime/health.ts); the gateway on 8080
ENV HEALTH_PORT=3001
USER node
EXPOSE 8080 3001
HEALTHCHECK --interval=10s --timeout=3s --start-period=20s \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.HEALTH_PORT||3001)+'/readyz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# AsyncLocalStorage (request ids on log lines) without async_hooks' cost on every promise (the default from Node 24)
CMD ["node", "--experimental-async-context-frame", "dist/bin/server.js"]
