# syntax=docker/dockerfile:1
# Two stages: `build` has every dev dependency and compiles the web app (Vite) and the server (esbuild);
# `runtime` holds only production dependencies, the compiled server, storyline content and the built web app.

FROM node:20-bookworm-slim AS build
WORKDIR /src
RUN npm i -g pnpm@10.34.9
# Manifests first, so the dependency layer is rebuilt only when they change.
COPY package.json pnpm-lock.yaml pnpm-workspace.yaml ./
COPY packages/protocol/package.json packages/protocol/
COPY apps/realtime/package.json apps/realtime/
COPY apps/web/package.json apps/web/
RUN pnpm install --frozen-lockfile
COPY . .
RUN pnpm --filter @ss/web build \
 && pnpm --filter @ss/realtime build \
 && pnpm --filter @ss/realtime deploy --prod --legacy /out/apps/realtime \
 && cp -r apps/web/dist /out/apps/web-dist

FROM node:20-bookworm-slim AS runtime
ENV NODE_ENV=production PORT=3000 DATA_DIR=/app/.data
WORKDIR /app
# The server resolves the web app at ../web/dist from its own folder, as in the repository.
COPY --from=build --chown=node:node /out/apps/realtime apps/realtime
COPY --from=build --chown=node:node /out/apps/web-dist apps/web/dist
RUN mkdir -p /app/.data && chown node:node /app/.data
USER node
EXPOSE 3000
# Readiness, not liveness: the instance is healthy when Postgres and the live store answer.
HEALTHCHECK --interval=10s --timeout=3s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+process.env.PORT+'/api/health/ready').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# node itself is PID 1 (exec form, no shell or package manager in between), so SIGTERM from `docker stop` reaches
# the server's handler, which closes sockets and the database and exits within 10 s. A 64 MB young generation
# (V8's default is 16) cuts the scavenges of a vote burst, where each ballot allocates views and frames.
CMD ["node", "--max-semi-space-size=64", "apps/realtime/dist/server.js"]
