package access

import (
	"encoding/json"
	"testing"
)

// FuzzParseRegistration: any body gets either acceptance, exactly when it is a JSON object whose "type" is
// "anonymous", or a 400 with one of the contract's codes. Seeds: testdata/fuzz/FuzzParseRegistration.
func FuzzParseRegistration(f *testing.F) {
	f.Add([]byte(`{"type":"anonymous"}`))
	f.Fuzz(func(t *testing.T, body []byte) {
		oerr := parseRegistration(body)
		var obj map[string]json.RawMessage
		var typ string
		isAnonymous := json.Unmarshal(body, &obj) == nil && obj["type"] != nil &&
			json.Unmarshal(obj["type"], &typ) == nil && typ == "anonymous"
		if (oerr == nil) != isAnonymous {
			t.Fatalf("body %q: error %v, anonymous %v", body, oerr, isAnonymous)
		}
		if oerr == nil {
			return
		}
		switch oerr.Code {
		case "invalid_request", "identity_assertion_not_enabled", "service_auth_not_enabled":
		default:
			t.Fatalf("body %q: code %q", body, oerr.Code)
		}
		if oerr.status != 400 || oerr.Description == "" {
			t.Fatalf("body %q: %+v", body, oerr)
		}
	})
}
