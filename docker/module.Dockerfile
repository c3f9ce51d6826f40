# One image per module's service, and one for the gateway, from the build context
# `npm run image-context -- <svc-folder|gateway> <dir>` prepares (scripts/image-context.ts): the target's
# folder and the shared packages it depends on, nothing of another module but its published contract.
#   docker build <dir> --build-arg TARGET=svc-hire -t afyahr/svc-hire:<version>
ARG TARGET

# Installs the production dependencies of the context's workspaces (and tsx, which runs the TypeScript).
FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
COPY . .
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force

# Distroless: no shell, no package manager; runs as the non-root user `nonroot` (65532). Deployments mount
# the root file system read-only and an emptyDir at /tmp, the one place written (tsx's compile cache).
FROM gcr.io/distroless/nodejs20-debian12:nonroot
ARG TARGET
ENV NODE_ENV=production HOST=0.0.0.0
COPY --from=build --chown=0:0 /app /app
WORKDIR /app/${TARGET}
USER nonroot
# The entrypoint is node; SIGTERM reaches it directly (no shell between), so the service closes gracefully.
CMD ["--import", "tsx", "src/server.ts"]
