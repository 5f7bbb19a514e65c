package a2a

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"net/http"
	"time"

	"github.com/a2aproject/a2a-go/v2/a2a"
	"github.com/a2aproject/a2a-go/v2/a2acompat/a2av0"
	"github.com/a2aproject/a2a-go/v2/a2asrv"

	"github.com/iconlib/iconlib/edge/internal/apierror"
	"github.com/iconlib/iconlib/edge/library"
	"github.com/iconlib/iconlib/internal/contract"
)

// cardCacheControl lets clients reuse the card for five minutes, then revalidate it with its ETag.
const cardCacheControl = "public, max-age=300"

// Card returns the agent card as served at [contract.AgentCardPath]: A2A 1.0 fields (supportedInterfaces,
// securityRequirements, …) and A2A 0.3 fields (url, protocolVersion, preferredTransport, security, …) in
// one document, as the SDK's 0.3 compatibility producer writes it, with each security scheme in both
// forms, so that clients of either version read it.
func Card(lib *library.Library, opts Options) ([]byte, error) {
	if err := opts.check(lib); err != nil {
		return nil, err
	}
	card := newCard(lib.About().A2A.Description, opts)
	producer, ok := a2av0.NewStaticAgentCardProducer(card).(a2asrv.AgentCardJSONProducer)
	if !ok {
		return nil, errors.New("a2a: the SDK's compatible card producer writes no JSON")
	}
	compat, err := producer.CardJSON(context.Background())
	if err != nil {
		return nil, err
	}
	return withV1Security(compat, card.SecuritySchemes)
}

// v1SecurityRequirements is the card's A2A 1.0 securityRequirements: only the empty requirement, which
// says that no credential is needed. A scheme with its scopes has no form both parsers read: a2a-go
// v2.3.1 writes and reads the scopes as a bare array ({"bearer":[]}), ProtoJSON, as the specification's
// a2a.proto defines them, as a StringList object ({"bearer":{"list":[]}}). The schemes themselves, and the
// 0.3 security list, still tell a client how to get and send the optional token.
var v1SecurityRequirements = json.RawMessage(`[{"schemes":{}}]`)

// withV1Security adds the A2A 1.0 form of each security scheme ({"httpAuthSecurityScheme":{…}}) to the
// 0.3 form ({"type":"http",…}) the compatibility producer writes, which the SDK's own 1.0 card parser
// refuses (a2a-go v2.3.1); each parser reads its keys and ignores the other's. It sets the 1.0
// securityRequirements to [v1SecurityRequirements].
func withV1Security(compat []byte, schemes a2a.NamedSecuritySchemes) ([]byte, error) {
	var card map[string]json.RawMessage
	if err := json.Unmarshal(compat, &card); err != nil {
		return nil, err
	}
	var v0, v1 map[string]map[string]json.RawMessage
	if err := json.Unmarshal(card["securitySchemes"], &v0); err != nil {
		return nil, err
	}
	b, err := json.Marshal(schemes)
	if err != nil {
		return nil, err
	}
	if err := json.Unmarshal(b, &v1); err != nil {
		return nil, err
	}
	for name, fields := range v1 {
		maps.Copy(v0[name], fields)
	}
	if card["securitySchemes"], err = json.Marshal(v0); err != nil {
		return nil, err
	}
	card["securityRequirements"] = v1SecurityRequirements
	return json.MarshalIndent(card, "", "  ")
}

// CardHandler serves [Card] at [contract.AgentCardPath] for GET and HEAD, with Cache-Control and a strong ETag; a
// matching If-None-Match is answered with 304.
func CardHandler(lib *library.Library, opts Options) (http.Handler, error) {
	body, err := Card(lib, opts)
	if err != nil {
		return nil, err
	}
	sum := sha256.Sum256(body)
	etag := `"` + hex.EncodeToString(sum[:16]) + `"`
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodGet && r.Method != http.MethodHead {
			w.Header().Set("Allow", "GET, HEAD")
			apierror.Write(w, http.StatusMethodNotAllowed, apierror.MethodNotAllowed, "this endpoint accepts only GET, HEAD")
			return
		}
		h := w.Header()
		h.Set("Content-Type", "application/json")
		h.Set("Cache-Control", cardCacheControl)
		h.Set("ETag", etag)
		http.ServeContent(w, r, "", time.Time{}, bytes.NewReader(body))
	}), nil
}

// newCard describes the agent: one JSON-RPC endpoint speaking 1.0 and 0.3, no streaming and no push
// notifications, the three skills, and the optional bearer token of the anonymous agent credentials.
func newCard(description string, opts Options) *a2a.AgentCard {
	base := opts.BaseURL.String()
	endpoint := base + contract.A2APath
	text, data, markdown := "text/plain", "application/json", "text/markdown"
	return &a2a.AgentCard{
		Name:             "iconlib",
		Description:      description, // the build's, from templates/words.tmpl
		Version:          opts.Version,
		Provider:         &a2a.AgentProvider{Org: "iconlib", URL: base + "/"},
		DocumentationURL: base + contract.GuidePage("a2a"),
		SupportedInterfaces: []*a2a.AgentInterface{
			{URL: endpoint, ProtocolBinding: a2a.TransportProtocolJSONRPC, ProtocolVersion: a2a.Version},
			{URL: endpoint, ProtocolBinding: a2a.TransportProtocolJSONRPC, ProtocolVersion: a2av0.Version},
		},
		Capabilities:       capabilities,
		DefaultInputModes:  []string{text, data},
		DefaultOutputModes: []string{markdown, text, data},
		Skills:             skills(),
		SecuritySchemes:    securitySchemes(base),
		// Credentials are optional: the empty requirement lets every request through without one. (These
		// are the 0.3 security list; see v1SecurityRequirements for 1.0.)
		SecurityRequirements: a2a.SecurityRequirementsOptions{
			{},
			{bearerScheme: a2a.SecuritySchemeScopes{}},
		},
	}
}

// limitField is how a skill's description states its limit: the bounds of the library's table.
func limitField(b library.Bounds) string {
	return fmt.Sprintf(`"limit":1–%d (default %d)`, b.LimitMax, b.LimitDefault)
}

func skills() []a2a.AgentSkill {
	return []a2a.AgentSkill{
		{
			ID:   skillFindIcons,
			Name: "Find icons",
			Description: "Finds the icons that best convey a meaning, by name, by typo or in plain language. Send what " +
				`the icon should mean as text, or a data part {"skill":"find-icons","query":"…","category":"…",` +
				limitField(library.AgentIcons) + `}. Replies with the best matches: the Markdown part lists each one's ` +
				"name, page URL, id and Lottie file URL; the data part also gives its description, category, score, " +
				"SVG URL and styles.",
			Tags: []string{"icons", "search", "semantic search", "animated icons", "lottie"},
			Examples: []string{
				"an icon for signing out of my account",
				"notification bell",
				"something that shows an upload in progress",
				`{"skill":"find-icons","query":"notification","category":"system","limit":5}`,
			},
		},
		{
			ID:   skillIconDetails,
			Name: "Icon details",
			Description: "Gives one icon's files and how to use them: its styles, each with the Lottie file URL, sha256, " +
				"size and static SVG; its motions (draw and its signature motion, with the parts it moves); its states " +
				"(markers such as in, loop, hover and hover-draw, with frames, loop and motion); install commands and code for JavaScript, React, React Native, Flutter, " +
				`SwiftUI, UIKit, Jetpack Compose and Android views; and its licence (MIT) with the notices to ship. Send the icon id as text, or a data part {"skill":"icon-details","id":"…"}. An unknown id ` +
				"gets the closest matches.",
			Tags:     []string{"icons", "lottie", "install", "code", "sha256"},
			Examples: []string{"bell", `{"skill":"icon-details","id":"download"}`},
		},
		{
			ID:   skillSearchGuides,
			Name: "Search guides",
			Description: "Answers questions about using iconlib from its guides: the REST API, MCP and A2A, tokens and " +
				"rate limits, and playing icons on the web, in React, on iOS and on Android. Send a question as text, or " +
				`a data part {"skill":"search-guides","query":"…",` + limitField(library.Guides) + `}. Replies with the guide ` +
				"sections that answer it.",
			Tags: []string{"documentation", "guides", "help", "api", "rate limits"},
			Examples: []string{
				"How do I get a higher rate limit?",
				"How do I play the hover state in React?",
				`{"skill":"search-guides","query":"recolour an icon on iOS"}`,
			},
		},
	}
}

// bearerScheme names the card's one security scheme.
const bearerScheme a2a.SecuritySchemeName = "bearer"

// securitySchemes describe the optional access token: how to get one (anonymous registration, then the
// JWT-bearer grant at the token endpoint) and how to send it. There is no OAuth2 scheme: A2A's OAuth2
// flows (authorization code, client credentials, device code) have no JWT-bearer grant, and advertising
// one the token endpoint refuses sends clients into a flow that fails.
func securitySchemes(base string) a2a.NamedSecuritySchemes {
	how := fmt.Sprintf("Optional: requests without a token always work, at the anonymous rate limit; a token "+
		"raises it. Register with POST %s%s and the JSON body {\"type\":\"anonymous\"}, exchange the "+
		"identity_assertion at POST %s%s (grant_type=urn:ietf:params:oauth:grant-type:jwt-bearer, "+
		"assertion=…) for a one-hour access token, and send Authorization: Bearer <access_token>. The token "+
		"endpoint's OAuth metadata: %s%s.",
		base, contract.RegistrationPath, base, contract.TokenPath, base, contract.AuthorizationServerPath)
	return a2a.NamedSecuritySchemes{
		bearerScheme: a2a.HTTPAuthSecurityScheme{Scheme: "Bearer", BearerFormat: "JWT", Description: how},
	}
}
