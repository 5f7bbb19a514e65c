package contract

// RESTBounds are the bounds of the REST API's query parameters: the edge enforces them and openapi.json
// states them.
type RESTBounds struct {
	QueryMaxRunes       int // q: characters
	QueryStringMaxBytes int // the whole raw query string: room for q at its bound in any script, percent-encoded (12 bytes a character), and the rest
	LimitDefault        int
	LimitMax            int // limit runs from 1
	OffsetMax           int // offset runs from 0
}

// REST are the REST API's bounds.
var REST = RESTBounds{QueryMaxRunes: 200, QueryStringMaxBytes: 4096, LimitDefault: 20, LimitMax: 100, OffsetMax: 1_000_000}
