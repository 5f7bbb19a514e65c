package deploy_test

import (
	"bufio"
	"bytes"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/coreos/go-systemd/v22/unit"

	"github.com/iconlib/iconlib/internal/testtool"
)

const (
	unitFile = "deploy/systemd/iconlib-edge.service"
	envFile  = "deploy/systemd/iconlib-edge.env" // the example of /etc/iconlib/edge.env
	// installedBinary is where the unit runs iconlib from.
	installedBinary = "/usr/local/bin/iconlib"
)

var systemdAnalyze = testtool.Tool{Name: "systemd-analyze", PathEnv: "ICONLIB_SYSTEMD_ANALYZE",
	Install: "install Debian's systemd (make test-deps)", Require: "ICONLIB_REQUIRE_SYSTEMD"}

// installedUnit is the unit as installed on this machine: a copy whose ExecStart runs the iconlib binary
// the test built, since systemd-analyze verify checks that the program exists.
func installedUnit(t *testing.T) string {
	t.Helper()
	text := strings.ReplaceAll(string(repoFile(t, unitFile)), installedBinary, iconlib(t))
	path := filepath.Join(t.TempDir(), filepath.Base(unitFile))
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// TestServiceUnitVerifies: systemd-analyze verify finds nothing to say about the unit: every key is
// known to systemd, every value parses, every program it runs exists. (It exits 0 on unknown keys and
// bad values, only printing them, so any output fails the test.)
func TestServiceUnitVerifies(t *testing.T) {
	analyze := systemdAnalyze.Find(t)
	out, err := exec.Command(analyze, "verify", "--man=no", installedUnit(t)).CombinedOutput()
	if err != nil || len(bytes.TrimSpace(out)) > 0 {
		t.Errorf("systemd-analyze verify %s: %v\n%s", unitFile, err, out)
	}
}

// acceptedExposures are the checks of systemd-analyze security the unit fails on purpose, each with the
// reason; every other check must pass.
var acceptedExposures = map[string]string{
	"PrivateNetwork=": "the edge serves the network",
	"IPAddressDeny=":  "clients come from any address",
	"RestrictAddressFamilies=~AF_(INET|INET6)": "the edge listens on TCP and reaches Redis over it",
	"RestrictAddressFamilies=~AF_UNIX":         "Redis may be a Unix socket (unix:// in --limits-store)",
	"RootDirectory=/RootImage=":                "the binary and public/ are the host's files",
	"DeviceAllow=":                             "PrivateDevices= leaves the usual /dev/null, /dev/urandom",
	// Go raises its open-file limit at start (setrlimit); refused, an edge serving many connections would
	// stop at 1,024.
	"SystemCallFilter=~@resources": "the Go runtime raises RLIMIT_NOFILE",
	"ProcSubset=":                  "the metric process_start_time_seconds reads the boot time from /proc/stat",
}

// securityCheck is one line of systemd-analyze security: the setting and whether the unit has it.
type securityCheck struct {
	Name string `json:"name"`
	Set  bool   `json:"set"`
}

// TestServiceUnitIsHardened: systemd's own assessment (systemd-analyze security --offline) passes every
// check but the few the edge needs, among them ProtectSystem=strict, ProtectHome, PrivateTmp,
// NoNewPrivileges, an empty CapabilityBoundingSet, RestrictAddressFamilies, the @system-service system
// call filter, MemoryDenyWriteExecute and LockPersonality.
func TestServiceUnitIsHardened(t *testing.T) {
	analyze := systemdAnalyze.Find(t)
	out, err := exec.Command(analyze, "security", "--offline=true", "--json=short", installedUnit(t)).Output()
	if err != nil {
		t.Fatalf("systemd-analyze security: %v", err)
	}
	var checks []securityCheck
	if err := json.Unmarshal(out, &checks); err != nil || len(checks) < 50 {
		t.Fatalf("systemd-analyze security: %d checks, %v", len(checks), err)
	}
	for _, c := range checks {
		_, accepted := acceptedExposures[c.Name]
		switch {
		case !c.Set && !accepted:
			t.Errorf("%s: systemd-analyze security finds %s not set", unitFile, c.Name)
		case c.Set && accepted:
			t.Errorf("%s: %s is set now; remove it from acceptedExposures", unitFile, c.Name)
		}
	}
	for _, want := range []string{"ProtectSystem=", "ProtectHome=", "PrivateTmp=", "NoNewPrivileges=",
		"CapabilityBoundingSet=~CAP_SYS_ADMIN", "RestrictAddressFamilies=~AF_PACKET", "SystemCallFilter=~@privileged",
		"MemoryDenyWriteExecute=", "LockPersonality=", "User=/DynamicUser="} {
		if !slices.ContainsFunc(checks, func(c securityCheck) bool { return c.Name == want }) {
			t.Errorf("systemd-analyze security no longer assesses %s", want)
		}
	}
}

// serviceOptions are the unit's [Service] settings as go-systemd parses them, by name (a name given
// twice keeps both values, in order).
func serviceOptions(t *testing.T) map[string][]string {
	t.Helper()
	opts, err := unit.DeserializeOptions(bytes.NewReader(repoFile(t, unitFile)))
	if err != nil {
		t.Fatal(err)
	}
	service := map[string][]string{}
	for _, o := range opts {
		if o.Section == "Service" {
			service[o.Name] = append(service[o.Name], o.Value)
		}
	}
	return service
}

// exampleEnv is the example environment file's settings.
func exampleEnv(t *testing.T) map[string]string {
	t.Helper()
	env := map[string]string{}
	sc := bufio.NewScanner(bytes.NewReader(repoFile(t, envFile)))
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		k, v, ok := strings.Cut(line, "=")
		if !ok {
			t.Fatalf("%s: %q is no KEY=value", envFile, line)
		}
		env[k] = v
	}
	return env
}

// TestServiceUnitRunsTheEdgeAsPromised: the unit runs iconlib serve as a user of its own, over a public/
// it may only read, with the settings of an environment file; reloads by SIGHUP (which the edge answers by
// loading the snapshot public/ points to); restarts on failure; and waits long enough on stop for the
// drain and the shutdown. Every setting of the example environment file is a flag of iconlib serve.
func TestServiceUnitRunsTheEdgeAsPromised(t *testing.T) {
	s := serviceOptions(t)
	one := func(name string) string {
		if len(s[name]) != 1 {
			t.Errorf("%s: %s=%v, want one value", unitFile, name, s[name])
			return ""
		}
		return s[name][0]
	}
	if u := one("User"); u == "" || u == "root" || u == "0" {
		t.Errorf("%s: User=%s, want a user of its own", unitFile, u)
	}
	cmdline := strings.Fields(one("ExecStart"))
	if len(cmdline) < 2 || cmdline[0] != installedBinary || cmdline[1] != "serve" {
		t.Fatalf("%s: ExecStart=%v, want %s serve …", unitFile, cmdline, installedBinary)
	}
	public := flagValue(cmdline, "--public")
	if public == "" || !slices.ContainsFunc(strings.Fields(one("ReadOnlyPaths")), func(p string) bool {
		return public == p || strings.HasPrefix(public, strings.TrimSuffix(p, "/")+"/")
	}) {
		t.Errorf("%s: --public %q is not below ReadOnlyPaths=%s", unitFile, public, one("ReadOnlyPaths"))
	}
	if flagValue(cmdline, "--key-file") == "" {
		t.Errorf("%s: ExecStart names no --key-file", unitFile)
	}
	for name, want := range map[string]string{"ExecReload": "/bin/kill -HUP $MAINPID", "Restart": "on-failure",
		"EnvironmentFile": "/etc/iconlib/edge.env", "ProtectSystem": "strict", "CapabilityBoundingSet": "",
		"SystemCallFilter": "@system-service"} {
		if !slices.Contains(s[name], want) {
			t.Errorf("%s: %s=%v, want %q among them", unitFile, name, s[name], want)
		}
	}

	env := exampleEnv(t)
	help, err := exec.Command(iconlib(t), "serve", "--help").Output()
	if err != nil {
		t.Fatal(err)
	}
	for k := range env {
		flag := "--" + strings.ReplaceAll(strings.ToLower(strings.TrimPrefix(k, "ICONLIB_")), "_", "-")
		if !strings.HasPrefix(k, "ICONLIB_") || !bytes.Contains(help, []byte(flag+" ")) {
			t.Errorf("%s: %s is no setting of iconlib serve (%s)", envFile, k, flag)
		}
		if flag == "--public" || flag == "--key-file" {
			t.Errorf("%s: %s is set in the unit, beside its ReadOnlyPaths", envFile, k)
		}
	}
	stop, err := time.ParseDuration(one("TimeoutStopSec"))
	if err != nil {
		t.Fatalf("%s: TimeoutStopSec: %v", unitFile, err)
	}
	drain, err := time.ParseDuration(env["ICONLIB_DRAIN_DELAY"])
	if err != nil || drain <= 0 {
		t.Errorf("%s: ICONLIB_DRAIN_DELAY=%q, want the drain a balancer needs: %v", envFile, env["ICONLIB_DRAIN_DELAY"], err)
	}
	const shutdownTimeout = 10 * time.Second // iconlib serve's default
	if stop < drain+shutdownTimeout {
		t.Errorf("%s: TimeoutStopSec=%s, want at least the drain (%s) and the shutdown (%s)", unitFile, stop, drain, shutdownTimeout)
	}
}

// flagValue is the value of --name in args (as --name value or --name=value), or "".
func flagValue(args []string, name string) string {
	for i, a := range args {
		if v, ok := strings.CutPrefix(a, name+"="); ok {
			return v
		}
		if a == name && i+1 < len(args) {
			return args[i+1]
		}
	}
	return ""
}
