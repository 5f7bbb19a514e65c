package replay

// Head is how a JSON-RPC 2.0 result for the call with id starts, as both protocol libraries write it: the
// version, the id, and the result's key. An answer cut at it is a result, never an error.
func Head(id []byte) []byte {
	return append(append([]byte(`{"jsonrpc":"2.0","id":`), id...), `,"result":`...)
}

// PlainID reports whether a request's id (its JSON) is one every JSON-RPC library writes back byte for
// byte, so a replayed answer can carry it as the call sent it: a string of printable ASCII that needs no
// escaping (no quote, backslash or <, >, & that encoding/json escapes), or an integer of at most 15 digits
// (exact as a float64, which some libraries decode ids into). Other ids are answered by the library.
func PlainID(id []byte) bool {
	switch {
	case len(id) >= 2 && id[0] == '"' && id[len(id)-1] == '"':
		for _, c := range id[1 : len(id)-1] {
			if c < 0x20 || c > 0x7e || c == '"' || c == '\\' || c == '<' || c == '>' || c == '&' {
				return false
			}
		}
		return true
	case len(id) > 0:
		digits := id
		if digits[0] == '-' {
			digits = digits[1:]
		}
		if len(digits) == 0 || len(digits) > 15 || digits[0] == '0' && len(digits) > 1 {
			return false
		}
		for _, c := range digits {
			if c < '0' || c > '9' {
				return false
			}
		}
		return true
	}
	return false
}
