package a2a_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"slices"
	"strings"
	"testing"

	legacy "github.com/a2aproject/a2a-go/a2a"
	"github.com/a2aproject/a2a-go/a2asrv"
	"github.com/a2aproject/a2a-go/v2/a2a"
	"github.com/a2aproject/a2a-go/v2/a2aclient/agentcard"
	"github.com/a2aproject/a2a-go/v2/a2acompat/a2av0"
	a2apb "github.com/a2aproject/a2a-go/v2/a2apb/v1"
	"google.golang.org/protobuf/encoding/protojson"

	iconagent "github.com/iconlib/iconlib/edge/a2a"
	"github.com/iconlib/iconlib/edge/library"
	"github.com/iconlib/iconlib/internal/contract"
)

// getCard fetches the card with optional request headers.
func getCard(t *testing.T, s *agentServer, method string, header map[string]string) (*http.Response, []byte) {
	t.Helper()
	req, err := http.NewRequest(method, s.URL+contract.AgentCardPath, nil)
	if err != nil {
		t.Fatal(err)
	}
	for k, v := range header {
		req.Header.Set(k, v)
	}
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	body, err := io.ReadAll(res.Body)
	if err != nil {
		t.Fatal(err)
	}
	return res, body
}

func TestCardCaching(t *testing.T) {
	s := newAgent(t)
	res, body := getCard(t, s, http.MethodGet, nil)
	etag := res.Header.Get("ETag")
	if res.StatusCode != http.StatusOK || res.Header.Get("Content-Type") != "application/json" ||
		res.Header.Get("Cache-Control") != "public, max-age=300" || !strings.HasPrefix(etag, `"`) || len(body) == 0 {
		t.Fatalf("GET: %d, Content-Type %q, Cache-Control %q, ETag %q, %d bytes", res.StatusCode,
			res.Header.Get("Content-Type"), res.Header.Get("Cache-Control"), etag, len(body))
	}
	if res, body := getCard(t, s, http.MethodGet, map[string]string{"If-None-Match": etag}); res.StatusCode != http.StatusNotModified || len(body) != 0 || res.Header.Get("ETag") != etag {
		t.Errorf("If-None-Match: %d with %d bytes, ETag %q; want 304, empty, the same ETag", res.StatusCode, len(body), res.Header.Get("ETag"))
	}
	if res, _ := getCard(t, s, http.MethodGet, map[string]string{"If-None-Match": `"stale"`}); res.StatusCode != http.StatusOK {
		t.Errorf("stale If-None-Match: %d; want 200", res.StatusCode)
	}
	if res, body := getCard(t, s, http.MethodHead, nil); res.StatusCode != http.StatusOK || len(body) != 0 || res.Header.Get("ETag") != etag {
		t.Errorf("HEAD: %d with %d bytes", res.StatusCode, len(body))
	}
	if res, _ := getCard(t, s, http.MethodPost, nil); res.StatusCode != http.StatusMethodNotAllowed || res.Header.Get("Allow") != "GET, HEAD" {
		t.Errorf("POST: %d, Allow %q; want 405, GET, HEAD", res.StatusCode, res.Header.Get("Allow"))
	}
}

func TestCardForA2A1(t *testing.T) {
	s := newAgent(t)
	_, body := getCard(t, s, http.MethodGet, nil)
	card, err := agentcard.DefaultCardParser(body)
	if err != nil {
		t.Fatal(err)
	}
	if card.Name != "iconlib" || card.Version != "1.2.3" || card.Description == "" || card.DocumentationURL != s.URL+"/docs/a2a/" {
		t.Errorf("name %q, version %q, documentation %q", card.Name, card.Version, card.DocumentationURL)
	}
	var ifaces []string
	for _, i := range card.SupportedInterfaces {
		ifaces = append(ifaces, i.URL+" "+string(i.ProtocolBinding)+" "+string(i.ProtocolVersion))
	}
	if want := []string{s.URL + "/a2a JSONRPC 1.0", s.URL + "/a2a JSONRPC 0.3"}; !slices.Equal(ifaces, want) {
		t.Errorf("interfaces %q, want %q", ifaces, want)
	}
	if card.Capabilities.Streaming || card.Capabilities.PushNotifications || card.Capabilities.ExtendedAgentCard {
		t.Errorf("capabilities %+v; want none", card.Capabilities)
	}
	if !slices.Equal(card.DefaultInputModes, []string{"text/plain", "application/json"}) ||
		!slices.Equal(card.DefaultOutputModes, []string{"text/markdown", "text/plain", "application/json"}) {
		t.Errorf("modes in %q, out %q", card.DefaultInputModes, card.DefaultOutputModes)
	}
	var ids []string
	bounds := map[string]library.Bounds{"find-icons": library.AgentIcons, "search-guides": library.Guides}
	for _, sk := range card.Skills {
		ids = append(ids, sk.ID)
		if sk.Name == "" || sk.Description == "" || len(sk.Tags) == 0 || len(sk.Examples) < 2 {
			t.Errorf("skill %s lacks a name, description, tags or examples: %+v", sk.ID, sk)
		}
		if b, ok := bounds[sk.ID]; ok {
			if want := fmt.Sprintf(`"limit":1–%d (default %d)`, b.LimitMax, b.LimitDefault); !strings.Contains(sk.Description, want) {
				t.Errorf("skill %s states another limit than the library's %s: %s", sk.ID, want, sk.Description)
			}
		}
	}
	if want := []string{"find-icons", "icon-details", "search-guides"}; !slices.Equal(ids, want) {
		t.Errorf("skills %q, want %q", ids, want)
	}
	bearer, ok := card.SecuritySchemes["bearer"].(a2a.HTTPAuthSecurityScheme)
	if !ok || bearer.Scheme != "Bearer" || !strings.Contains(bearer.Description, s.URL+"/agent/identity") ||
		!strings.Contains(bearer.Description, s.URL+"/oauth2/token") || !strings.HasPrefix(bearer.Description, "Optional") {
		t.Errorf("bearer scheme %+v", card.SecuritySchemes["bearer"])
	}
	if !strings.Contains(bearer.Description, s.URL+"/.well-known/oauth-authorization-server") {
		t.Errorf("the bearer scheme does not point to the token endpoint's metadata: %s", bearer.Description)
	}
	// Issue 55: the card advertised an OAuth2 client-credentials flow the token endpoint refuses (its one
	// grant is JWT-bearer, which A2A's OAuth2 flows cannot describe); it advertises only what is accepted.
	if len(card.SecuritySchemes) != 1 {
		t.Errorf("security schemes %v; want only the bearer scheme", card.SecuritySchemes)
	}
	if len(card.SecurityRequirements) != 1 || len(card.SecurityRequirements[0]) != 0 {
		t.Errorf("security requirements %v; want only the empty one (no credential needed)", card.SecurityRequirements)
	}
}

// TestCardForProtoJSON: a parser built from the A2A 1.0 specification's own proto types (a2a.proto, as
// generated into a2a-go's a2apb) reads the card, ignoring only the 0.3 fields beside the 1.0 ones.
func TestCardForProtoJSON(t *testing.T) {
	s := newAgent(t)
	_, body := getCard(t, s, http.MethodGet, nil)
	var card a2apb.AgentCard
	if err := (protojson.UnmarshalOptions{DiscardUnknown: true}).Unmarshal(body, &card); err != nil {
		t.Fatalf("ProtoJSON parser: %v", err)
	}
	if len(card.GetSkills()) != 3 || len(card.GetSupportedInterfaces()) != 2 || card.GetVersion() != "1.2.3" ||
		card.GetSecuritySchemes()["bearer"].GetHttpAuthSecurityScheme().GetScheme() != "Bearer" || len(card.GetSecuritySchemes()) != 1 {
		t.Errorf("ProtoJSON read %d skills, %d interfaces, version %q, schemes %v", len(card.GetSkills()),
			len(card.GetSupportedInterfaces()), card.GetVersion(), card.GetSecuritySchemes())
	}
	if reqs := card.GetSecurityRequirements(); len(reqs) != 1 || len(reqs[0].GetSchemes()) != 0 {
		t.Errorf("security requirements %v; want only the empty one", reqs)
	}
}

func TestCardForA2A03(t *testing.T) {
	s := newAgent(t)
	_, body := getCard(t, s, http.MethodGet, nil)

	// The SDK's 0.3 parser, as its 0.3 client uses.
	card, err := a2av0.NewAgentCardParser()(body)
	if err != nil {
		t.Fatal(err)
	}
	if len(card.Skills) != 3 || len(card.SupportedInterfaces) != 2 || card.SecuritySchemes["bearer"] == nil {
		t.Errorf("0.3 parser read %d skills, %d interfaces, schemes %v", len(card.Skills), len(card.SupportedInterfaces), card.SecuritySchemes)
	}

	// The 0.3 types of a2a-go v0.3.
	var old legacy.AgentCard
	if err := json.Unmarshal(body, &old); err != nil {
		t.Fatal(err)
	}
	if old.URL != s.URL+"/a2a" || old.ProtocolVersion != "0.3" || old.PreferredTransport != legacy.TransportProtocolJSONRPC ||
		len(old.Skills) != 3 || old.Capabilities.Streaming || old.Version != "1.2.3" {
		t.Errorf("0.3 card: url %q, protocol %q, transport %q, %d skills, version %q",
			old.URL, old.ProtocolVersion, old.PreferredTransport, len(old.Skills), old.Version)
	}
	bearer, ok := old.SecuritySchemes["bearer"].(legacy.HTTPAuthSecurityScheme)
	if !ok || bearer.Scheme != "Bearer" || len(old.SecuritySchemes) != 1 {
		t.Errorf("0.3 security schemes %+v; want only the bearer scheme", old.SecuritySchemes)
	}
	if len(old.Security) != 2 || len(old.Security[0]) != 0 {
		t.Errorf("0.3 security %v; want the empty requirement first", old.Security)
	}
}

// TestCardIsStable: the card is the same every time, and names the base URL it was given.
func TestCardIsStable(t *testing.T) {
	f := built()
	lib := f.library(t, nil, nil)
	opts := iconagent.Options{Version: "1.2.3", BaseURL: contract.MustParseBaseURL("https://icons.example/"),
		Logger: slog.New(slog.DiscardHandler)}
	body, err := iconagent.Card(lib, opts)
	if err != nil {
		t.Fatal(err)
	}
	card, err := agentcard.DefaultCardParser(body)
	if err != nil {
		t.Fatal(err)
	}
	if card.Version != "1.2.3" || card.SupportedInterfaces[0].URL != "https://icons.example/a2a" {
		t.Errorf("version %q, URL %q; want 1.2.3 and the base URL's", card.Version, card.SupportedInterfaces[0].URL)
	}
	again, _ := iconagent.Card(lib, opts)
	if !bytes.Equal(body, again) {
		t.Error("the card differs between calls")
	}
}

// TestOptionsAreRequired: the agent takes its options as the edge resolved them and defaults none.
func TestOptionsAreRequired(t *testing.T) {
	lib := built().library(t, nil, nil)
	good := iconagent.Options{Version: "1.2.3", BaseURL: contract.MustParseBaseURL("https://icons.example"),
		Logger: slog.New(slog.DiscardHandler)}
	for name, opts := range map[string]iconagent.Options{
		"no version":  {BaseURL: good.BaseURL, Logger: good.Logger},
		"no base URL": {Version: good.Version, Logger: good.Logger},
		"no logger":   {Version: good.Version, BaseURL: good.BaseURL},
	} {
		if _, err := iconagent.New(lib, opts); err == nil {
			t.Errorf("New accepted options with %s", name)
		}
		if _, err := iconagent.CardHandler(lib, opts); err == nil {
			t.Errorf("CardHandler accepted options with %s", name)
		}
	}
	if _, err := iconagent.New(nil, good); err == nil {
		t.Error("New accepted no library")
	}
}

// TestTheCardIsWhereA2AClientsLook: the contract's agent card path is the well-known path a2a-go's
// clients resolve.
func TestTheCardIsWhereA2AClientsLook(t *testing.T) {
	if contract.AgentCardPath != a2asrv.WellKnownAgentCardPath {
		t.Errorf("the card is at %s; a2a-go clients look at %s", contract.AgentCardPath, a2asrv.WellKnownAgentCardPath)
	}
}
