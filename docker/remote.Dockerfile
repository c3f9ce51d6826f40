# One image per module's remote (its pages), from the build context `npm run image-context -- mf-<name> <dir>`
# prepares (scripts/image-context.ts): the remote's sources, the shared packages it imports and the published
# contracts of the services it calls, nothing of another module's pages.
#   docker build <dir> --build-arg TARGET=mf-hire -t afyahr/mf-hire:<version>
# The gateway proxies /mf/mf-hire/ to it (MF_HIRE_URL): browsers see the same address as ever.
ARG TARGET

# Builds the remote: its dependencies and build tools, then webpack (dist/ with .br and .gz beside each file).
FROM node:20-bookworm-slim AS build
ARG TARGET
WORKDIR /app
COPY . .
RUN npm ci --no-audit --no-fund && npm run build -w ${TARGET} && test -f ${TARGET}/dist/remoteEntry.js

# nginx as a non-root user (101), listening on 8080. The root file system is mounted read-only: nginx
# writes its pid and temporary files under /tmp alone (an emptyDir in Kubernetes). nginx.conf is written by
# scripts/remote-nginx.ts: the caching of every file, the precompressed files, /health/live and /health/ready.
FROM nginxinc/nginx-unprivileged:1.27-alpine
ARG TARGET
COPY --chown=0:0 nginx.conf /etc/nginx/conf.d/default.conf
COPY --from=build --chown=0:0 /app/${TARGET}/dist /usr/share/nginx/html
USER 101
EXPOSE 8080
