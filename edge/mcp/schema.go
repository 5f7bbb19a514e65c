package mcp

import (
	"encoding/json"
	"slices"

	"github.com/mark3labs/mcp-go/mcp"
)

// outputSchema declares T's JSON Schema as a tool's output schema, as mcp.WithOutputSchema does, with every
// slice declared an array: the generator writes ["null","array"] because a nil slice marshals as null, which
// maps badly to the single-type schema formats some clients translate tool schemas to. The results never
// hold a nil slice; the tests validate them against this schema.
func outputSchema[T any]() mcp.ToolOption {
	return func(t *mcp.Tool) {
		mcp.WithOutputSchema[T]()(t)
		b, err := json.Marshal(t.OutputSchema)
		if err != nil {
			return
		}
		var schema any
		if err := json.Unmarshal(b, &schema); err != nil {
			return
		}
		if b, err = json.Marshal(arraysNeverNull(schema)); err != nil {
			return
		}
		var out mcp.ToolOutputSchema
		if err := json.Unmarshal(b, &out); err == nil {
			t.OutputSchema = out
		}
	}
}

// arraysNeverNull replaces each "type":["null","array"] in a decoded schema with "type":"array".
func arraysNeverNull(v any) any {
	switch x := v.(type) {
	case map[string]any:
		for k, e := range x {
			if types, ok := e.([]any); ok && k == "type" && len(types) == 2 && slices.Contains(types, "null") && slices.Contains(types, "array") {
				x[k] = "array"
				continue
			}
			x[k] = arraysNeverNull(e)
		}
	case []any:
		for i := range x {
			x[i] = arraysNeverNull(x[i])
		}
	}
	return v
}
