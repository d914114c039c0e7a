# Tessera: the compiled service on Node 24, run as the unprivileged `node` user.
# Build: docker build -t tessera .   Run: see compose.yaml and docs/operations.md.

FROM node:24-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund --ignore-scripts
# Everything `npm run build` reads: the server's sources (tsc) and the browser pages' (Vite).
# test/operations/image-build.test.ts builds from exactly these files.
COPY tsconfig.json tsconfig.build.json vite.config.ts ./
COPY src ./src
COPY console ./console
COPY hosted ./hosted
COPY account ./account
COPY web-shared ./web-shared
RUN npm run build

FROM node:24-bookworm-slim AS production-dependencies
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund --ignore-scripts

FROM node:24-bookworm-slim
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3001 \
    TESSERA_OPS_PORT=9000 \
    DATA_DIR=/data
WORKDIR /app
COPY --from=production-dependencies /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
COPY package.json ./
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME /data
EXPOSE 3001 9000
HEALTHCHECK --interval=10s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch(`http://127.0.0.1:${process.env.TESSERA_OPS_PORT}/health/ready`).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# node itself, not npm: signals reach the service, which shuts down cleanly on SIGTERM.
CMD ["node", "dist/cli.js", "start"]
