package deploy_test

import (
	"bytes"
	"fmt"
	"net"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/distribution/reference"
	"github.com/moby/buildkit/frontend/dockerfile/instructions"
	"github.com/moby/buildkit/frontend/dockerfile/linter"
	"github.com/moby/buildkit/frontend/dockerfile/parser"
	"golang.org/x/mod/modfile"
)

// dockerfile is the repository's Dockerfile as BuildKit reads it.
type dockerfile struct {
	stages []instructions.Stage
}

// parseDockerfile parses the Dockerfile with BuildKit's parser and its linter's rules, failing the test on
// any error or warning either gives.
func parseDockerfile(t *testing.T) dockerfile {
	t.Helper()
	res, err := parser.Parse(bytes.NewReader(repoFile(t, "Dockerfile")))
	if err != nil {
		t.Fatal(err)
	}
	for _, w := range res.Warnings {
		t.Errorf("Dockerfile: %s %s", w.Short, bytes.Join(w.Detail, []byte(" ")))
	}
	lint := linter.New(&linter.Config{Warn: func(rule, _, url, msg string, loc []parser.Range) {
		t.Errorf("Dockerfile:%d: %s: %s (%s)", line(loc), rule, msg, url)
	}})
	stages, metaArgs, err := instructions.Parse(res.AST, lint)
	if err != nil {
		t.Fatal(err)
	}
	if len(metaArgs) > 0 {
		t.Errorf("Dockerfile: ARG before the first FROM (%s): base images are named in full, so their pins are in plain sight", metaArgs[0].String())
	}
	return dockerfile{stages: stages}
}

func line(loc []parser.Range) int {
	if len(loc) == 0 {
		return 0
	}
	return loc[0].Start.Line
}

// stage is the stage named name; the default target when name is "".
func (d dockerfile) stage(t *testing.T, name string) instructions.Stage {
	t.Helper()
	if name == "" {
		return d.stages[len(d.stages)-1]
	}
	i := slices.IndexFunc(d.stages, func(s instructions.Stage) bool { return s.Name == name })
	if i < 0 {
		t.Fatalf("Dockerfile: no stage %s", name)
	}
	return d.stages[i]
}

// chain is the stage and the stages it is built on, ending with the one built FROM an image.
func (d dockerfile) chain(t *testing.T, name string) []instructions.Stage {
	t.Helper()
	s := d.stage(t, name)
	chain := []instructions.Stage{s}
	for slices.ContainsFunc(d.stages, func(o instructions.Stage) bool { return o.Name == s.BaseName }) {
		s = d.stage(t, s.BaseName)
		chain = append(chain, s)
	}
	return chain
}

// commands are the commands of the chain's stages of type C, in the order they run.
func commands[C instructions.Command](chain []instructions.Stage) []C {
	var found []C
	for _, s := range slices.Backward(chain) {
		for _, c := range s.Commands {
			if c, ok := c.(C); ok {
				found = append(found, c)
			}
		}
	}
	return found
}

// TestDockerfilePassesBuildKitsChecks: the Dockerfile parses with BuildKit's parser, and its linter's rules
// that run while parsing (stage name and FROM … AS casing, deprecated MAINTAINER, stage descriptions) find
// nothing.
func TestDockerfilePassesBuildKitsChecks(t *testing.T) {
	d := parseDockerfile(t)
	if len(d.stages) < 2 {
		t.Errorf("Dockerfile: %d stage, want a build stage and a runtime stage", len(d.stages))
	}
}

// TestImagesArePinned: every base image names a version (a tag other than latest, or a digest), and the
// Go toolchain's is go.mod's, so the image builds with the Go the module is tested with.
func TestImagesArePinned(t *testing.T) {
	d := parseDockerfile(t)
	mod, err := modfile.ParseLax("go.mod", repoFile(t, "go.mod"), nil)
	if err != nil {
		t.Fatal(err)
	}
	goImage := false
	for _, s := range d.stages {
		if slices.ContainsFunc(d.stages, func(o instructions.Stage) bool { return o.Name == s.BaseName }) {
			continue // built on an earlier stage
		}
		ref, err := reference.ParseNormalizedNamed(s.BaseName)
		if err != nil {
			t.Errorf("FROM %s: %v", s.BaseName, err)
			continue
		}
		tagged, hasTag := ref.(reference.Tagged)
		_, hasDigest := ref.(reference.Digested)
		if !hasDigest && (!hasTag || tagged.Tag() == "latest") {
			t.Errorf("FROM %s: no version; name a tag other than latest, or a digest", s.BaseName)
		}
		if reference.FamiliarName(ref) == "golang" {
			goImage = true
			if !hasTag || !strings.HasPrefix(tagged.Tag()+"-", mod.Go.Version+"-") {
				t.Errorf("FROM %s: want Go %s, go.mod's", s.BaseName, mod.Go.Version)
			}
		}
	}
	if !goImage {
		t.Error("no stage is built FROM golang: the binary must be compiled with go.mod's Go")
	}
}

// TestImagesRunTheEdgeAsPromised: both targets that run the edge (edge, the default, and bundle) are built
// on distroless static, not on the build stage; they run as a numeric user other than root, the binary
// in exec form (there is no shell), listening on the port they expose; the binary is stamped with the
// VERSION build argument as make binary stamps it; and nothing is ADDed from a URL or a git repository.
func TestImagesRunTheEdgeAsPromised(t *testing.T) {
	d := parseDockerfile(t)
	if last := d.stage(t, ""); last.Name != "edge" {
		t.Errorf("the default target is %q, want edge", last.Name)
	}
	for _, target := range []string{"edge", "bundle"} {
		chain := d.chain(t, target)
		if base := chain[len(chain)-1].BaseName; !strings.HasPrefix(base, "gcr.io/distroless/static") && base != "scratch" {
			t.Errorf("%s is built on %s, want distroless static (or scratch): no shell, no toolchain", target, base)
		}
		users := commands[*instructions.UserCommand](chain)
		if len(users) == 0 || !nonRootNumeric(users[len(users)-1].User) {
			t.Errorf("%s runs as %v, want a numeric user and group other than 0", target, users)
		}
		entry := commands[*instructions.EntrypointCommand](chain)
		if len(entry) != 1 || entry[0].PrependShell || !slices.Equal(entry[0].CmdLine, []string{"/usr/local/bin/iconlib", "serve"}) {
			t.Errorf("%s: ENTRYPOINT %v, want one, in exec form: [/usr/local/bin/iconlib serve]", target, entry)
		}
		checkPort(t, target, chain)
	}
	stamped := false
	for _, r := range commands[*instructions.RunCommand](d.chain(t, "compile")) {
		stamped = stamped || strings.Contains(strings.Join(r.CmdLine, " "), `-ldflags "-X main.version=${VERSION}"`)
	}
	args := commands[*instructions.ArgCommand](d.chain(t, "compile"))
	if !stamped || !slices.ContainsFunc(args, func(a *instructions.ArgCommand) bool { return a.Args[0].Key == "VERSION" }) {
		t.Error("the compile stage does not stamp the binary with ARG VERSION (-ldflags \"-X main.version=${VERSION}\")")
	}
	for _, s := range d.stages {
		for _, add := range commands[*instructions.AddCommand]([]instructions.Stage{s}) {
			for _, src := range add.SourcePaths {
				if strings.Contains(src, "://") || strings.HasPrefix(src, "git@") {
					t.Errorf("stage %s: ADD %s: fetch nothing at build time that is not pinned by the repository", s.Name, src)
				}
			}
		}
	}
}

// nonRootNumeric reports whether USER's value is uid or uid:gid, numbers, neither 0.
func nonRootNumeric(user string) bool {
	for id := range strings.SplitSeq(user, ":") {
		if n, err := strconv.Atoi(id); err != nil || n == 0 {
			return false
		}
	}
	return user != ""
}

// checkPort: the image exposes the one port ICONLIB_ADDR listens on, on every interface.
func checkPort(t *testing.T, target string, chain []instructions.Stage) {
	t.Helper()
	addr := ""
	for _, env := range commands[*instructions.EnvCommand](chain) {
		for _, kv := range env.Env {
			if kv.Key == "ICONLIB_ADDR" {
				addr = kv.Value
			}
		}
	}
	host, port, err := net.SplitHostPort(addr)
	if err != nil || host != "" {
		t.Errorf("%s: ICONLIB_ADDR=%q, want :<port> (every interface of the container)", target, addr)
	}
	var exposed []string
	for _, e := range commands[*instructions.ExposeCommand](chain) {
		exposed = append(exposed, e.Ports...)
	}
	if !slices.Equal(exposed, []string{port}) && !slices.Equal(exposed, []string{port + "/tcp"}) {
		t.Errorf("%s: EXPOSE %v, want the edge's port %s", target, exposed, fmt.Sprint(port))
	}
}
