# The edge (iconlib serve) as a container image. docs/deploy.md, "The whole deployment", says how to build
# and run it; `go test ./test/deploy` lints this file and checks what it promises.
#
#   make image                                   # the edge alone: mount a built public/ at /srv/iconlib/public
#   make image IMAGE_TARGET=bundle BASE_URL=https://icons.example.com   # with a snapshot built in
#
# The build stage's Go is go.mod's; the binary is stamped with the version as `make binary` does (the
# VERSION build argument; make image passes the Makefile's). The image that runs has no shell and no
# package manager: distroless static (CA certificates for rediss://, tzdata, /etc/passwd), the binary,
# a numeric non-root user, and nothing the edge writes to, so it runs with a read-only root file system.

FROM golang:1.26.8 AS compile
WORKDIR /src
COPY go.mod go.sum ./
RUN --mount=type=cache,target=/root/go/pkg/mod go mod download
COPY . .
ARG VERSION=0.0.0-dev+unknown
# Static (no cgo), so it runs on distroless static; -trimpath keeps the build machine's paths out of it.
RUN --mount=type=cache,target=/root/go/pkg/mod --mount=type=cache,target=/root/.cache/go-build \
    CGO_ENABLED=0 go build -trimpath -ldflags "-X main.version=${VERSION}" -o /out/iconlib ./cmd/iconlib

# A snapshot of the library, for the bundle target only (BuildKit skips it otherwise): a full-library
# build, whose time, size and memory docs/benchmarks.md gives.
FROM compile AS snapshot
ARG BASE_URL=http://localhost:8080
RUN /out/iconlib build --content content --base-url "${BASE_URL}" --out /tmp/site/public \
    && mv "$(readlink -f /tmp/site/public)" /out/public

FROM gcr.io/distroless/static-debian13:nonroot AS runtime
COPY --from=compile /out/iconlib /usr/local/bin/iconlib
# distroless's nonroot user, by number, so a runtime can check it is not root without reading /etc/passwd.
USER 65532:65532
# Settings as iconlib serve reads them from the environment (ICONLIB_<FLAG>); override any with -e. The key
# file is mounted read-only, owned by 65532 with mode 0600; the edge never writes it (keys rotate does,
# outside the container). The snapshot is mounted read-only at ICONLIB_PUBLIC (or built in: bundle).
ENV ICONLIB_ADDR=:8080 \
    ICONLIB_PUBLIC=/srv/iconlib/public \
    ICONLIB_KEY_FILE=/etc/iconlib/signing-key.pem
EXPOSE 8080
# No HEALTHCHECK: there is no shell or client in the image to run one. A load balancer or orchestrator
# checks GET /healthz (liveness) and GET /readyz (readiness: 503 while draining) instead.
ENTRYPOINT ["/usr/local/bin/iconlib", "serve"]

# The edge with a snapshot built in, at the same path a mount would use.
FROM runtime AS bundle
COPY --from=snapshot /out/public /srv/iconlib/public

# The default target: the edge alone; mount the build at /srv/iconlib/public.
FROM runtime AS edge
