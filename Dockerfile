# syntax=docker/dockerfile:1
# The bff and the built front end in one image (issue 15). Not built on the development machine
# (no container engine there): see docs/delivery-and-operations.md, "Running as a service".
#   docker build -t sukoyaka .
#   docker run -d --name sukoyaka -p 8080:8080 --env-file sukoyaka.env -v sukoyaka-data:/data sukoyaka
# sukoyaka.env holds the production variables (docs/configuration.md): DATABASE_URL, PUBLIC_URL,
# SMTP_URL, SMS_API_URL and SMS_API_KEY, GOOGLE_CLIENT_ID/SECRET, MYNA_PORTAL_URL, MYNA_CLIENT_ID/SECRET,
# DEPLOY_TOKEN. Or compose.yaml, with PostgreSQL and Redis: `docker compose up --build -d`.

# ---- build: every package with its development dependencies ------------------------------------
FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY . .
RUN npm ci --no-audit --no-fund && npm run build
# What the runtime needs, laid out as the workspace: each package's manifest, the front-end builds
# (a package with a webpack config is deployable: platform/delivery/packages.ts looks for it), the
# bff's bundle and its migrations. The packages come from the workspace, not a list kept here. An
# area's server render (dist-server/) goes with its build, and mf-shared's dist-server/ with it: the
# modules the renders share (docs/decisions/0040).
RUN set -eu; mkdir -p /out; cp package.json package-lock.json /out/; \
    for ws in $(node -p "require('./package.json').workspaces.join(' ')"); do \
      mkdir -p "/out/$ws"; cp "$ws/package.json" "/out/$ws/"; \
      if [ -f "$ws/webpack.config.cjs" ]; then cp "$ws/webpack.config.cjs" "/out/$ws/"; cp -r "$ws/dist" "/out/$ws/dist"; fi; \
      if [ -d "$ws/dist-server" ]; then cp -r "$ws/dist-server" "/out/$ws/dist-server"; fi; \
    done; \
    cp -r bff/dist bff/drizzle /out/bff/

# ---- runtime: production dependencies of the bff only, as a non-root user ------------------------
# The local fakes and the benchmarks (workspaces fakes/ and bench/) are development packages: neither
# they nor their dependencies (smtp-server, mailparser, Lighthouse, …) are installed here.
FROM node:20-bookworm-slim AS runtime
# A larger young generation: a call's short-lived objects die there with fewer scavenges (issue 9:
# 15-20 % less CPU per list call; README "The API under load"). Two malloc arenas: what native code
# frees (argon2, sharp) is not held per thread; a fixed mmap threshold: large blocks go back to the
# system when freed (docs/decisions/0035-malloc-arenas.md).
ENV NODE_ENV=production \
    NODE_OPTIONS=--max-semi-space-size=32 \
    MALLOC_ARENA_MAX=2 \
    MALLOC_MMAP_THRESHOLD_=131072 \
    HOST=0.0.0.0 \
    PORT=8080 \
    ARTEFACT_DIR=/data/artefacts
WORKDIR /app
COPY --from=build /out /app
RUN npm ci --omit=dev --workspace=bff --no-audit --no-fund && npm cache clean --force \
    && mkdir -p /data/artefacts && chown -R node:node /data
USER node
EXPOSE 8080
VOLUME ["/data"]
# Ready: the database answers and the migrations ran (/readyz).
HEALTHCHECK --interval=15s --timeout=3s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||8080)+'/readyz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# SIGTERM reaches node directly (exec form): it finishes requests in flight and the running jobs.
STOPSIGNAL SIGTERM
CMD ["node", "bff/dist/server.js"]
