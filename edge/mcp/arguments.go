package mcp

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
	"github.com/santhosh-tekuri/jsonschema/v6"
	"github.com/santhosh-tekuri/jsonschema/v6/kind"
	"golang.org/x/text/language"
	"golang.org/x/text/message"
)

// argumentCheck validates every tool call's arguments against the tool's published input schema before the
// handler runs, and says what is wrong in words a model can act on. (mcp-go's own check prints Go structs
// such as "&{Got:0/1 Want:1/1}".) A mismatch is a tool error, as SEP-1303 asks, so the model sees it.
type argumentCheck map[string]*jsonschema.Schema

// newArgumentCheck compiles the input schemas of the tools as registered (with additionalProperties false).
func newArgumentCheck(tools map[string]*server.ServerTool) (argumentCheck, error) {
	check := argumentCheck{}
	for name, t := range tools {
		b, err := json.Marshal(t.Tool.InputSchema)
		if err != nil {
			return nil, err
		}
		doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(b))
		if err != nil {
			return nil, err
		}
		c := jsonschema.NewCompiler()
		loc := "urn:iconlib:tool:" + name
		if err := c.AddResource(loc, doc); err != nil {
			return nil, err
		}
		if check[name], err = c.Compile(loc); err != nil {
			return nil, fmt.Errorf("mcp: input schema of %s: %w", name, err)
		}
	}
	return check, nil
}

// middleware runs the check around a tool handler. A value outside a bound the schema states (a length,
// a minimum, a maximum) reaches the handler, which holds it to the library's bounds (the same ones the
// schema states) and refuses it in the library's words, as every other surface does.
func (check argumentCheck) middleware(next server.ToolHandlerFunc) server.ToolHandlerFunc {
	return func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		args := req.Params.Arguments
		if args == nil {
			args = map[string]any{}
		}
		b, err := json.Marshal(args)
		if err == nil {
			var v any
			if v, err = jsonschema.UnmarshalJSON(bytes.NewReader(b)); err == nil {
				err = check[req.Params.Name].Validate(v)
			}
		}
		if problems := describe(err); len(problems) > 0 {
			return mcp.NewToolResultErrorf("Invalid arguments for %s (tools/list gives its input schema): %s.",
				req.Params.Name, strings.Join(problems, "; ")), nil
		}
		return next(ctx, req)
	}
}

// describe lists each problem of a validation error as "argument: problem", leaving out values outside a
// bound, which the handlers refuse themselves.
func describe(err error) []string {
	if err == nil {
		return nil
	}
	var verr *jsonschema.ValidationError
	if !errors.As(err, &verr) {
		return []string{err.Error()}
	}
	p := message.NewPrinter(language.English)
	var problems []string
	var walk func(*jsonschema.ValidationError)
	walk = func(e *jsonschema.ValidationError) {
		if len(e.Causes) == 0 && !isBound(e.ErrorKind) {
			at := strings.Join(e.InstanceLocation, "/")
			if at == "" {
				at = "arguments"
			}
			problems = append(problems, at+": "+e.ErrorKind.LocalizedString(p))
		}
		for _, c := range e.Causes {
			walk(c)
		}
	}
	walk(verr)
	return problems
}

// isBound tells whether a schema error is a value outside a bound.
func isBound(k jsonschema.ErrorKind) bool {
	switch k.(type) {
	case *kind.MinLength, *kind.MaxLength, *kind.Minimum, *kind.Maximum:
		return true
	}
	return false
}
