# Candy Jar in a container: build once, run as an unprivileged user with the data on a volume.
#   docker build -t candy-jar .
#   docker run -p 8080:8080 -v candy-data:/data candy-jar
# Several replicas on PostgreSQL: see compose.yaml.

# Node 24, the current LTS (Node 20 reached its end of life in April 2026; the project still runs on it).
FROM node:24-bookworm-slim AS build
WORKDIR /app
# Dependencies first, so a change of source code reuses this layer.
COPY package.json package-lock.json ./
COPY contract/package.json contract/
COPY server/package.json server/
COPY web/package.json web/
COPY e2e/package.json e2e/
RUN npm ci --no-audit --no-fund
COPY . .
RUN node scripts/build.mjs --force && npm prune --omit=dev --no-audit --no-fund

FROM node:24-bookworm-slim
# git: the offline snapshot and file repository; ffmpeg: video clips; pg_dump: PostgreSQL backups.
RUN apt-get update \
  && apt-get install -y --no-install-recommends git ffmpeg postgresql-client ca-certificates \
  && rm -rf /var/lib/apt/lists/*
WORKDIR /app
# glibc's heap as `npm start` sets it (package.json; README, "Memory"): two arenas, and blocks of
# 32 KB and more mapped on their own, so what start-up compiles goes back to the system.
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=8080 \
    DATA_DIR=/data \
    MALLOC_ARENA_MAX=2 \
    MALLOC_MMAP_THRESHOLD_=32768 \
    MALLOC_TRIM_THRESHOLD_=32768
COPY --from=build --chown=node:node /app /app
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME ["/data"]
EXPOSE 8080
HEALTHCHECK --interval=30s --timeout=5s --start-period=20s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:8080/api/health/ready').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"
# The server itself is PID 1's only child: SIGTERM from `docker stop` shuts it down cleanly.
CMD ["node", "--max-semi-space-size=1", "--optimize-for-size", "server/dist/main.js"]
